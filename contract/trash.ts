import { z } from 'zod';
import { resultOf } from './common';
import { maxIntegerId } from './definition';
import { limits } from './limits';

/** What a row in a trash view adds to the resource's row: when it was deleted and by whom. */
export const trashRowFields = {
  deletedAt: z.string(),
  /** Nobody when the user who deleted it has since been removed. */
  deletedByName: z.string().nullable(),
};

/** The body of a module's `restore-many` and `purge-many` (design logos, products). */
export const trashIdsSchema = z.object({
  ids: z
    .array(z.number().int().positive().max(maxIntegerId))
    .min(1, 'Ids are required')
    .max(limits.maxTake, `Ids must be at most ${limits.maxTake}`),
});
export const trashCountResponseSchema = resultOf(z.object({ count: z.number().int() }));
