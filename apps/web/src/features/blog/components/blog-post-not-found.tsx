import { blogMessages } from '@btcp/shared/blog';
import { paths } from '@btcp/shared/paths';
import { FileQuestion } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '#web/components/ui/button.tsx';

/** A missing or unpublished post (the server answers both with 404, so drafts stay unseen). */
export function BlogPostNotFound() {
  return (
    <div className="flex flex-col items-center py-16 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-muted">
        <FileQuestion aria-hidden="true" className="size-7 text-muted-foreground" />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight">{blogMessages.notFoundTitle}</h1>
      <p className="mt-3 max-w-md text-muted-foreground">{blogMessages.notFoundText}</p>
      <Link to={paths.blog.getHref()} className={buttonVariants({ className: 'mt-8' })}>
        {blogMessages.returnToBlog}
      </Link>
    </div>
  );
}
