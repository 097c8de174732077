import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { roles } from '../../../contract/roles';
import { auditLog, emailOutbox, jobs } from '../../../server/db/schema';
import { JobQueue } from '../../../server/jobs';
import { deliverJob, Mailer, mailAttempts, mailBackoffMs, outboxDir } from '../../../server/mail/mailer';
import { createUser, signIn, testApp } from '../helpers';
import { hearChanges } from '../modules/changes/heard';

let ctx: Awaited<ReturnType<typeof testApp>> | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await ctx?.app.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function start() {
  dataDir = mkdtempSync(path.join(tmpdir(), 'spirit-outbox-'));
  ctx = await testApp({ dataDir, contactEmail: 'office@spirit.example' });
  return ctx;
}

const contact = { name: 'Pat', email: 'pat@example.com', subject: 'Sizes', message: 'Do you have XXL?' };

/** Makes delivery fail: the outbox directory cannot be created where a file stands. */
function breakOutbox() {
  rmSync(dataDir as string, { recursive: true, force: true });
  writeFileSync(dataDir as string, 'not a directory');
}

const repairOutbox = () => rmSync(dataDir as string, { force: true });

/** Runs every remaining attempt at once, as if their backoff had passed. */
async function exhaust({ app, db }: NonNullable<typeof ctx>) {
  for (let i = 0; i < mailAttempts; i++) {
    await db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.status, 'queued'));
    await app.mailer.flush();
  }
}

describe('mail delivery', () => {
  it('keeps trying for most of a day before it gives up', async () => {
    const { app, db } = await start();
    breakOutbox();
    await app.inject({ method: 'POST', url: '/api/contact', payload: contact });
    await app.mailer.flush();
    const [job] = await db.select().from(jobs).where(eq(jobs.type, deliverJob));
    expect(job.maxAttempts).toBeGreaterThanOrEqual(12);
    expect(job.runAt.getTime() - Date.now()).toBeGreaterThan(50_000);
    let total = 0;
    for (let attempt = 1; attempt < job.maxAttempts; attempt++) total += mailBackoffMs(attempt);
    expect(total).toBeGreaterThan(12 * 60 * 60_000);
    expect(total).toBeLessThan(48 * 60 * 60_000);
  });
});

describe('live outbox', () => {
  it('announces a message recorded and sent to the open Sent Emails lists', async () => {
    const { app, db } = await start();
    const heard = await hearChanges(db);
    onTestFinished(() => heard.close());
    await app.inject({ method: 'POST', url: '/api/contact', payload: contact });
    await app.mailer.flush();
    const [message] = await db.select().from(emailOutbox);
    await heard.waitFor({ resource: 'mail', id: message.id, action: 'created', version: 1 });
    await heard.waitFor({ resource: 'mail', id: message.id, action: 'updated', version: 2 });
    expect(message).toMatchObject({ status: 'sent', version: 2 });
  });
});

describe('the Admin outbox', () => {
  async function admin(app: NonNullable<typeof ctx>['app'], db: NonNullable<typeof ctx>['db']) {
    await createUser(db, { email: 'admin@example.com', roles: [roles.admin] });
    return signIn(app, 'admin@example.com');
  }

  it('lists mail without bodies, and resends a failed message with its Reply-To', async () => {
    const context = await start();
    const { app, db } = context;
    const cookie = await admin(app, db);
    breakOutbox();
    await app.inject({ method: 'POST', url: '/api/contact', payload: contact });
    await exhaust(context);
    const [failed] = await db.select().from(emailOutbox);
    expect(failed.status).toBe('failed');
    // The Admin sees why, without the server's paths: the outbox could not be made in DATA_DIR.
    expect(failed.lastError).toMatch(/^ENOTDIR/);
    expect(failed.lastError).not.toContain(dataDir);

    const list = await app.inject({
      method: 'POST',
      url: '/api/mail/table',
      headers: { cookie },
      payload: {},
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('office@spirit.example');
    expect(list.body).not.toContain('Do you have XXL?');

    repairOutbox();
    const resend = await app.inject({
      method: 'POST',
      url: `/api/mail/${failed.id}/resend`,
      headers: { cookie },
    });
    expect(resend.json()).toEqual({ result: true });
    await app.mailer.flush();
    const [sent] = await db.select().from(emailOutbox);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
    const [delivery] = await db.select().from(jobs).where(eq(jobs.status, 'done'));
    expect(delivery.payload).toMatchObject({ replyTo: 'pat@example.com' });
    const entries = await db.select().from(auditLog).where(eq(auditLog.action, 'resend'));
    expect(entries).toMatchObject([{ entityType: 'mail', entityId: String(failed.id) }]);

    const again = await app.inject({
      method: 'POST',
      url: `/api/mail/${failed.id}/resend`,
      headers: { cookie },
    });
    expect(again.statusCode).toBe(409);
  });

  it('lets only an Admin resend', async () => {
    const { app, db } = await start();
    await createUser(db, { email: 'director@example.com', roles: [roles.athleticDirector] });
    const cookie = await signIn(app, 'director@example.com');
    const [row] = await db
      .insert(emailOutbox)
      .values({ to: 'a@example.com', subject: 's', html: 'b', status: 'failed' })
      .returning();
    const response = await app.inject({
      method: 'POST',
      url: `/api/mail/${row.id}/resend`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('mail bodies', () => {
  it('are emptied a day after delivery and a week after failing, keeping to, subject and status', async () => {
    const { app, db } = await start();
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60_000);
    await db.insert(emailOutbox).values([
      { to: 'old@example.com', subject: 'Reset', html: 'code 1', status: 'sent', sentAt: hoursAgo(25) },
      { to: 'new@example.com', subject: 'Reset', html: 'code 2', status: 'sent', sentAt: hoursAgo(1) },
      {
        to: 'gone@example.com',
        subject: 'Reset',
        html: 'code 3',
        status: 'failed',
        createdAt: hoursAgo(8 * 24),
      },
      { to: 'kept@example.com', subject: 'Reset', html: 'code 4', status: 'failed', createdAt: hoursAgo(24) },
    ]);
    expect(await app.mailer.purgeBodies()).toBe(2);
    const rows = await db.select().from(emailOutbox).orderBy(emailOutbox.id);
    expect(rows.map((row) => [row.to, row.subject, row.status, row.html])).toEqual([
      ['old@example.com', 'Reset', 'sent', ''],
      ['new@example.com', 'Reset', 'sent', 'code 2'],
      ['gone@example.com', 'Reset', 'failed', ''],
      ['kept@example.com', 'Reset', 'failed', 'code 4'],
    ]);
  });
});

describe('the outbox without SMTP', () => {
  const code = 'c0de-that-must-not-be-logged';
  async function resetMailLogged(logLinks: boolean) {
    const { app, db } = await start();
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const mailer = new Mailer(db, app.config, new JobQueue(db, { log }), log, logLinks);
    await mailer.send({
      template: 'ResetPassword',
      to: 'pat.parent@example.com',
      values: {
        fullName: 'Pat Parent',
        email: 'pat.parent@example.com',
        link: `https://portal.example/reset-password?email=pat.parent%40example.com&code=${code}`,
      },
    });
    await mailer.flush();
    return lines.join('');
  }

  it('logs where the .eml file is, and neither its links, codes nor addresses', async () => {
    const logged = await resetMailLogged(false);
    expect(logged).toContain(
      path.join(outboxDir({ dataDir: dataDir as string }), '000001-ResetPassword.eml'),
    );
    expect(logged).not.toContain(code);
    expect(logged).not.toContain('pat.parent');
  });

  it('adds the links when stdout is a terminal, someone working at it', async () => {
    expect(await resetMailLogged(true)).toContain(code);
  });
});
