import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notificationText } from '../../../contract/notification-messages';
import type { Db } from '../../db/client';
import { jobs, notifications, notificationSettings, users } from '../../db/schema';
import { escapeHtml } from '../../mail/render';
import { publicBaseUrl } from '../../mail';
import { absoluteLink, fullNameOf, unsubscribeUrl } from './email';
import { nextDigestAfter } from './service';
import { announceJobs } from '../../jobs/queue';

/** The sweep that sends the digests due; one job per slot, whichever servers schedule it. */
export const digestJob = 'notifications.digest';
const slotMs = 5 * 60_000;

/** The first slot after `now`: digests go out within five minutes of the time a user chose. */
export const digestSlotAfter = (now: Date) => new Date((Math.floor(now.getTime() / slotMs) + 1) * slotMs);

/**
 * Queues the sweep of a slot unless a server already did: the slot is unique among digest jobs
 * (`jobs_digest_slot_idx`), so two servers scheduling the same one make one job.
 */
export async function scheduleDigest(db: Db, slot: Date) {
  await db.transaction(async (tx) => {
    const made = await tx
      .insert(jobs)
      .values({ type: digestJob, payload: { slot: slot.toISOString() }, runAt: slot, maxAttempts: 3 })
      .onConflictDoNothing()
      .returning();
    await announceJobs(tx, made, 'created');
  });
}

/**
 * Sends every digest due at `now`: one e-mail per user whose time has come, listing each of their
 * digest notifications still unread and not in an earlier digest. A user is taken by moving their
 * next digest on a day in one conditional update, and their items are marked in the same
 * transaction as the e-mail is recorded: two servers sweeping at once send each digest once, and
 * an item goes in one digest only. Answers how many digests went.
 */
export async function sendDigests(app: FastifyInstance, now = new Date()) {
  const baseUrl = publicBaseUrl(app.config);
  const due = await app.db
    .select({ userId: notificationSettings.userId })
    .from(notificationSettings)
    .where(lte(notificationSettings.nextDigestAt, now))
    .orderBy(asc(notificationSettings.nextDigestAt));
  let sent = 0;
  for (const { userId } of due) {
    const [user] = await app.db.select().from(users).where(eq(users.id, userId));
    if (!user) continue;
    const locale = await app.mailer.localeOf(userId);
    const unsubscribe = await unsubscribeUrl(app.db, baseUrl, userId, 'digest');
    const went = await app.db.transaction(async (tx) => {
      const [taken] = await tx
        .update(notificationSettings)
        .set({ nextDigestAt: nextDigestAfter(now) })
        .where(and(eq(notificationSettings.userId, userId), lte(notificationSettings.nextDigestAt, now)))
        .returning({ userId: notificationSettings.userId });
      if (!taken) return false;
      const items = await tx
        .update(notifications)
        .set({ digestedAt: now })
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.digest, true),
            isNull(notifications.digestedAt),
            isNull(notifications.readAt),
          ),
        )
        .returning();
      if (items.length === 0) return false;
      items.sort((a, b) => a.id - b.id);
      const list = items
        .map(
          (item) =>
            `<li><a href="${escapeHtml(absoluteLink(baseUrl, item.link))}">${escapeHtml(
              notificationText(locale, item.messageKey, item.params),
            )}</a></li>`,
        )
        .join('');
      await app.mailer.send(
        {
          template: 'NotificationDigest',
          to: user.email,
          userId,
          values: {
            fullName: fullNameOf(user),
            count: String(items.length),
            link: absoluteLink(baseUrl, null),
            unsubscribeLink: unsubscribe,
          },
          markup: { items: `<ul>${list}</ul>` },
          unsubscribeUrl: unsubscribe,
        },
        tx as unknown as Db,
      );
      return true;
    });
    if (went) sent++;
  }
  if (sent > 0) app.jobs.wakeUp();
  return sent;
}

/** Registers the sweep, and queues the next slot's at start (each sweep queues the one after it). */
export function registerDigest(app: FastifyInstance) {
  app.jobs.register(digestJob, {
    async run(payload) {
      // First, so a sweep that fails for good does not end the chain; never this job's own slot
      // again, which a server whose clock is behind the database's would take for the next.
      const slot = new Date((payload as { slot: string }).slot);
      const after = digestSlotAfter(new Date());
      await scheduleDigest(app.db, after > slot ? after : new Date(slot.getTime() + slotMs));
      await sendDigests(app);
    },
  });
  // Servers that run jobs start the chain; one that does not need not.
  if (app.config.jobWorker) app.addHook('onReady', () => scheduleDigest(app.db, digestSlotAfter(new Date())));
}
