import type { ReportItemType } from '@btcp/shared/reports';
import { reportMessages } from '@btcp/shared/reports';
import { Flag } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { useSession } from '#web/lib/session.ts';

const ReportDialog = lazy(() =>
  import('./report-dialog.tsx').then((module) => ({ default: module.ReportDialog })),
);

interface ReportButtonProps {
  itemType: ReportItemType;
  itemId: string;
  /** The reader wrote it: nobody reports their own words. */
  isMine: boolean;
}

/**
 * "Report" for signed-in members who may act (not banned) on someone else's post or comment;
 * nothing for visitors. The dialog is loaded the first time it opens.
 */
export function ReportButton({ itemType, itemId, isMine }: ReportButtonProps) {
  const user = useSession().data?.user;
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (!user || user.isBanned || isMine) return null;
  const name = itemType === 'post' ? reportMessages.reportPost : reportMessages.reportComment;
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="sm"
        className="text-muted-foreground"
        aria-label={name}
        aria-haspopup="dialog"
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <Flag aria-hidden="true" className="size-4" />
        {reportMessages.report}
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <ReportDialog
            itemType={itemType}
            itemId={itemId}
            open={open}
            onOpenChange={setOpen}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              button.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
