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
  'orders.closeOutReady':
    '{name} closed with {units} units and ${raised} raised: its close-out package is ready to download',
  'jobs.renderFailed': 'The pictures and print files of {title} could not be made: {error}',
  'jobs.invitationsSent': 'Your import’s {count} invitations were sent',
  'jobs.closeOutFailed': 'The close-out package of {name} could not be built: {error}',
  'jobs.invitationsFailed': 'Your import’s invitations stopped after {sent} of {count}: {error}',
} as const;

export type NotificationMessageKey = keyof typeof english;

const notificationMessages: Record<'en' | 'es', Record<NotificationMessageKey, string>> = {
  en: english,
  es: {
    'reviews.submitted': '{by} envió {title} a revisión',
    'reviews.approved': '{title} fue aprobado',
    'reviews.changesRequested': 'Se pidieron cambios en {title}: {comment}',
    'products.published': '{title} fue publicado',
    'orders.closeOutReady':
      '{name} cerró con {units} unidades y ${raised} recaudados: su paquete de cierre está listo para descargar',
    'jobs.renderFailed': 'No se pudieron crear las imágenes ni los archivos de impresión de {title}: {error}',
    'jobs.invitationsSent': 'Se enviaron las {count} invitaciones de su importación',
    'jobs.closeOutFailed': 'No se pudo preparar el paquete de cierre de {name}: {error}',
    'jobs.invitationsFailed':
      'Las invitaciones de su importación se detuvieron tras {sent} de {count}: {error}',
  },
};

const isNotificationMessageKey = (key: string): key is NotificationMessageKey => Object.hasOwn(english, key);

/** A notification's text in a language; an unknown key (from a newer server) shows as itself. */
export function notificationText(locale: 'en' | 'es', key: string, params: NotificationParams) {
  const text = isNotificationMessageKey(key) ? notificationMessages[locale][key] : key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** The page an e-mail's unsubscribe link opens (served by the API, without the app). */
export const unsubscribePageTexts = {
  en: {
    title: 'Unsubscribe',
    digest: 'Stop the daily digest of unread notifications?',
    category: {
      reviews: 'Stop e-mails about reviews of designs?',
      products: 'Stop e-mails about products?',
      orders: 'Stop e-mails about orders?',
      jobs: 'Stop e-mails about background jobs and imports?',
    },
    confirm: 'Unsubscribe',
    done: 'Done: you will not get these e-mails any more. You can turn them on again in your account’s notification settings.',
  },
  es: {
    title: 'Darse de baja',
    digest: '¿Dejar de recibir el resumen diario de notificaciones sin leer?',
    category: {
      reviews: '¿Dejar de recibir correos sobre revisiones de diseños?',
      products: '¿Dejar de recibir correos sobre productos?',
      orders: '¿Dejar de recibir correos sobre pedidos?',
      jobs: '¿Dejar de recibir correos sobre tareas e importaciones?',
    },
    confirm: 'Darse de baja',
    done: 'Listo: ya no recibirá estos correos. Puede volver a activarlos en la configuración de notificaciones de su cuenta.',
  },
} satisfies Record<'en' | 'es', { category: Record<NotificationCategory, string> } & Record<string, unknown>>;
