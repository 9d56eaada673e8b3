import { useState } from 'react';
import { type DefaultValues, type Path, type RegisterOptions, useForm } from 'react-hook-form';
import { answerOf, answerRules } from '../components/code-field.tsx';

interface AnswerValues {
  code: string;
  recoveryCode: string;
}

/**
 * A form that takes a second factor (with other fields, such as the password, in `defaultValues`):
 * which answer it asks for, a code from the app or a recovery code; the shown field registered with
 * its rule, for AnswerField; and what was typed there, as the server takes it.
 */
export function useAnswerForm<Values extends AnswerValues>(defaultValues: DefaultValues<Values>) {
  const [recovery, setRecovery] = useState(false);
  const form = useForm<Values>({ defaultValues });
  return {
    ...form,
    errors: form.formState.errors,
    isSubmitting: form.formState.isSubmitting,
    recovery,
    setRecovery,
    registerAnswer: (name: keyof AnswerValues) =>
      form.register(name as Path<Values>, answerRules[name] as RegisterOptions<Values>),
    answerOf: (values: AnswerValues) => answerOf(values, recovery),
  };
}
