import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { ComponentProps, FormEventHandler, ReactNode } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormRegisterReturn,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { FormCard, SubmitButton } from '#web/components/form-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { SkeletonStack } from '#web/components/ui/skeleton.tsx';
import { useErrorToast } from '#web/hooks/use-error-toast.ts';
import { applyFieldErrors, requestErrorMessage } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';

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
    <FormCard title={title} description={description}>
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
    </FormCard>
  );
}

/**
 * A settings card's form element: its fields, then Save, which says so while the change is being
 * saved. The schema checks the values, not the browser.
 */
export function SettingsForm({
  form,
  className,
  children,
}: {
  form: { onSubmit: FormEventHandler<HTMLFormElement>; saving: boolean };
  className: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={form.onSubmit} noValidate className={className}>
      {children}
      <SubmitButton busy={form.saving} busyLabel="Saving...">
        Save
      </SubmitButton>
    </form>
  );
}

interface NumberFieldProps
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

/** One of a settings form's fields, bound to it by name: its value and its error. */
export interface BoundFieldProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
  hint: string;
}

/** The message of the field's error, if it has one. */
export const fieldError = <T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>) =>
  form.getFieldState(name, form.formState).error?.message;

/** A whole number in `range` (both ends allowed), with the numeric keyboard, read as a number. */
export function WholeNumberField<T extends FieldValues>({
  form,
  name,
  range: [min, max],
  ...text
}: BoundFieldProps<T> & { range: readonly [number, number] }) {
  return (
    <NumberField
      {...text}
      error={fieldError(form, name)}
      registration={form.register(name, { valueAsNumber: true })}
      inputMode="numeric"
      min={min}
      max={max}
      step="1"
    />
  );
}

/** An amount of coin, to the eighth decimal place, kept as the decimal string typed (D10). */
export function CoinField<T extends FieldValues>({ form, name, ...text }: BoundFieldProps<T>) {
  return (
    <NumberField
      {...text}
      error={fieldError(form, name)}
      registration={form.register(name)}
      inputMode="decimal"
      min="0"
      step="0.00000001"
    />
  );
}

interface SettingsFormOptions<T extends FieldValues> {
  /** The stored settings, which the form starts from. */
  settings: T;
  resolver: Resolver<T>;
  /** Saves the settings; answers with what the server stored. */
  update: UseMutationResult<T, Error, T>;
  /** The form's fields in order, which the server's field errors are shown on. */
  fieldNames: readonly Path<T>[];
  savedMessage: string;
  /** The failure toast's words under its title; the server's by default. */
  failureDescription?: (error: Error) => string;
}

/**
 * A settings card's form: it starts from the stored settings and, on submit, saves them, starts
 * again from what was stored, or shows the server's field errors, with a toast either way.
 */
export function useSettingsForm<T extends FieldValues>({
  settings,
  resolver,
  update,
  fieldNames,
  savedMessage,
  failureDescription = requestErrorMessage,
}: SettingsFormOptions<T>) {
  const form = useForm<T>({ resolver, defaultValues: settings as DefaultValues<T> });
  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        toast.success(savedMessage);
        form.reset(saved);
      },
      onError: (error) => {
        applyFieldErrors(error, form.setError, fieldNames);
        toast.error('Failed to update settings', { description: failureDescription(error) });
      },
    }),
  );
  return { ...form, onSubmit, saving: update.isPending };
}
