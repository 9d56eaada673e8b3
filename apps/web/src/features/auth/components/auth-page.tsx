import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
} from '#web/components/ui/card.tsx';

export interface AuthPageProps {
  title: string;
  description?: ReactNode;
  /** Links below the card's content, e.g. to the other auth pages. */
  footer?: ReactNode;
  children: ReactNode;
}

/** The frame of the signed-out account pages: one centred card with the page's heading. */
export function AuthPage({ title, description, footer, children }: AuthPageProps) {
  return (
    <div className="bg-linear-to-b from-accent/40 via-background to-background px-4 py-10 sm:py-16">
      <Card className="mx-auto w-full max-w-md">
        <CardHeader className="text-center">
          {/* Not CardTitle: cn() does not resolve a second text size, and this one is the page's h1. */}
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
        {footer ? (
          <CardFooter className="flex-col gap-2 border-t border-border pt-6 text-center text-sm text-muted-foreground">
            {footer}
          </CardFooter>
        ) : null}
      </Card>
    </div>
  );
}

/** An inline link in the auth pages' text. */
export const textLinkClass =
  'font-medium text-primary underline-offset-4 hover:underline focus-visible:underline';

/** A question and the link that answers it, under an auth form: 'Already have an account? Sign in'. */
export function AuthPromptLink({
  prompt,
  to,
  children,
  className,
}: {
  prompt: ReactNode;
  to: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <p className={className}>
      {prompt}{' '}
      <Link to={to} className={textLinkClass}>
        {children}
      </Link>
    </p>
  );
}
