import type { ZodError } from 'zod';
import { localizeMessage } from '../i18n/locale';

export interface FormErrors {
  /** Messages next to the fields they name. */
  fields: Record<string, string>;
  /** A message for the whole form (failures without a property name, 429, expired links). */
  message: string | null;
}

export const noErrors: FormErrors = { fields: {}, message: null };

type Failures = { propertyName: string; errorMessage: string }[];

/**
 * The spec's 400 body (and other failures) as field and form messages; from `http`'s errors
 * (`body`) and from uploads' (`failures`).
 */
export function formErrorsOf(error: unknown, fallback: string): FormErrors {
  const failed = error as { body?: { validationFailures?: Failures }; failures?: Failures } | undefined;
  const failures = failed?.body?.validationFailures ?? failed?.failures ?? [];
  const fields: Record<string, string> = {};
  let message: string | null = null;
  for (const failure of failures) {
    if (failure.propertyName) fields[failure.propertyName] ??= failure.errorMessage;
    else message ??= failure.errorMessage;
  }
  if (failures.length === 0) message = error instanceof Error && error.message ? error.message : fallback;
  return { fields, message };
}

/** A zod failure of the shared contract, shown before the request is sent, in the user's language. */
export function formErrorsOfZod(error: ZodError): FormErrors {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.')] ??= localizeMessage(issue.message);
  return { fields, message: null };
}

export const formText = (form: FormData, name: string) => String(form.get(name) ?? '');
