import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultNotificationSettings } from '../../../../contract/notifications';
import type { Db } from '../../../../server/db/client';
import { emailOutbox, emailTemplates, notifications, users } from '../../../../server/db/schema';
import {
  type NotificationCategory,
  notify,
  type NotifyInput,
} from '../../../../server/modules/notifications';
import { outboxDir } from '../../../../server/mail/mailer';
import { signIn, testApp } from '../../helpers';
import { readServerSentEvents } from '../changes/sse';
import { actors } from '../organizations/actors';

type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
let who: Awaited<ReturnType<typeof actors>>;
let dataDir: string;
let ids: { admin: number; director: number };
beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'spirit-notify-'));
  ctx = await testApp({ dataDir, publicUrl: 'https://portal.example' });
  who = await actors(ctx);
  const rows = await ctx.db.select({ id: users.id, email: users.email }).from(users);
  const idOf = (email: string) => rows.find((row) => row.email === email)!.id;
  ids = { admin: idOf('admin@example.com'), director: idOf('director@example.com') };
});
afterEach(async () => {
  await ctx.app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const failed = (title: string): NotifyInput['text'] => ({
  key: 'jobs.renderFailed',
  params: { title, error: 'too big' },
});

describe('notifications (each user their own)', () => {
  it('lists only the user’s own, newest first, a page at a time, with the unread count', async () => {
    for (const title of ['Hoodie', 'Cap', 'Tee'])
      await notify(ctx.db, {
        userIds: [ids.director],
        category: 'jobs',
        text: failed(title),
        link: '/admin/merchandise',
      });
    await notify(ctx.db, { userIds: [ids.admin], category: 'jobs', text: failed('Scarf') });

    const page = (await who.director({ url: '/api/notifications?take=2' })).json().result;
    expect(page.total).toBe(3);
    expect(page.unread).toBe(3);
    expect(page.items.map((item: { params: { title: string } }) => item.params.title)).toEqual([
      'Tee',
      'Cap',
    ]);
    expect(page.items[0]).toMatchObject({
      category: 'jobs',
      messageKey: 'jobs.renderFailed',
      link: '/admin/merchandise',
      read: false,
    });
    const next = (await who.director({ url: '/api/notifications?take=2&skip=2' })).json().result;
    expect(next.items.map((item: { params: { title: string } }) => item.params.title)).toEqual(['Hoodie']);
    expect((await who.admin({ url: '/api/notifications/unread-count' })).json()).toEqual({
      result: { unread: 1 },
    });
    expect((await who.visitor({ url: '/api/notifications' })).statusCode).toBe(401);
  });

  it('marks one read, never another user’s, and then all', async () => {
    // A user deleted since the caller read them is left out, not a failed transaction.
    const [mine, other] = await notify(ctx.db, {
      userIds: [ids.director, 9_999],
      category: 'jobs',
      text: failed('Tee'),
    });
    expect(other).toBeUndefined();
    const [admins] = await notify(ctx.db, { userIds: [ids.admin], category: 'jobs', text: failed('Cap') });
    await notify(ctx.db, { userIds: [ids.director], category: 'jobs', text: failed('Hoodie') });

    const refused = await who.director({ method: 'POST', url: `/api/notifications/${admins}/read` });
    expect(refused.statusCode).toBe(404);
    expect((await who.admin({ url: '/api/notifications/unread-count' })).json().result.unread).toBe(1);

    expect((await who.director({ method: 'POST', url: `/api/notifications/${mine}/read` })).json()).toEqual({
      result: true,
    });
    const unread = (await who.director({ url: '/api/notifications?unread=true' })).json().result;
    expect(unread.items.map((item: { params: { title: string } }) => item.params.title)).toEqual(['Hoodie']);
    expect(
      (await who.director({ url: '/api/notifications' }))
        .json()
        .result.items.map((item: { read: boolean }) => item.read),
    ).toEqual([false, true]);

    expect((await who.director({ method: 'POST', url: '/api/notifications/read-all' })).json()).toEqual({
      result: { marked: 1 },
    });
    expect((await who.director({ url: '/api/notifications/unread-count' })).json().result.unread).toBe(0);
    expect((await who.admin({ url: '/api/notifications/unread-count' })).json().result.unread).toBe(1);
  });

  it('keeps nothing of a notification whose transaction rolls back', async () => {
    await expect(
      ctx.db.transaction(async (tx) => {
        await notify(tx as unknown as Db, { userIds: [ids.director], category: 'jobs', text: failed('Tee') });
        throw new Error('the caller’s write failed');
      }),
    ).rejects.toThrow('the caller’s write failed');
    expect(await ctx.db.select().from(notifications)).toEqual([]);
    await ctx.app.mailer.flush();
    expect(await ctx.db.select().from(emailOutbox)).toEqual([]);
  });

  it('goes by the channels each user chose for the category, with defaults until they choose', async () => {
    expect((await who.director({ url: '/api/notifications/settings' })).json().result).toEqual(
      defaultNotificationSettings,
    );
    // Until they choose, in the time zone their browser reported.
    await ctx.db.update(users).set({ timeZone: 'America/Denver' }).where(eq(users.id, ids.admin));
    expect((await who.admin({ url: '/api/notifications/settings' })).json().result).toEqual({
      ...defaultNotificationSettings,
      timeZone: 'America/Denver',
    });
    const chosen = structuredClone(defaultNotificationSettings);
    chosen.channels.jobs = { inApp: false, email: false, digest: false };
    chosen.channels.products = { inApp: false, email: false, digest: true };
    chosen.timeZone = 'Europe/Madrid';
    chosen.digestTime = '18:30';
    const saved = await who.director({ method: 'PUT', url: '/api/notifications/settings', payload: chosen });
    expect(saved.json()).toEqual({ result: true });
    expect((await who.director({ url: '/api/notifications/settings' })).json().result).toEqual(chosen);

    expect(await notify(ctx.db, { userIds: [ids.director], category: 'jobs', text: failed('Tee') })).toEqual(
      [],
    );
    const digestOnly = await notify(ctx.db, {
      userIds: [ids.director, ids.admin],
      category: 'products',
      text: { key: 'products.published', params: { title: 'Tee' } },
    });
    expect(digestOnly).toHaveLength(2);
    // Kept for the digest, but not the bell's.
    expect((await who.director({ url: '/api/notifications/unread-count' })).json().result.unread).toBe(0);
    expect((await who.admin({ url: '/api/notifications/unread-count' })).json().result.unread).toBe(1);

    for (const payload of [
      { ...chosen, timeZone: 'Mars/Olympus_Mons' },
      { ...chosen, digestTime: '25:00' },
      { ...chosen, channels: { ...chosen.channels, jobs: { inApp: 'yes' } } },
    ]) {
      const refused = await who.director({ method: 'PUT', url: '/api/notifications/settings', payload });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().result).toBeNull();
      expect(refused.json().validationFailures.length).toBeGreaterThan(0);
    }
  });

  it('tells the recipient’s open streams of a new notification, and nobody else’s', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const controllers: AbortController[] = [];
    const open = async (email: string) => {
      const controller = new AbortController();
      controllers.push(controller);
      const response = await fetch(`${base}/api/changes`, {
        headers: { cookie: await signIn(ctx.app, email) },
        signal: controller.signal,
      });
      return readServerSentEvents(response).events;
    };
    try {
      const director = await open('director@example.com');
      const admin = await open('admin@example.com');
      const [id] = await notify(ctx.db, { userIds: [ids.director], category: 'jobs', text: failed('Tee') });
      const ofNotifications = (events: typeof director) =>
        events.filter(
          (event) => (event.data as { resource?: string } | undefined)?.resource === 'notifications',
        );
      await expect
        .poll(() => ofNotifications(director).map((event) => event.data))
        .toEqual([expect.objectContaining({ resource: 'notifications', id, action: 'created' })]);
      expect(JSON.stringify(director)).not.toContain('userId');
      await who.director({ method: 'POST', url: '/api/notifications/read-all' });
      await expect.poll(() => ofNotifications(director).length).toBe(2);
      // The Admin's stream has moved past both (a later change reaches it), without hearing them.
      await notify(ctx.db, { userIds: [ids.admin], category: 'jobs', text: failed('Cap') });
      await expect.poll(() => ofNotifications(admin).length).toBe(1);
    } finally {
      for (const controller of controllers) controller.abort();
    }
  });

  it('e-mails at once with a one-click unsubscribe that turns that category’s e-mail off', async () => {
    await ctx.db
      .update(users)
      .set({ firstName: 'Dana', lastName: 'Reyes' })
      .where(eq(users.id, ids.director));
    await notify(ctx.db, {
      userIds: [ids.director],
      category: 'jobs',
      text: failed('Tee'),
      link: '/admin/jobs',
    });
    await ctx.app.mailer.flush();
    await ctx.app.mailer.flush();
    const [sent] = await ctx.db.select().from(emailOutbox);
    expect(sent).toMatchObject({
      to: 'director@example.com',
      status: 'sent',
      templateKey: 'NotificationJobs',
    });
    expect(sent.subject).toBe(
      'Spirit Portal: The pictures and print files of Tee could not be made: too big',
    );
    expect(sent.html).toContain('Hello Dana Reyes');
    expect(sent.html).toContain('href="https://portal.example/admin/jobs"');
    const [file] = readdirSync(outboxDir({ dataDir }));
    // Unfolded, as a mail client reads the headers.
    const message = readFileSync(path.join(outboxDir({ dataDir }), file), 'utf8').replace(
      /\r?\n[ \t]+/g,
      ' ',
    );
    const url = /^List-Unsubscribe: <([^>]+)>$/m.exec(message)![1];
    expect(message).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(url).toMatch(/^https:\/\/portal\.example\/api\/notifications\/unsubscribe\?token=/);
    expect(sent.html).toContain(url);
    const route = `${new URL(url).pathname}${new URL(url).search}`;

    const forged = route.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    expect((await ctx.app.inject({ method: 'POST', url: forged })).statusCode).toBe(404);
    const otherKind = route.replace('.jobs.', '.reviews.');
    expect((await ctx.app.inject({ method: 'POST', url: otherKind })).statusCode).toBe(404);

    // Opening the link only asks; the mail client's one-click POST stops it.
    const page = await ctx.app.inject({ method: 'GET', url: route });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Stop e-mails about background jobs and imports?');
    expect(
      (await who.director({ url: '/api/notifications/settings' })).json().result.channels.jobs.email,
    ).toBe(true);
    const done = await ctx.app.inject({
      method: 'POST',
      url: route,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    const settings = (await who.director({ url: '/api/notifications/settings' })).json().result;
    expect(settings.channels.jobs).toEqual({ inApp: true, email: false, digest: false });
    expect(settings.channels.reviews.email).toBe(true);

    await notify(ctx.db, { userIds: [ids.director], category: 'jobs', text: failed('Cap') });
    await ctx.app.mailer.flush();
    expect(await ctx.db.select().from(emailOutbox)).toHaveLength(1);
  });

  it('has an e-mail template per category and one for the digest, in English and Spanish, that Admins edit', async () => {
    const templates: Record<NotificationCategory | 'digest', string> = {
      reviews: 'NotificationReviews',
      products: 'NotificationProducts',
      orders: 'NotificationOrders',
      jobs: 'NotificationJobs',
      digest: 'NotificationDigest',
    };
    const rows = await ctx.db.select().from(emailTemplates);
    for (const key of Object.values(templates)) {
      const row = rows.find((template) => template.key === key)!;
      expect(row.body).toContain('{{unsubscribeLink}}');
      expect(row.bodyEs).toContain('{{unsubscribeLink}}');
    }
    const jobs = rows.find((template) => template.key === 'NotificationJobs')!;
    const edited = await who.admin({
      method: 'PUT',
      url: `/api/emailTemplate/update`,
      payload: {
        ...jobs,
        subject: 'Portal: {{message}}',
        body: '<p>{{message}}</p><p><a href="{{unsubscribeLink}}">Stop</a></p>',
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await notify(ctx.db, { userIds: [ids.director], category: 'jobs', text: failed('Tee') });
    await ctx.app.mailer.flush();
    const [sent] = await ctx.db.select().from(emailOutbox);
    expect(sent.subject).toBe('Portal: The pictures and print files of Tee could not be made: too big');
    expect(sent.html).toMatch(
      /<a href="https:\/\/portal\.example\/api\/notifications\/unsubscribe\?token=[^"]+">Stop<\/a>/,
    );
  });

  it('writes the e-mail in the recipient’s language', async () => {
    await who.director({ method: 'PUT', url: '/api/preferences/locale', payload: { value: 'es' } });
    await notify(ctx.db, { userIds: [ids.director], category: 'jobs', text: failed('Gorra') });
    await ctx.app.mailer.flush();
    const [sent] = await ctx.db.select().from(emailOutbox);
    expect(sent.subject).toBe(
      'Spirit Portal: No se pudieron crear las imágenes ni los archivos de impresión de Gorra: too big',
    );
    expect(sent.html).toContain('Hola Test User');
  });
});
