import { paths } from '@btcp/shared/paths';
import { Link } from 'react-router';
import { cn } from '../lib/cn.ts';
import { useDashboardHref } from '../lib/session.ts';
import { buttonVariants } from './ui/button.tsx';

export function AuthActions({ stacked = false }: { stacked?: boolean }) {
  const dashboardHref = useDashboardHref();
  const width = stacked ? 'w-full' : undefined;
  if (dashboardHref) {
    return (
      <Link to={dashboardHref} className={buttonVariants({ className: width })}>
        Dashboard
      </Link>
    );
  }
  return (
    <div className={cn('flex gap-2', stacked && 'flex-col')}>
      <Link
        to={paths.login.getHref()}
        className={buttonVariants({ variant: 'outline', className: width })}
      >
        Login
      </Link>
      <Link to={paths.register.getHref()} className={buttonVariants({ className: width })}>
        Register
      </Link>
    </div>
  );
}
