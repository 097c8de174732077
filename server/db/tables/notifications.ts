/** Notifications and each user's choice of how they arrive (`server/modules/notifications`). */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { type NotificationParams, notificationCategories } from '../../../contract/notification-messages';
import type { NotificationSettings } from '../../../contract/notifications';
import { createdAt } from './base';
import { users } from './accounts';

/**
 * One notification for one user. Which channels it takes is decided when it is made, from the
 * user's settings then: `in_app` ones are the bell's, `email` ones are sent at once (`emailed_at`),
 * `digest` ones go in the next daily digest if still unread (`digested_at`, so only once).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: notificationCategories }).notNull(),
    messageKey: text('message_key').notNull(),
    params: jsonb('params').$type<NotificationParams>().notNull(),
    link: text('link'),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
    digest: boolean('digest').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    digestedAt: timestamp('digested_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    // The bell's count, asked on every page.
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`read_at is null and in_app`),
  ],
);

/**
 * A user's channels per category and digest time; no row means the defaults. `next_digest_at`
 * is when their next digest is due, set while they have something waiting for one: the digest
 * job takes a user by moving it on in one conditional update, so one server sends it, once.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    channels: jsonb('channels').$type<NotificationSettings['channels']>().notNull(),
    digestTime: text('digest_time').notNull(),
    timeZone: text('time_zone').notNull(),
    nextDigestAt: timestamp('next_digest_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_settings_digest_idx').on(t.nextDigestAt)],
);
