import { memberNameMessages } from '@btcp/shared/member-names';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import type { UsernameStep } from '../hooks/use-username-step.ts';

/**
 * The name a member chooses before their first post or comment, inside the composer itself: the
 * words they wrote stay where they are, and the composer's own button saves both.
 */
export function UsernameStepFields({ step }: { step: UsernameStep }) {
  if (!step.asked) return null;
  return (
    <fieldset className="grid gap-2 rounded-lg border border-primary/40 bg-accent/40 p-3">
      <legend className="px-1 text-sm font-semibold">{memberNameMessages.usernameRequired}</legend>
      <p className="text-sm text-muted-foreground">
        {memberNameMessages.usernameRequiredDescription}
      </p>
      <FormField
        label={memberNameMessages.usernameLabel}
        hint={memberNameMessages.usernameHint}
        error={step.error}
      >
        {(control) => (
          <Input
            {...control}
            // Shown because the member pressed the button: where they will type next.
            autoFocus
            value={step.username}
            onChange={(event) => step.setUsername(event.target.value)}
            autoComplete="off"
            maxLength={30}
            disabled={step.busy}
          />
        )}
      </FormField>
    </fieldset>
  );
}
