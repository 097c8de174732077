import { z } from 'zod';

/** What a row in a trash view adds to the resource's row: when it was deleted and by whom. */
export const trashRowFields = {
  deletedAt: z.string(),
  /** Nobody when the user who deleted it has since been removed. */
  deletedByName: z.string().nullable(),
};
