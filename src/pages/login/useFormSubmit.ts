import { type FormEvent, useState } from 'react';
import type { ZodType } from 'zod';
import { type FormErrors, formErrorsOf, formErrorsOfZod, noErrors } from '../../lib/formErrors';

/**
 * A form checked first by the shared contract schema (the same rules the server enforces),
 * then sent; the server's 400 lands on the fields it names.
 */
export function useFormSubmit<Body, Result>(options: {
  schema?: ZodType<unknown>;
  read: (form: FormData) => Body;
  send: (body: Body) => Promise<Result>;
  onDone: (result: Result, body: Body) => void;
  fallback?: string;
}) {
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = options.read(new FormData(event.currentTarget));
    if (options.schema) {
      const check = options.schema.safeParse(body);
      if (!check.success) {
        setErrors(formErrorsOfZod(check.error));
        return;
      }
    }
    setErrors(noErrors);
    setSubmitting(true);
    try {
      const result = await options.send(body);
      setSubmitting(false);
      options.onDone(result, body);
    } catch (caught) {
      setErrors(formErrorsOf(caught, options.fallback ?? 'Something went wrong. Please try again.'));
      setSubmitting(false);
    }
  }

  /** Props for a TextField: its error state and message. */
  const field = (name: string, helperText?: string) => ({
    name,
    error: Boolean(errors.fields[name]),
    helperText: errors.fields[name] ?? helperText,
  });

  return { onSubmit, errors, submitting, field };
}
