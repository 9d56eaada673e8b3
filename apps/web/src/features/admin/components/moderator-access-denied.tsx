import { adminMessages } from '@btcp/shared/admin';
import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { navItemsFor } from './admin-nav.tsx';

/** What a moderator sees on an admin-only page (D7): why not, and where they may go instead. */
export function ModeratorAccessDenied() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center py-16 text-center">
      <ShieldAlert aria-hidden="true" className="size-12 text-destructive" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight">{adminMessages.accessDenied}</h1>
      <p className="mt-2 text-muted-foreground">
        This page is for admins only. As a moderator you can manage the blog and the community.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {navItemsFor('moderator').map(({ label, to, icon: Icon }) => (
          <Link key={to} to={to} className={buttonVariants({ variant: 'outline' })}>
            <Icon aria-hidden="true" className="size-4" />
            {label}
          </Link>
        ))}
      </div>
    </div>
  );
}
