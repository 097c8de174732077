import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { isLocale, localePreferenceKey, type Locale } from '../../contract/locales';
import { emailOutbox, emailTemplates, jobs as jobRows, userPreferences } from '../db/schema';
import { type JobQueue, visibleJobError } from '../jobs';
import { announceAll, systemActor } from '../db/announce';
import { mail } from '../../contract/definitions/mail';
import { escapeHtml, fillPlaceholders, htmlToText, type TemplateValues } from './render';
import type { JobType } from '../../contract/definitions/jobs';
import type { ChangeAction } from '../../contract/changes';
import type { NotificationTemplateKey } from '../db/seed-data';

type TemplateKey =
  'ConfirmAccount' | 'ResetPassword' | 'ChangeEmail' | 'Contact' | 'Registration' | NotificationTemplateKey;

export interface MailRequest {
  template: TemplateKey;
  /** Defaults to the template's own `to` (the contact form's address, for instance). */
  to?: string;
  values: TemplateValues;
  replyTo?: string;
  /** The account the message is for: it is written in that user's language. */
  userId?: number;
  /** HTML the server built, its values escaped (a digest's list): see `fillPlaceholders`. */
  markup?: TemplateValues;
  /** Where one POST stops mail like this (RFC 8058 one-click unsubscribe), sent as headers. */
  unsubscribeUrl?: string;
}

/**
 * A template in a language: the Spanish subject and body where the template has them, each
 * falling back to the English one.
 */
const templateIn = (
  template: Pick<typeof emailTemplates.$inferSelect, 'subject' | 'body' | 'subjectEs' | 'bodyEs'>,
  locale: Locale,
) =>
  locale === 'es'
    ? { subject: template.subjectEs || template.subject, body: template.bodyEs || template.body }
    : { subject: template.subject, body: template.body };

export const outboxDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'outbox');

/** The job that delivers one `email_outbox` row. */
export const deliverJob: JobType = 'mail.deliver';

/**
 * An SMTP relay can be down for an afternoon: 12 attempts, 1 minute apart and doubling up to
 * 6 hours, keep a message trying for about 20 hours before it is marked failed.
 */
export const mailAttempts = 12;
export const mailBackoffMs = (attempt: number) => Math.min(60_000 * 2 ** (attempt - 1), 6 * 60 * 60_000);

/**
 * Bodies hold reset codes and confirmation links: a sent one is kept a day (to look into a
 * complaint), a failed one a week (to resend it), then emptied; to, subject and status stay.
 */
const sentBodyRetentionMs = 24 * 60 * 60_000;
const failedBodyRetentionMs = 7 * 24 * 60 * 60_000;

/**
 * Tells open Sent Emails lists of a message recorded, sent, failed or queued again, in the write's
 * transaction: the mailer writes the outbox itself, not through the engine. Emptying a body
 * (`purgeBodies`) changes nothing the list shows and is not announced.
 */
const announceMail = (tx: Pick<Db, 'execute'>, row: { id: number; version: number }, action: ChangeAction) =>
  announceAll(tx, [
    {
      resource: mail.name,
      id: row.id,
      action,
      version: row.version,
      by: systemActor('Spirit Portal'),
      organizationId: null,
    },
  ]);

const nextVersion = sql`${emailOutbox.version} + 1`;
const announced = { id: emailOutbox.id, version: emailOutbox.version };

interface DeliverPayload {
  outboxId: number;
  replyTo?: string;
  unsubscribeUrl?: string;
}

/**
 * E-mail from the templates in the database. Every message is recorded in `email_outbox`
 * together with a job of the durable queue, so delivery happens off the request path,
 * survives a restart and is retried with backoff: through SMTP when `SMTP_URL` is set,
 * otherwise written as an `.eml` file under `DATA_DIR/outbox/` with its path logged. The links
 * (reset and confirmation codes) are logged too only when stdout is a terminal, someone working
 * at it: logs are shipped and kept further than the data directory.
 */
export class Mailer {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly transport: Transporter;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly jobs: JobQueue,
    private readonly log: FastifyBaseLogger,
    private readonly logLinks = process.stdout.isTTY === true,
  ) {
    this.transport = config.smtpUrl
      ? nodemailer.createTransport(config.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    jobs.register(deliverJob, {
      run: (payload) => this.deliver(payload as DeliverPayload),
      backoffMs: mailBackoffMs,
      gaveUp: (payload, _job, error) =>
        this.write((payload as DeliverPayload).outboxId, {
          status: 'failed',
          lastError: visibleJobError(error),
        }),
    });
    jobs.addChore(() => this.purgeBodies());
  }

  /**
   * Renders the message and records it with its delivery job; the caller never waits on delivery.
   * Given the caller's transaction, the message is recorded only if it commits (call `jobs.wakeUp`
   * after, or the next poll delivers it).
   */
  async send(request: MailRequest, executor?: Db) {
    // Read in the caller's transaction: PGlite's one connection waits for it to end otherwise.
    const reader = executor ?? this.db;
    const [template] = await reader
      .select()
      .from(emailTemplates)
      .where(eq(emailTemplates.key, request.template))
      .limit(1);
    if (!template) throw new Error(`E-mail template ${request.template} is missing`);
    const to = request.to ?? template.to;
    if (!to) throw new Error(`E-mail template ${request.template} has no recipient`);
    const { subject, body } = templateIn(template, await this.localeOf(request.userId, reader));
    const record = async (tx: Db) => {
      const [row] = await tx
        .insert(emailOutbox)
        .values({
          templateKey: template.key,
          to,
          cc: template.cc,
          bcc: template.bcc,
          subject: fillPlaceholders(subject, request.values, (v) => v.replace(/[\r\n]+/g, ' ')),
          html: fillPlaceholders(body, request.values, escapeHtml, request.markup),
        })
        .returning(announced);
      const payload: DeliverPayload = {
        outboxId: row.id,
        replyTo: request.replyTo,
        unsubscribeUrl: request.unsubscribeUrl,
      };
      await this.jobs.enqueue(deliverJob, payload, tx, { maxAttempts: mailAttempts });
      await announceMail(tx, row, 'created');
      return row.id;
    };
    if (executor) return record(executor);
    const id = await this.db.transaction(record);
    this.jobs.wakeUp();
    return id;
  }

  /** The user's language (the preference `locale`), English for nobody or no choice. */
  async localeOf(userId: number | undefined, reader: Db = this.db): Promise<Locale> {
    if (userId === undefined) return 'en';
    const [row] = await reader
      .select({ value: userPreferences.value })
      .from(userPreferences)
      .where(and(eq(userPreferences.userId, userId), eq(userPreferences.key, localePreferenceKey)));
    return isLocale(row?.value) ? row.value : 'en';
  }

  /**
   * Queues a failed message again, from its first attempt; false when there is nothing to
   * resend (not failed, or its body already purged).
   */
  async resend(outboxId: number) {
    const queued = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(emailOutbox)
        .set({ status: 'pending', attempts: 0, lastError: null, version: nextVersion })
        .where(and(eq(emailOutbox.id, outboxId), eq(emailOutbox.status, 'failed'), ne(emailOutbox.html, '')))
        .returning(announced);
      if (!row) return false;
      // The contact form's Reply-To and a notification's unsubscribe link live only in the job that gave up.
      const [previous] = await tx
        .select({ payload: jobRows.payload })
        .from(jobRows)
        .where(and(eq(jobRows.type, deliverJob), sql`(${jobRows.payload}->>'outboxId')::int = ${outboxId}`))
        .orderBy(desc(jobRows.id))
        .limit(1);
      const { replyTo, unsubscribeUrl } = (previous?.payload ?? {}) as Partial<DeliverPayload>;
      const payload: DeliverPayload = { outboxId, replyTo, unsubscribeUrl };
      await this.jobs.enqueue(deliverJob, payload, tx, { maxAttempts: mailAttempts });
      await announceMail(tx, row, 'updated');
      return true;
    });
    if (queued) this.jobs.wakeUp();
    return queued;
  }

  /** Empties the bodies past their retention; returns how many. */
  async purgeBodies() {
    const purged = await this.db
      .update(emailOutbox)
      .set({ html: '' })
      .where(
        and(
          ne(emailOutbox.html, ''),
          sql`((${emailOutbox.status} = 'sent' and ${emailOutbox.sentAt} < now() - ${`${sentBodyRetentionMs} milliseconds`}::interval)
            or (${emailOutbox.status} = 'failed' and ${emailOutbox.createdAt} < now() - ${`${failedBodyRetentionMs} milliseconds`}::interval))`,
        ),
      )
      .returning({ id: emailOutbox.id });
    return purged.length;
  }

  /**
   * Runs work off the request path, such as looking up an account and mailing it, so a
   * response takes the same time whether or not the account exists.
   */
  background(task: () => Promise<unknown>) {
    const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .then(
        () => undefined,
        (error) => this.log.error({ err: error }, 'background e-mail task failed'),
      )
      .finally(() => this.inFlight.delete(run));
    this.inFlight.add(run);
  }

  /** Resolves once every background task handed over so far has recorded its mail. */
  async settled() {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Records and then delivers everything due now, in this process (tests and scripts). */
  async flush() {
    await this.settled();
    await this.jobs.drain();
  }

  private async deliver({ outboxId, replyTo, unsubscribeUrl }: DeliverPayload) {
    const [row] = await this.db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId));
    if (!row || row.status === 'sent') return;
    try {
      const info = await this.transport.sendMail({
        from: this.config.mailFrom,
        to: row.to,
        cc: row.cc ?? undefined,
        bcc: row.bcc ?? undefined,
        replyTo,
        subject: row.subject,
        html: row.html,
        text: htmlToText(row.html),
        headers: unsubscribeUrl
          ? {
              'List-Unsubscribe': `<${unsubscribeUrl}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            }
          : undefined,
      });
      if (!this.config.smtpUrl) await this.writeToOutbox(row, info.message as Buffer);
    } catch (error) {
      await this.write(row.id, {
        lastError: visibleJobError(error),
        attempts: sql`${emailOutbox.attempts} + 1`,
      });
      throw error;
    }
    await this.write(row.id, {
      status: 'sent',
      sentAt: new Date(),
      lastError: null,
      attempts: sql`${emailOutbox.attempts} + 1`,
    });
  }

  /** A delivery's outcome on the message, announced. */
  private async write(id: number, outcome: PgUpdateSetSource<typeof emailOutbox>) {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(emailOutbox)
        .set({ ...outcome, version: nextVersion })
        .where(eq(emailOutbox.id, id))
        .returning(announced);
      if (row) await announceMail(tx, row, 'updated');
    });
  }

  private async writeToOutbox(row: typeof emailOutbox.$inferSelect, message: Buffer) {
    const dir = outboxDir(this.config);
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `${String(row.id).padStart(6, '0')}-${row.templateKey ?? 'mail'}.eml`);
    await writeFile(file, message);
    const links = this.logLinks
      ? { links: [...row.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replaceAll('&amp;', '&')) }
      : {};
    this.log.info({ file, ...links }, `e-mail written to ${file}`);
  }
}
