import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { Button } from './ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card.tsx';
import { DestructiveButton } from './ui/destructive-button.tsx';

interface FormCardProps {
  title: string;
  description: ReactNode;
  /** For what cannot be undone: a red border and title, with a warning sign. */
  danger?: boolean;
  className?: string;
  contentClassName?: string;
  children: ReactNode;
}

/** A card of the account or settings pages: its title and what it is for, then its form. */
export function FormCard({
  title,
  description,
  danger = false,
  className,
  contentClassName,
  children,
}: FormCardProps) {
  return (
    <Card className={cn(danger && 'border-destructive/60', className)}>
      <CardHeader>
        {danger ? (
          <CardTitle className="flex items-center gap-2 text-destructive">
            <TriangleAlert aria-hidden="true" className="size-5" />
            {title}
          </CardTitle>
        ) : (
          <CardTitle>{title}</CardTitle>
        )}
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}

interface SubmitButtonProps {
  busy: boolean;
  /** What the button says while the form is being sent, e.g. 'Saving...'. */
  busyLabel: string;
  children: ReactNode;
  /** Red, for a form that takes something away. */
  destructive?: boolean;
}

/** A form card's submit button, at the start of the line, which says so while the form is sent. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  destructive = false,
}: SubmitButtonProps) {
  const Submit = destructive ? DestructiveButton : Button;
  return (
    <Submit type="submit" className="justify-self-start" disabled={busy} aria-busy={busy}>
      {busy ? busyLabel : children}
    </Submit>
  );
}
