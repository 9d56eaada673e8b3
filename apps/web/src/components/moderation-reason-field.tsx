import { MODERATION_REASON_MAX, moderationLogMessages } from '@btcp/shared/moderation-log';
import { useId } from 'react';
import { Label } from './ui/label.tsx';
import { Textarea } from './ui/textarea.tsx';

interface ReasonFieldProps {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/**
 * The optional reason a staff member gives in an action's dialog: written to the moderation log,
 * and for a post or a comment told to its author. The browser stops it at the server's limit.
 */
export function ReasonField({ value, onChange, disabled }: ReasonFieldProps) {
  const id = useId();
  const hint = `${id}-hint`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{moderationLogMessages.reasonLabel}</Label>
      <Textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={MODERATION_REASON_MAX}
        disabled={disabled}
        aria-describedby={hint}
        placeholder={moderationLogMessages.reasonPlaceholder}
        className="min-h-20"
      />
      <p id={hint} className="text-xs text-muted-foreground tabular-nums">
        {value.length}/{MODERATION_REASON_MAX}
      </p>
    </div>
  );
}
