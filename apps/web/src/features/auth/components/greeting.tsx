import { useSession } from '#web/lib/session.ts';
import { isFirstSignIn } from '../lib/first-sign-in.ts';

/** The dashboard's line under its title: "Welcome" after a first sign-in, "Welcome back" after. */
export function Greeting() {
  const user = useSession().data?.user;
  return (
    <p className="mt-1 text-muted-foreground">
      {isFirstSignIn(user?.id) ? 'Welcome' : 'Welcome back'},{' '}
      <span className="font-medium text-foreground">{user?.email}</span>
    </p>
  );
}
