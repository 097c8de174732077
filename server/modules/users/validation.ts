import type { z } from 'zod';
import { HttpError } from '../../errors';

/** Bodies that bypass the route schema (multipart) still answer with the spec's 400. */
export function parseOrFail<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const failures = parsed.error.issues.map((issue) => ({
    propertyName: issue.path.join('.'),
    errorMessage: issue.message,
  }));
  throw new HttpError(400, failures[0]?.errorMessage ?? 'Invalid request', failures);
}
