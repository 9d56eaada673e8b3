import { communityMessages } from '@btcp/shared/community';
import { paths } from '@btcp/shared/paths';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '#web/components/ui/button.tsx';

/** D17: a post that does not exist, or was removed, looks the same to the public. */
export function PostNotFound() {
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center px-4 py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight">{communityMessages.notFoundTitle}</h1>
      <p className="mt-3 max-w-md text-muted-foreground">{communityMessages.notFoundText}</p>
      <Link to={paths.community.getHref()} className={buttonVariants({ className: 'mt-8' })}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {communityMessages.returnToCommunity}
      </Link>
    </div>
  );
}
