import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type {
  NotificationCategory,
  NotificationMessageKey,
  NotificationParams,
} from '../../../contract/notification-messages';
import {
  defaultNotificationSettings,
  type NotificationItem,
  type NotificationSettings,
} from '../../../contract/notifications';
import type { Db } from '../../db/client';
import { notifications, notificationSettings, users } from '../../db/schema';
import { announceAll, systemActor } from '../../db/announce';
import { queueJob } from '../../jobs';

/** The job that e-mails notifications whose recipients chose e-mail at once (`email.ts`). */
export const notificationEmailJob = 'notifications.email';

export interface NotifyInput {
  userIds: readonly number[];
  category: NotificationCategory;
  /** A message key and its parameters, so each reader sees it in their own language. */
  text: { key: NotificationMessageKey; params?: NotificationParams };
  /** Where the notification leads in the app: a path such as `/admin/merchandise`. */
  link?: string | null;
}

const resource = 'notifications';

/** Tells each recipient's open streams (only theirs) that their notifications changed. */
const announceTo = (
  tx: Pick<Db, 'execute'>,
  changes: readonly { userId: number; id: number; action: 'created' | 'updated' }[],
) =>
  announceAll(
    tx,
    changes.map(({ userId, id, action }) => ({
      resource,
      id,
      action,
      version: null,
      by: systemActor('Spirit Portal'),
      organizationId: null,
      userId,
    })),
  );

/**
 * Each user's settings; for one who never chose, the defaults in the time zone their browser
 * reported at sign-in (`account/update-timezone`), else the defaults' own.
 */
export async function settingsOf(db: Db, userIds: readonly number[]) {
  const rows =
    userIds.length === 0
      ? []
      : await db
          .select({ userId: users.id, reportedZone: users.timeZone, chosen: notificationSettings })
          .from(users)
          .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
          .where(inArray(users.id, [...userIds]));
  // Users that do not exist (deleted since the caller read them) have none, and are not notified.
  return new Map(
    rows.map((row): [number, NotificationSettings] => [
      row.userId,
      row.chosen
        ? {
            channels: { ...defaultNotificationSettings.channels, ...row.chosen.channels },
            digestTime: row.chosen.digestTime,
            timeZone: row.chosen.timeZone,
          }
        : {
            ...defaultNotificationSettings,
            timeZone: row.reportedZone ?? defaultNotificationSettings.timeZone,
          },
    ]),
  );
}

/**
 * The next time a digest is due after `at`: the chosen time of day in the user's zone, today's if
 * still ahead, else tomorrow's. In SQL, where PostgreSQL knows the zones' rules.
 */
export const nextDigestAfter = (after: Date | ReturnType<typeof sql>) => {
  const at = after instanceof Date ? after.toISOString() : after;
  return sql`(((${at}::timestamptz at time zone ${notificationSettings.timeZone})::date
        + case when (${at}::timestamptz at time zone ${notificationSettings.timeZone})::time
                    >= ${notificationSettings.digestTime}::time then 1 else 0 end)
       + ${notificationSettings.digestTime}::time) at time zone ${notificationSettings.timeZone}`;
};

/**
 * Notifies users, in the caller's transaction (pass it as `db`): nothing is kept, shown or sent
 * if it rolls back. Each recipient gets it by the channels they chose for the category: the bell
 * (announced on their change stream only), an e-mail at once (a job queued here), the next
 * digest. Answers the ids made, one per recipient who takes it by any channel.
 */
export async function notify(db: Db, { userIds, category, text, link = null }: NotifyInput) {
  const recipients = [...new Set(userIds)];
  const settings = await settingsOf(db, recipients);
  const values = recipients.flatMap((userId) => {
    const chosen = settings.get(userId);
    if (!chosen) return [];
    const { inApp, email, digest } = chosen.channels[category];
    if (!inApp && !email && !digest) return [];
    return [
      { userId, category, messageKey: text.key, params: text.params ?? {}, link, inApp, email, digest },
    ];
  });
  if (values.length === 0) return [];
  const made = await db.insert(notifications).values(values).returning();
  const shown = made.filter((row) => row.inApp);
  if (shown.length > 0)
    await announceTo(
      db,
      shown.map((row) => ({ ...row, action: 'created' as const })),
    );
  const emailed = made.filter((row) => row.email).map((row) => row.id);
  if (emailed.length > 0) await queueJob(db, notificationEmailJob, { ids: emailed }, { maxAttempts: 5 });
  const digested = [...new Set(made.filter((row) => row.digest).map((row) => row.userId))];
  for (const userId of digested) {
    // The user's digest becomes due at their next chosen time, if it was not already.
    const { channels, digestTime, timeZone } = settings.get(userId)!;
    await db
      .insert(notificationSettings)
      .values({ userId, channels, digestTime, timeZone })
      .onConflictDoNothing();
    await db
      .update(notificationSettings)
      .set({ nextDigestAt: nextDigestAfter(sql`now()`) })
      .where(and(eq(notificationSettings.userId, userId), isNull(notificationSettings.nextDigestAt)));
  }
  return made.map((row) => row.id);
}

const toItem = (row: typeof notifications.$inferSelect): NotificationItem => ({
  id: row.id,
  category: row.category,
  messageKey: row.messageKey,
  params: row.params,
  link: row.link,
  read: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
});

const mine = (userId: number) => and(eq(notifications.userId, userId), eq(notifications.inApp, true));
const unreadOf = (userId: number) => and(mine(userId), isNull(notifications.readAt));

export async function unreadCount(db: Db, userId: number) {
  const [row] = await db.select({ n: count() }).from(notifications).where(unreadOf(userId));
  return row.n;
}

/** A user's own notifications, newest first, a page at a time. */
export async function listNotifications(
  db: Db,
  userId: number,
  { skip, take, unread }: { skip: number; take: number; unread: boolean },
) {
  const where = unread ? unreadOf(userId) : mine(userId);
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.id))
    .offset(skip)
    .limit(take);
  const [total] = await db.select({ n: count() }).from(notifications).where(where);
  return { items: rows.map(toItem), total: total.n, unread: await unreadCount(db, userId) };
}

/** Marks the user's notification read (one, or all with no id); answers how many changed. */
export async function markRead(db: Db, userId: number, id?: number) {
  return db.transaction(async (tx) => {
    const marked = await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(unreadOf(userId), id === undefined ? undefined : eq(notifications.id, id)))
      .returning({ id: notifications.id });
    // One notice is enough for the user's other tabs to count again.
    if (marked.length > 0) await announceTo(tx, [{ userId, id: id ?? 0, action: 'updated' }]);
    return marked.length;
  });
}

/** Whether the notification is the user's (a mark of someone else's is a 404, as of none). */
export async function isOwn(db: Db, userId: number, id: number) {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(mine(userId), eq(notifications.id, id)));
  return Boolean(row);
}

/** Saves the user's settings; a digest waiting is moved to their new time. */
export async function saveSettings(db: Db, userId: number, settings: NotificationSettings) {
  await db.transaction(async (tx) => {
    const { channels, digestTime, timeZone } = settings;
    await tx
      .insert(notificationSettings)
      .values({ userId, channels, digestTime, timeZone })
      .onConflictDoUpdate({
        target: notificationSettings.userId,
        set: { channels, digestTime, timeZone, updatedAt: sql`now()` },
      });
    await tx
      .update(notificationSettings)
      .set({ nextDigestAt: nextDigestAfter(sql`now()`) })
      .where(
        and(eq(notificationSettings.userId, userId), sql`${notificationSettings.nextDigestAt} is not null`),
      );
  });
}
