import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  type NotificationCategory,
  notificationCategories,
  notificationText,
} from '../../../contract/notification-messages';
import type { Db } from '../../db/client';
import type { NotificationTemplateKey } from '../../db/seed-data';
import { notifications, notificationSettings, serverSecrets, users } from '../../db/schema';
import type { JobHandler } from '../../jobs';
import { publicBaseUrl } from '../../mail';
import { settingsOf } from './service';

/** What an unsubscribe link stops: a category's e-mails at once, or the daily digest. */
export type UnsubscribeKind = NotificationCategory | 'digest';
const unsubscribeKinds: readonly string[] = [...notificationCategories, 'digest'];

const templateOf: Record<NotificationCategory, NotificationTemplateKey> = {
  reviews: 'NotificationReviews',
  products: 'NotificationProducts',
  orders: 'NotificationOrders',
  jobs: 'NotificationJobs',
};

const secretName = 'notification-unsubscribe';

/** The key unsubscribe links are signed with, made once and shared by every server. */
async function unsubscribeKey(db: Db) {
  await db
    .insert(serverSecrets)
    .values({ name: secretName, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [secret] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, secretName));
  return Buffer.from(secret.value, 'base64');
}

const signature = (key: Buffer, userId: number, kind: string) =>
  createHmac('sha256', key).update(`${userId}.${kind}`).digest('base64url');

/**
 * A link that works without signing in (RFC 8058: the mail client POSTs it), so it is signed:
 * it names the user and what to stop, and nobody can make one for another user or kind.
 */
export async function unsubscribeUrl(db: Db, baseUrl: string, userId: number, kind: UnsubscribeKind) {
  const token = `${userId}.${kind}.${signature(await unsubscribeKey(db), userId, kind)}`;
  return `${baseUrl}/api/notifications/unsubscribe?token=${token}`;
}

/** The user and kind a token names, or undefined for a token not signed by us. */
export async function openUnsubscribeToken(db: Db, token: string) {
  const [id, kind, signed] = token.split('.');
  const userId = Number(id);
  if (!Number.isSafeInteger(userId) || userId < 1 || !unsubscribeKinds.includes(kind) || !signed)
    return undefined;
  const expected = Buffer.from(signature(await unsubscribeKey(db), userId, kind));
  const given = Buffer.from(signed);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { userId, kind: kind as UnsubscribeKind };
}

/** Stops the e-mail a link names: the category's e-mails at once, or the digest of every category. */
export async function unsubscribe(db: Db, userId: number, kind: UnsubscribeKind) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) return;
  const settings = (await settingsOf(db, [userId])).get(userId)!;
  const channels = Object.fromEntries(
    notificationCategories.map((category) => {
      const current = settings.channels[category];
      if (kind === 'digest') return [category, { ...current, digest: false }];
      return [category, category === kind ? { ...current, email: false } : current];
    }),
  ) as typeof settings.channels;
  await db
    .insert(notificationSettings)
    .values({ userId, channels, digestTime: settings.digestTime, timeZone: settings.timeZone })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { channels, updatedAt: sql`now()` } });
}

export const fullNameOf = (user: { firstName: string; lastName: string; email: string }) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

/** An app path as a link in an e-mail. */
export const absoluteLink = (baseUrl: string, link: string | null) =>
  `${baseUrl}${link ?? '/admin/notifications'}`;

/**
 * Sends each notification of the job by e-mail, once: marking it e-mailed and recording the
 * message commit together, so a retry after a crash sends only those not yet sent.
 */
export function notificationEmails(app: FastifyInstance): JobHandler {
  const baseUrl = () => publicBaseUrl(app.config);
  return {
    async run(payload) {
      const { ids } = payload as { ids: number[] };
      for (const id of ids) {
        const [found] = await app.db
          .select({ notification: notifications, user: users })
          .from(notifications)
          .innerJoin(users, eq(users.id, notifications.userId))
          .where(eq(notifications.id, id));
        if (!found) continue;
        const { notification, user } = found;
        const locale = await app.mailer.localeOf(user.id);
        const unsubscribe = await unsubscribeUrl(app.db, baseUrl(), user.id, notification.category);
        await app.db.transaction(async (tx) => {
          const [taken] = await tx
            .update(notifications)
            .set({ emailedAt: sql`now()` })
            .where(
              and(eq(notifications.id, id), eq(notifications.email, true), isNull(notifications.emailedAt)),
            )
            .returning({ id: notifications.id });
          if (!taken) return;
          await app.mailer.send(
            {
              template: templateOf[notification.category],
              to: user.email,
              userId: user.id,
              values: {
                fullName: fullNameOf(user),
                message: notificationText(locale, notification.messageKey, notification.params),
                link: absoluteLink(baseUrl(), notification.link),
                unsubscribeLink: unsubscribe,
              },
              unsubscribeUrl: unsubscribe,
            },
            tx as unknown as Db,
          );
        });
      }
      app.jobs.wakeUp();
    },
  };
}
