import { z } from 'zod';
import { limits } from './limits';

export { limits };

export const pageSizes = [10, 20, 50, 100] as const;

const validationFailureSchema = z.object({
  propertyName: z.string(),
  errorMessage: z.string(),
});
export type ValidationFailure = z.infer<typeof validationFailureSchema>;

export const validationErrorBodySchema = z.object({
  result: z.null(),
  validationFailures: z.array(validationFailureSchema),
});

export const errorBodySchema = z.object({ result: z.null(), message: z.string() });

/** Largest value of an `integer` column (ids, versions). */
const maxInteger = 2_147_483_647;

/**
 * The version of a record as the client read it: an update's `version` (JSON or multipart) or a
 * delete's `?version=`. A stale one is refused with 409; absent (another client of the spec's
 * contract), the write is made as before, unconditionally.
 */
export const versionInput = z.coerce
  .number({ error: 'Version must be a number' })
  .int('Version must be a whole number')
  .positive('Version must be positive')
  .max(maxInteger, `Version must be at most ${maxInteger}`)
  .optional();

/** Every record carries its version; each write raises it. */
export const versionOutput = z.number().int().positive();

/**
 * The 409 of a write against a version that is no longer current: the spec's error shape with
 * who changed the record and when, and the record as it now is, so the form can show both.
 */
export const conflictBodySchema = <T extends z.ZodType>(row: T) =>
  z.object({
    result: z.object({ current: row }),
    validationFailures: z.array(validationFailureSchema),
  });

/** Every response body of the API is `{ result: ... }` (spec section 7). */
export const resultOf = <T extends z.ZodType>(schema: T) => z.object({ result: schema });

const isMissing = (input: unknown) => input === undefined || input === null;

/** A required string with the spec's messages; trims surrounding blanks before checking. */
export const requiredText = (label: string, max?: number) => {
  const base = z
    .string({ error: (issue) => (isMissing(issue.input) ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, `${label} is required`);
  return max === undefined ? base : base.max(max, `${label} must be at most ${max} characters`);
};

export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

export const emailField = (label = 'Email') =>
  requiredText(label, limits.email).pipe(z.email(`${label} is not a valid email address`));

/** Ids are PostgreSQL `integer` (serial) columns: a larger one names no row and is a 400, not a 500. */
export const idParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Id must be a number' })
    .int('Id must be a whole number')
    .positive('Id must be positive')
    .max(2_147_483_647, 'Id must be at most 2147483647'),
});

/** Table query of the spec (section 3): skip, take, allSearch and a refresh flag, plus a sort. */
export const tableQuerySchema = z.object({
  skip: z.coerce
    .number({ error: 'Skip must be a number' })
    .int('Skip must be a whole number')
    .min(0, 'Skip must not be negative')
    .max(1_000_000, 'Skip must be at most 1000000')
    .default(0),
  take: z.coerce
    .number({ error: 'Take must be a number' })
    .int('Take must be a whole number')
    .min(1, 'Take must be at least 1')
    .max(limits.maxTake, `Take must be at most ${limits.maxTake}`)
    .default(10),
  allSearch: z
    .string({ error: 'Search must be text' })
    .max(limits.searchText, `Search must be at most ${limits.searchText} characters`)
    .nullish()
    .transform((value) => value?.trim() || ''),
  refresh: z.boolean().optional(),
  sortField: z.string().max(64).nullish(),
  sortOrder: z.enum(['ASC', 'DESC']).nullish(),
});

export const optionSchema = z.object({ value: z.union([z.number(), z.string()]), label: z.string() });
export type Option = z.infer<typeof optionSchema>;
