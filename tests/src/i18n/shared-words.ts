/**
 * Words written the same in English and Spanish, so a Spanish text that uses one is not English
 * left behind: the catalogue test and the e2e walk in Español accept them.
 */
export const sharedWords = new Set([
  'error',
  'roles',
  'total',
  'no',
  'png',
  'svg',
  'jpeg',
  'gif',
  'webp',
  'mb',
  'cc',
  'guid',
  'id',
  'ctrl',
  'k',
  'n/d',
]);
