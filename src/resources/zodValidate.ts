import type { z } from 'zod';
import { localizeMessage } from '../i18n/locale';

/**
 * A react-admin form `validate` function from a contract schema, so the form shows the
 * same messages the server would answer with, next to the fields they name, in the user's language.
 */
export const zodValidate =
  (schema: z.ZodType) =>
  (values: Record<string, unknown>): Record<string, string> => {
    const parsed = schema.safeParse(values);
    if (parsed.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path.join('.');
      errors[field] ??= localizeMessage(issue.message);
    }
    return errors;
  };
