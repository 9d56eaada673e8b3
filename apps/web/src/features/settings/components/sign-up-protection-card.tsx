import {
  type SignUpProtection,
  SignUpProtectionSchema,
  signUpMessages,
} from '@btcp/shared/sign-up';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '#web/components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useErrorToast } from '#web/hooks/use-error-toast.ts';
import { applyFieldErrors, requestErrorMessage } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useSignUpProtection, useUpdateSignUpProtection } from '../api/sign-up-protection.ts';

const fieldNames = ['proofOfWorkAttempts', 'registrationsPerNetworkPerDay'] as const;

function SignUpProtectionForm({ settings }: { settings: SignUpProtection }) {
  const update = useUpdateSignUpProtection();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<SignUpProtection>({
    resolver: zodResolver(SignUpProtectionSchema),
    defaultValues: settings,
  });
  const onSubmit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        toast.success(signUpMessages.settingsSaved);
        reset(saved);
      },
      onError: (error) => {
        applyFieldErrors(error, setError, fieldNames);
        toast.error('Failed to update settings', { description: requestErrorMessage(error) });
      },
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <FormField
        label="Proof of work (attempts at most)"
        hint="Work a browser does before registering or asking for a link. 2000 takes about a second on a phone; double it to double the cost."
        error={errors.proofOfWorkAttempts?.message}
      >
        {(control) => (
          <Input
            {...control}
            {...register('proofOfWorkAttempts', { valueAsNumber: true })}
            type="number"
            inputMode="numeric"
            min="1"
            max="1000000"
            step="1"
            autoComplete="off"
          />
        )}
      </FormField>
      <FormField
        label="Registrations per network per day"
        hint="Accounts one home or office network (IPv4 /24, IPv6 /64) may register in 24 hours."
        error={errors.registrationsPerNetworkPerDay?.message}
      >
        {(control) => (
          <Input
            {...control}
            {...register('registrationsPerNetworkPerDay', { valueAsNumber: true })}
            type="number"
            inputMode="numeric"
            min="1"
            max="10000"
            step="1"
            autoComplete="off"
          />
        )}
      </FormField>
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

/** Decision 031: what registering costs a browser, and how many accounts a network may make a day. */
export function SignUpProtectionCard() {
  const settings = useSignUpProtection();
  useErrorToast('Failed to load settings', settings.error, settings.errorUpdatedAt);
  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle>Sign-up protection</CardTitle>
        <CardDescription>
          Makes mass registration costly without asking anyone who they are.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.data ? (
          <SignUpProtectionForm settings={settings.data} />
        ) : settings.isError ? (
          <div className="grid justify-items-start gap-3">
            <p className="text-sm text-muted-foreground">Failed to load settings</p>
            <Button variant="outline" onClick={() => void settings.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <div role="status" aria-label="Loading sign-up protection" className="grid gap-4">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
