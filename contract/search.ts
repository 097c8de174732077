import { z } from 'zod';
import { limits, resultOf } from './common';
import { quickSearchLimits } from './limits';

export { quickSearchLimits };

/**
 * The top bar's quick search (Ctrl+K): one call that asks every resource the user may list,
 * within the same access rules and organization scope as its list, bounded in rows and time.
 */
export const quickSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Search is required' })
    .trim()
    .min(quickSearchLimits.minLength, `Search must be at least ${quickSearchLimits.minLength} characters`)
    .max(limits.searchText, `Search must be at most ${limits.searchText} characters`),
});

const quickSearchItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The organization the row belongs to, when its page is asked per organization. */
  organizationId: z.number().int().nullable(),
});

const quickSearchGroupSchema = z.object({
  /** The resource's name: its pages are under `/admin/{resource}`. */
  resource: z.string(),
  label: z.string(),
  items: z.array(quickSearchItemSchema),
});

export const quickSearchResponseSchema = resultOf(
  z.object({
    groups: z.array(quickSearchGroupSchema),
    /** Names of the resources that did not answer in time; their rows are missing. */
    timedOut: z.array(z.string()),
  }),
);
export type QuickSearchResult = z.infer<typeof quickSearchResponseSchema>['result'];
