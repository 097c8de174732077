/*
 * What a notification says, by message key, in each language: a notification keeps its key and
 * parameters, so the bell shows it in the reader's language and an e-mail in the recipient's.
 * Apart from the schemas (`notifications.ts`): the catalogues import these without zod.
 */

export const notificationCategories = ['reviews', 'products', 'orders', 'jobs'] as const;
/** What a notification is about; imports count as jobs. Each has its own channels. */
export type NotificationCategory = (typeof notificationCategories)[number];

/** A message's parameters: `{name}` in its text. */
export type NotificationParams = Record<string, string | number>;

const english = {
  'reviews.submitted': '{title} was submitted for review by {by}',
  'reviews.approved': '{title} was approved',
  'reviews.changesRequested': 'Changes were requested on {title}: {comment}',
  'products.published': '{title} was published',
  'jobs.renderFailed': 'The pictures and print files of {title} could not be made: {error}',
  'jobs.invitationsSent': 'Your import’s {count} invitations were sent',
  'jobs.invitationsFailed': 'Your import’s invitations stopped after {sent} of {count}: {error}',
} as const;

export type NotificationMessageKey = keyof typeof english;

export const notificationMessages: Record<'en' | 'es', Record<NotificationMessageKey, string>> = {
  en: english,
  es: {
    'reviews.submitted': '{by} envió {title} a revisión',
    'reviews.approved': '{title} fue aprobado',
    'reviews.changesRequested': 'Se pidieron cambios en {title}: {comment}',
    'products.published': '{title} fue publicado',
    'jobs.renderFailed': 'No se pudieron crear las imágenes ni los archivos de impresión de {title}: {error}',
    'jobs.invitationsSent': 'Se enviaron las {count} invitaciones de su importación',
    'jobs.invitationsFailed': 'Las invitaciones de su importación se detuvieron tras {sent} de {count}: {error}',
  },
};

export const isNotificationMessageKey = (key: string): key is NotificationMessageKey =>
  Object.hasOwn(english, key);

/** A notification's text in a language; an unknown key (from a newer server) shows as itself. */
export function notificationText(locale: 'en' | 'es', key: string, params: NotificationParams) {
  const text = isNotificationMessageKey(key) ? notificationMessages[locale][key] : key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
