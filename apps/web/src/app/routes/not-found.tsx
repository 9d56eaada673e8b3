import { NOT_FOUND_TITLE, paths } from '@btcp/shared/paths';
import { Home } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

export function Component() {
  useDocumentTitle(NOT_FOUND_TITLE);
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-20 text-center">
      <p className="text-7xl font-extrabold tracking-tight text-primary sm:text-8xl">404</p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">Page Not Found</h1>
      <p className="mt-4 text-lg text-muted-foreground">
        The page you are looking for does not exist or has been moved.
      </p>
      <Link to={paths.home.getHref()} className={buttonVariants({ size: 'lg', className: 'mt-8' })}>
        <Home aria-hidden="true" className="size-5" />
        Return to Home
      </Link>
    </div>
  );
}
