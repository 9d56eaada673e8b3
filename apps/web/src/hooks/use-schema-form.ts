import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form checked in the browser by the schema the server checks its body with (packages/shared), so
 * both refuse the same input in the same words. `errors` and `isSubmitting` are the form state's,
 * at hand. `schemaOptions` gives words to an issue the schema leaves to zod's defaults.
 */
export function useSchemaForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
  schemaOptions?: Parameters<typeof zodResolver>[1],
) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema, schemaOptions),
    defaultValues,
  });
  return {
    ...form,
    errors: form.formState.errors,
    isSubmitting: form.formState.isSubmitting,
  };
}
