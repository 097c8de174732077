import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailOutbox, emailTemplates, jobs } from '../../../server/db/schema';
import { deliverJob } from '../../../server/mail';
import { escapeHtml, fillPlaceholders, htmlToText } from '../../../server/mail/render';
import { testApp } from '../helpers';

let ctx: Awaited<ReturnType<typeof testApp>> | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await ctx?.app.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function start(contactEmail?: string) {
  dataDir = mkdtempSync(path.join(tmpdir(), 'spirit-mail-'));
  ctx = await testApp({ dataDir, contactEmail });
  return ctx;
}

const message = {
  name: 'Pat <Parent>',
  email: 'pat@example.com',
  subject: 'Sizes',
  message: 'Do you have XXL?',
};

describe('template rendering', () => {
  it('fills placeholders, escaping values in HTML', () => {
    expect(fillPlaceholders('<p>{{ name }} {{missing}}</p>', { name: '<b>Al</b>' }, escapeHtml)).toBe(
      '<p>&lt;b&gt;Al&lt;/b&gt; </p>',
    );
  });

  it('writes links out in the text part', () => {
    expect(
      htmlToText('<p>Hi &amp; welcome</p><p><a href="https://x.example/a?b=1&amp;c=2">Open</a></p>'),
    ).toBe('Hi & welcome\nOpen: https://x.example/a?b=1&c=2');
  });
});

describe('POST /api/contact', () => {
  it('delivers the message to CONTACT_EMAIL with the sender as Reply-To, as an .eml in the outbox', async () => {
    const { app, db } = await start('office@spirit.example');
    const response = await app.inject({ method: 'POST', url: '/api/contact', payload: message });
    expect(response.json()).toEqual({ result: true });
    await app.mailer.flush();
    const [mail] = await db.select().from(emailOutbox);
    expect(mail).toMatchObject({
      to: 'office@spirit.example',
      subject: 'Contact form: Sizes',
      status: 'sent',
    });
    expect(mail.html).toContain('Pat &lt;Parent&gt;');
    const [file] = readdirSync(path.join(dataDir as string, 'outbox'));
    const eml = readFileSync(path.join(dataDir as string, 'outbox', file), 'utf8');
    expect(eml).toContain('Reply-To: pat@example.com');
    expect(eml).toContain('To: office@spirit.example');
  });

  it("falls back to the Contact template's recipient", async () => {
    const { app, db } = await start();
    await db.update(emailTemplates).set({ to: 'templates@spirit.example' });
    await app.inject({ method: 'POST', url: '/api/contact', payload: message });
    await app.mailer.flush();
    const [mail] = await db.select().from(emailOutbox);
    expect(mail.to).toBe('templates@spirit.example');
  });

  it('answers 400 for a missing message and sends nothing', async () => {
    const { app, db } = await start('office@spirit.example');
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...message, message: ' ' },
    });
    expect(response.json().validationFailures).toEqual([
      { propertyName: 'message', errorMessage: 'Message is required' },
    ]);
    expect(await db.select().from(emailOutbox)).toHaveLength(0);
  });

  it('keeps a message whose delivery failed, with the error, and retries it later', async () => {
    const { app, db } = await start('office@spirit.example');
    rmSync(dataDir as string, { recursive: true, force: true });
    writeFileSync(dataDir as string, 'not a directory');
    await app.inject({ method: 'POST', url: '/api/contact', payload: message });
    await app.mailer.flush();
    const [mail] = await db.select().from(emailOutbox);
    expect(mail).toMatchObject({ status: 'pending', attempts: 1 });
    expect(mail.lastError).toBeTruthy();
    const [job] = await db.select().from(jobs).where(eq(jobs.type, deliverJob));
    expect(job.status).toBe('queued');
    expect(job.runAt.getTime()).toBeGreaterThan(Date.now());

    rmSync(dataDir as string, { force: true });
    await db.update(jobs).set({ runAt: new Date() });
    await app.mailer.flush();
    const [delivered] = await db.select().from(emailOutbox);
    expect(delivered).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('records the message and its delivery job in the database before anything is sent', async () => {
    const { app, db } = await start('office@spirit.example');
    await app.inject({ method: 'POST', url: '/api/contact', payload: message });
    const [mail] = await db.select().from(emailOutbox);
    expect(mail.status).toBe('pending');
    const [job] = await db.select().from(jobs).where(eq(jobs.type, deliverJob));
    expect(job.payload).toEqual({ outboxId: mail.id, replyTo: 'pat@example.com' });
  });
});
