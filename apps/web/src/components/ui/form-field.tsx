import { Label as LabelPrimitive } from 'radix-ui';
import { type ReactNode, useId } from 'react';
import { cn } from '#web/lib/cn.ts';
import { Label } from './label.tsx';

/** What a form control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  label: ReactNode;
  /** The field's error; it is linked to the control so a screen reader reads it on focus. */
  error?: string;
  hint?: ReactNode;
  /** Control first, label beside it: checkboxes. */
  inline?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** A label, a control, an optional hint and the field's error, wired together for assistive tech. */
export function FormField({
  label,
  error,
  hint,
  inline = false,
  className,
  children,
}: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const control = children({
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  });
  const messages = (
    <>
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </>
  );

  if (inline) {
    return (
      <div className={cn('grid gap-1.5', className)}>
        <div className="flex items-start gap-3">
          {control}
          {/* The label's line is as tall as the box (20px), so one line sits level and more wrap evenly. */}
          <LabelPrimitive.Root htmlFor={id} className="text-sm leading-5">
            {label}
          </LabelPrimitive.Root>
        </div>
        {messages}
      </div>
    );
  }
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {control}
      {messages}
    </div>
  );
}
