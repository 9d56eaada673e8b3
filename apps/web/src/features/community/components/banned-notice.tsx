import { Ban } from 'lucide-react';
import { Alert } from '#web/components/ui/alert.tsx';
import { BANNED_NOTICE } from '../hooks/use-banned.ts';

export const BANNED_NOTICE_ID = 'community-banned-notice';

/** Said before a banned member tries anything, beside the controls it disables. */
export function BannedNotice() {
  return (
    <Alert id={BANNED_NOTICE_ID} role="note" className="flex items-start gap-2">
      <Ban aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
      <p>{BANNED_NOTICE}</p>
    </Alert>
  );
}
