import { z } from 'zod';
import { resultOf } from './common';
import { type NotificationCategory, notificationCategories } from './notification-messages';

export { type NotificationCategory, notificationCategories, notificationText } from './notification-messages';

/**
 * How a category reaches a user: in the app (the bell), by e-mail at once, and in the daily
 * digest of what is still unread, at a time the user picks in their time zone.
 */
export const notificationChannels = ['inApp', 'email', 'digest'] as const;

const channelsSchema = z.object({ inApp: z.boolean(), email: z.boolean(), digest: z.boolean() });

export const notificationSettingsSchema = z.object({
  channels: z.object(
    Object.fromEntries(notificationCategories.map((category) => [category, channelsSchema])) as Record<
      NotificationCategory,
      typeof channelsSchema
    >,
  ),
  digestTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Choose a time of day (HH:MM)'),
  timeZone: z
    .string()
    .max(64)
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'Choose a time zone'),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/**
 * Everything in the app; what needs acting on soon (a design to review, a job that failed) by
 * e-mail at once too; what is only news (products, orders) in the morning digest. The time zone
 * is the one the user's browser reported, where it did; this one (the middle of the US) otherwise.
 */
export const defaultNotificationSettings: NotificationSettings = {
  channels: {
    reviews: { inApp: true, email: true, digest: false },
    products: { inApp: true, email: false, digest: true },
    orders: { inApp: true, email: false, digest: true },
    jobs: { inApp: true, email: true, digest: false },
  },
  digestTime: '07:00',
  timeZone: 'America/Chicago',
};

const notificationSchema = z.object({
  id: z.number().int(),
  category: z.enum(notificationCategories),
  messageKey: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** Where it leads in the app (a path), if anywhere. */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type NotificationItem = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  take: z.coerce.number().int().min(1).max(100).default(20),
  unread: z.enum(['true', 'false']).optional(),
});

export const notificationListResponseSchema = resultOf(
  z.object({ items: z.array(notificationSchema), total: z.number().int(), unread: z.number().int() }),
);
export const notificationCountResponseSchema = resultOf(z.object({ unread: z.number().int() }));
export const notificationIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const notificationSettingsResponseSchema = resultOf(notificationSettingsSchema);
export const notificationMarkedResponseSchema = resultOf(z.object({ marked: z.number().int() }));
export const unsubscribeQuerySchema = z.object({ token: z.string().max(200) });
