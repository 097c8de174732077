import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { defaultNotificationSettings } from '../../../../contract/notifications';
import { buildApp } from '../../../../server/app';
import { testConfig } from '../../../../server/config';
import { emailOutbox, jobs, notificationSettings, users } from '../../../../server/db/schema';
import {
  digestJob,
  digestSlotAfter,
  scheduleDigest,
  sendDigests,
} from '../../../../server/modules/notifications/digest';
import { notify } from '../../../../server/modules/notifications';
import { testApp, testDatabase } from '../../helpers';
import { actors } from '../organizations/actors';

type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
let who: Awaited<ReturnType<typeof actors>>;
let ids: { admin: number; director: number };
beforeEach(async () => {
  ctx = await testApp({ publicUrl: 'https://portal.example' });
  who = await actors(ctx);
  const rows = await ctx.db.select({ id: users.id, email: users.email }).from(users);
  const idOf = (email: string) => rows.find((row) => row.email === email)!.id;
  ids = { admin: idOf('admin@example.com'), director: idOf('director@example.com') };
});
afterEach(() => ctx.app.close());

const published = (title: string) => ({ key: 'products.published' as const, params: { title } });
const hour = 60 * 60_000;

const digests = () =>
  ctx.db.select().from(emailOutbox).where(eq(emailOutbox.templateKey, 'NotificationDigest'));
const dueAt = async (userId: number) =>
  (await ctx.db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)))[0]
    ?.nextDigestAt;

/** A second server on the same database, as behind a load balancer. */
async function secondServer() {
  const other = await buildApp(testConfig({ publicUrl: 'https://portal.example' }), {
    database: await testDatabase(),
  });
  onTestFinished(() => other.close());
  await other.ready();
  return other;
}

describe('the daily digest', () => {
  it('sends each user one e-mail a day with every unread item once, however many servers sweep', async () => {
    // Products go to the digest by default; the Admin reads one before it goes.
    await notify(ctx.db, {
      userIds: [ids.director, ids.admin],
      category: 'products',
      text: published('Tee'),
    });
    const [, adminsCap] = await notify(ctx.db, {
      userIds: [ids.director, ids.admin],
      category: 'products',
      text: published('Cap'),
      link: '/admin/merchandise',
    });
    await who.admin({ method: 'POST', url: `/api/notifications/${adminsCap}/read` });

    const due = await dueAt(ids.director);
    expect(due).toBeInstanceOf(Date);
    // 07:00 in Chicago, the default, within the next day.
    expect(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: defaultNotificationSettings.timeZone,
        hour: '2-digit',
        minute: '2-digit',
      }).format(due!),
    ).toBe('07:00');
    expect(due!.getTime() - Date.now()).toBeLessThanOrEqual(24 * hour);

    expect(await sendDigests(ctx.app, new Date(due!.getTime() - 60_000))).toBe(0);

    const other = await secondServer();
    const at = new Date(due!.getTime() + 60_000);
    const sent = await Promise.all([
      sendDigests(ctx.app, at),
      sendDigests(other, at),
      sendDigests(ctx.app, at),
    ]);
    expect(sent.reduce((a, b) => a + b)).toBe(2);
    const mails = await digests();
    expect(mails.map((mail) => mail.to).sort()).toEqual(['admin@example.com', 'director@example.com']);
    const directors = mails.find((mail) => mail.to === 'director@example.com')!;
    expect(directors.subject).toBe('Spirit Portal: 2 unread notifications');
    expect(directors.html.match(/<li>/g)).toHaveLength(2);
    expect(directors.html).toContain(
      '<a href="https://portal.example/admin/merchandise">Cap was published</a>',
    );
    const admins = mails.find((mail) => mail.to === 'admin@example.com')!;
    expect(admins.html).toContain('Tee was published');
    expect(admins.html).not.toContain('Cap was published');

    // Later that day nothing goes again; the next day only what came since.
    expect(await sendDigests(ctx.app, new Date(at.getTime() + 6 * hour))).toBe(0);
    await notify(ctx.db, { userIds: [ids.director], category: 'orders', text: published('Scarf') });
    expect(await sendDigests(ctx.app, new Date(at.getTime() + 12 * hour))).toBe(0);
    expect(await sendDigests(other, new Date(at.getTime() + 24 * hour))).toBe(1);
    const next = (await digests()).filter((mail) => mail.to === 'director@example.com');
    expect(next).toHaveLength(2);
    expect(next[1].html.match(/<li>/g)).toHaveLength(1);
    expect(next[1].html).toContain('Scarf was published');
  });

  it('goes at the time the user chose in their time zone, and stops from its unsubscribe link', async () => {
    const chosen = { ...defaultNotificationSettings, digestTime: '18:30', timeZone: 'Asia/Tokyo' };
    await who.director({ method: 'PUT', url: '/api/notifications/settings', payload: chosen });
    await notify(ctx.db, { userIds: [ids.director], category: 'products', text: published('Tee') });
    const due = (await dueAt(ids.director))!;
    expect(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit' }).format(
        due,
      ),
    ).toBe('18:30');
    expect(await sendDigests(ctx.app, due)).toBe(1);
    const [mail] = await digests();
    const link = /href="https:\/\/portal\.example(\/api\/notifications\/unsubscribe\?token=[^"]+)"/.exec(
      mail.html,
    )![1];
    expect(link).toContain('.digest.');
    expect((await ctx.app.inject({ method: 'POST', url: link })).statusCode).toBe(200);
    const settings = (await who.director({ url: '/api/notifications/settings' })).json().result;
    expect(
      Object.values(settings.channels).map((channels) => (channels as { digest: boolean }).digest),
    ).toEqual([false, false, false, false]);
  });

  it('is one queued sweep per slot, whichever servers schedule it, and each sweep queues the next', async () => {
    const slot = digestSlotAfter(new Date());
    expect(slot.getTime() % (5 * 60_000)).toBe(0);
    const other = await secondServer();
    await Promise.all([
      scheduleDigest(ctx.db, slot),
      scheduleDigest(other.db, slot),
      scheduleDigest(ctx.db, slot),
    ]);
    const queued = () =>
      ctx.db
        .select({ slot: sql<string>`${jobs.payload}->>'slot'`, status: jobs.status })
        .from(jobs)
        .where(eq(jobs.type, digestJob));
    expect(await queued()).toEqual([{ slot: slot.toISOString(), status: 'queued' }]);

    await ctx.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.type, digestJob));
    await ctx.app.jobs.drain();
    const after = await queued();
    expect(after).toContainEqual({ slot: slot.toISOString(), status: 'done' });
    expect(after.filter((job) => job.status === 'queued')).toHaveLength(1);
  });
});
