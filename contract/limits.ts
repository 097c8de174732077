/**
 * Limits of the spec, section 9: used by the app's forms and enforced by the server. Apart
 * from the schemas (re-exported by `common.ts`), so a page that needs only a number does not
 * load zod.
 */
export const limits = {
  email: 256,
  password: 100,
  settingKey: 100,
  promoText: 100,
  logoBytes: 20 * 1024 * 1024,
  searchText: 200,
  maxTake: 100,
} as const;

/** Names are free text; 100 characters is generous for any one part of a person's name. */
export const nameLimit = 100;
export const contactInformationLimit = 1000;

/** The spec's limit: at most six dashboard cards. */
export const maxDashboardCards = 6;

/** The top bar's quick search: rows per resource, the shortest term, each resource's time. */
export const quickSearchLimits = { perResource: 5, minLength: 2, deadlineMs: 2_000 } as const;
