import { z } from 'zod';
import { resultOf, versionInput } from './common';
import { idSchema } from './resource';

/** One field of a change: its value before and after (null where it had none). */
const fieldChangeSchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export type FieldChange = z.infer<typeof fieldChangeSchema>;

/** One audited change of a record, newest first in `GET {path}/:id/history`. */
const historyEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  at: z.string(),
  /** Who made it; null for the system (the trash purge) or a user since removed. */
  byName: z.string().nullable(),
  changes: z.array(fieldChangeSchema),
  /** A workflow step: the transition's name and the comment it was taken with. */
  transition: z.string().optional(),
  comment: z.string().optional(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyResponseSchema = resultOf(z.array(historyEntrySchema));

/**
 * `POST {path}/:id/revert`: the change whose earlier values come back, all its fields or the
 * named ones, and the `version` of the record as the client read it, as an update takes it.
 * With `whole: true`, the record as it was right after that change instead: every later
 * change undone ("Restore this version").
 */
export const revertBodySchema = z.object({
  auditId: idSchema,
  fields: z.array(z.string().max(100)).max(100).optional(),
  whole: z.boolean().optional(),
  version: versionInput,
});
