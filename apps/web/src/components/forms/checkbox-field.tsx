import type { ReactNode } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { Checkbox } from '../ui/checkbox.tsx';
import { FormField } from '../ui/form-field.tsx';

interface CheckboxFieldProps<TValues extends FieldValues, TTransformed> {
  control: Control<TValues, unknown, TTransformed>;
  /** A boolean field: the box is ticked when its value is `true`. */
  name: Path<TValues>;
  label: ReactNode;
}

/**
 * A checkbox row of a react-hook-form form: box first, label beside it, and the field's error.
 * Radix's checkbox is a button, so it is a controlled field rather than a registered one.
 */
export function CheckboxField<TValues extends FieldValues, TTransformed>({
  control,
  name,
  label,
}: CheckboxFieldProps<TValues, TTransformed>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField inline label={label} error={fieldState.error?.message}>
          {(props) => (
            <Checkbox
              {...props}
              ref={field.ref}
              name={field.name}
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
            />
          )}
        </FormField>
      )}
    />
  );
}
