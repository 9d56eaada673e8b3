import { type TwoFactorEnrolment, twoFactorMessages } from '@btcp/shared/two-factor';
import { useForm } from 'react-hook-form';
import { Button } from '#web/components/ui/button.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { requestErrorMessage } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useConfirmEnrolment } from '../api/confirm-enrolment.ts';
import type { TwoFactorOwner } from '../api/owner.ts';
import { answerRules, CodeField, digitsOf } from './code-field.tsx';
import { CopyButton } from './copy-button.tsx';

/** The key in groups of four, as apps that take it typed show it. */
export const groupedKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** The QR code and the key as text: the server drew the SVG; as an image, it can run nothing. */
function KeyDisplay({ enrolment }: { enrolment: TwoFactorEnrolment }) {
  const qrCode = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrCodeSvg)}`;
  return (
    <>
      <ol className="grid list-decimal gap-1 pl-5 text-sm text-muted-foreground">
        <li>Open an authenticator app (Google Authenticator, 1Password, Aegis, …).</li>
        <li>Scan the QR code, or enter the key by hand.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-wrap items-start gap-5">
        <img
          src={qrCode}
          alt="QR code to add BTCP to your authenticator app"
          width={176}
          height={176}
          className="rounded-md border border-border bg-white p-1"
        />
        <div className="grid min-w-0 flex-1 gap-2">
          <p className="text-sm font-medium">Key (if you cannot scan)</p>
          <code
            data-testid="totp-key"
            className="rounded-md border border-border bg-muted/40 px-3 py-2 font-mono text-sm break-words"
          >
            {groupedKey(enrolment.secret)}
          </code>
          <div>
            <CopyButton text={enrolment.secret} label="Copy key" />
          </div>
        </div>
      </div>
    </>
  );
}

/**
 * Setting two-factor up: scan the QR code (or type the key), then confirm with a code from the app.
 */
export function EnrolPanel({
  owner,
  enrolment,
  onConfirmed,
  onCancel,
}: {
  owner: TwoFactorOwner;
  enrolment: TwoFactorEnrolment;
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel?: () => void;
}) {
  const confirm = useConfirmEnrolment(owner);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ defaultValues: { code: '' } });
  const onValid = async ({ code }: { code: string }) => {
    try {
      const { recoveryCodes } = await confirm.mutateAsync({ code: digitsOf(code) });
      toast.success(twoFactorMessages.enabled);
      onConfirmed(recoveryCodes);
    } catch (error) {
      const message = requestErrorMessage(error);
      if (error instanceof ApiRequestError && error.status === 400) {
        setError('code', { message: error.fields.code ?? message }, { shouldFocus: true });
      } else {
        toast.error('Error', { description: message });
      }
    }
  };
  return (
    <div className="grid gap-5">
      <KeyDisplay enrolment={enrolment} />
      <form noValidate onSubmit={handleSubmit(onValid)} className="grid gap-4">
        <CodeField registration={register('code', answerRules.code)} error={errors.code?.message} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting ? 'Confirming...' : 'Confirm and turn on'}
          </Button>
          {onCancel ? (
            <Button type="button" variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </div>
      </form>
    </div>
  );
}
