import { ErrorCode } from '@btcp/shared/error-codes';
import {
  REPORT_DETAILS_MAX,
  type ReportItemType,
  type ReportReason,
  reportMessages,
  reportReasonLabels,
  reportReasons,
} from '@btcp/shared/reports';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { DialogClose, TitledDialog } from '#web/components/ui/dialog.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { RadioGroup, RadioGroupItem } from '#web/components/ui/radio-group.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useReportItem } from '../api/report-item.ts';

/** What went wrong, in words for the dialog: the server's own where it gave some. */
function failureMessage(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return reportMessages.failed;
  if (error.status === 409) return reportMessages.alreadyReported;
  if (error.status >= 500 || error.code === ErrorCode.httpError) return reportMessages.failed;
  return error.message;
}

interface ReasonFieldsProps {
  reason: ReportReason | '';
  onReason: (reason: ReportReason) => void;
  details: string;
  onDetails: (details: string) => void;
  busy: boolean;
}

/** The rules and Other as a radio group; Other opens a box for the member's own words. */
function ReasonFields({ reason, onReason, details, onDetails, busy }: ReasonFieldsProps) {
  const id = useId();
  return (
    <>
      <RadioGroup
        aria-label={reportMessages.reasonLegend}
        value={reason}
        onValueChange={(value) => onReason(value as ReportReason)}
        disabled={busy}
      >
        {reportReasons.map((value) => (
          <div key={value} className="flex items-start gap-3">
            <RadioGroupItem id={`${id}-${value}`} value={value} />
            <Label htmlFor={`${id}-${value}`} className="leading-5 font-normal">
              {reportReasonLabels[value]}
            </Label>
          </div>
        ))}
      </RadioGroup>
      {reason === 'other' ? (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-details`}>{reportMessages.otherLabel}</Label>
          <Textarea
            id={`${id}-details`}
            value={details}
            onChange={(event) => onDetails(event.target.value)}
            maxLength={REPORT_DETAILS_MAX}
            rows={3}
            disabled={busy}
          />
        </div>
      ) : null}
    </>
  );
}

interface ReportDialogProps {
  itemType: ReportItemType;
  itemId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes as it closes: the button that opened it. */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * The report being written: the reason chosen, the words, the error shown; sending it, and
 * forgetting it all when the dialog closes. The dialog stays open while the report is sent.
 */
function useReportForm(
  { itemType, itemId }: Pick<ReportDialogProps, 'itemType' | 'itemId'>,
  onOpenChange: (open: boolean) => void,
) {
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useReportItem();

  const changeOpen = (next: boolean) => {
    if (report.isPending) return;
    onOpenChange(next);
    if (!next) {
      setReason('');
      setDetails('');
      setError(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setError(reportMessages.chooseReason);
    const words = details.trim();
    if (reason === 'other' && !words) return setError(reportMessages.detailsRequired);
    setError(null);
    report.mutate(
      { itemType, itemId, body: { reason, ...(words ? { details: words } : {}) } },
      {
        onSuccess: () => {
          toast.success(reportMessages.thanks);
          changeOpen(false);
        },
        onError: (failure) => setError(failureMessage(failure)),
      },
    );
  };
  return {
    reason,
    setReason,
    details,
    setDetails,
    error,
    busy: report.isPending,
    changeOpen,
    submit,
  };
}

/**
 * Report a post or a comment: one of the community rules, or Other with a few words. It stays open
 * with the error when the server refuses (already reported, too often), and thanks on success.
 */
export function ReportDialog({
  itemType,
  itemId,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: ReportDialogProps) {
  const form = useReportForm({ itemType, itemId }, onOpenChange);
  const title = itemType === 'post' ? reportMessages.reportPost : reportMessages.reportComment;

  return (
    <TitledDialog
      open={open}
      onOpenChange={form.changeOpen}
      title={title}
      description={reportMessages.reasonLegend}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <form className="grid gap-4" onSubmit={form.submit} noValidate>
        <ReasonFields
          reason={form.reason}
          onReason={form.setReason}
          details={form.details}
          onDetails={form.setDetails}
          busy={form.busy}
        />
        {form.error ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {form.error}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={form.busy}>
              {reportMessages.cancel}
            </Button>
          </DialogClose>
          <Button type="submit" disabled={form.busy}>
            {form.busy ? reportMessages.submitting : reportMessages.submit}
          </Button>
        </div>
      </form>
    </TitledDialog>
  );
}
