import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentProps, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
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
import { SkeletonStack } from '#web/components/ui/skeleton.tsx';
import { useErrorToast } from '#web/hooks/use-error-toast.ts';

/**
 * A card of the admin Settings page: its form once the stored settings have loaded, placeholders
 * named `loadingLabel` while they load (one per `fields`), and Try again if they could not be read.
 */
export function SettingsCard<T>({
  title,
  description,
  settings,
  loadingLabel,
  fields,
  children,
}: {
  title: string;
  description: string;
  settings: UseQueryResult<T>;
  loadingLabel: string;
  fields: number;
  children: (settings: T) => ReactNode;
}) {
  useErrorToast('Failed to load settings', settings.error, settings.errorUpdatedAt);
  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.data ? (
          children(settings.data)
        ) : settings.isError ? (
          <div className="grid justify-items-start gap-3">
            <p className="text-sm text-muted-foreground">Failed to load settings</p>
            <Button variant="outline" onClick={() => void settings.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <div role="status" aria-label={loadingLabel}>
            <SkeletonStack lines={Array(fields).fill('h-10')} className="grid gap-4" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** A settings form's submit button, which says so while the change is being saved. */
export function SaveButton({ saving }: { saving: boolean }) {
  return (
    <div>
      <Button type="submit" disabled={saving}>
        {saving ? 'Saving...' : 'Save'}
      </Button>
    </div>
  );
}

export interface NumberFieldProps
  extends Pick<ComponentProps<'input'>, 'inputMode' | 'min' | 'max' | 'step'> {
  label: string;
  hint: string;
  error?: string;
  registration: UseFormRegisterReturn;
}

/** A number input with its label, hint and error, in the range the server accepts. */
export function NumberField({ label, hint, error, registration, ...range }: NumberFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error}>
      {(control) => (
        <Input {...control} {...registration} type="number" {...range} autoComplete="off" />
      )}
    </FormField>
  );
}
