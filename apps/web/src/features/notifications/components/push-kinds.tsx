import { type PushPreferences, pushKindValues, pushMessages } from '@btcp/shared/push';
import { useId } from 'react';
import { Label } from '#web/components/ui/label.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { toast } from '#web/lib/toast.ts';
import { useUpdatePushPreferences } from '../api/push.ts';

/**
 * One switch per kind (decision 063: opt-in per kind), saved as soon as it is flipped; the page
 * shows the new choice at once and puts the old one back if the server refuses it.
 */
export function PushKinds({ preferences }: { preferences: PushPreferences }) {
  const update = useUpdatePushPreferences();
  const id = useId();
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-3 text-sm font-medium">{pushMessages.kindsLegend}</legend>
      {pushKindValues.map((kind) => (
        <div key={kind} className="flex items-center justify-between gap-4">
          <Label htmlFor={`${id}-${kind}`} className="leading-snug font-normal">
            {pushMessages.kinds[kind]}
          </Label>
          <Switch
            id={`${id}-${kind}`}
            checked={preferences[kind]}
            onCheckedChange={(on) =>
              update.mutate(
                { ...preferences, [kind]: on },
                { onError: () => toast.error(pushMessages.saveFailed) },
              )
            }
          />
        </div>
      ))}
    </fieldset>
  );
}
