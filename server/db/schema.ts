import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { versionColumn } from './resource-table';
import { createdAt, live, trashColumns, trigramIndex } from './tables/base';
import { users } from './tables/accounts';

export const emailOutbox = pgTable('email_outbox', {
  id: serial('id').primaryKey(),
  version: versionColumn(),
  templateKey: text('template_key'),
  to: text('to').notNull(),
  cc: text('cc'),
  bcc: text('bcc'),
  subject: text('subject').notNull(),
  html: text('html').notNull(),
  status: text('status', { enum: ['pending', 'sent', 'failed'] })
    .notNull()
    .default('pending'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

/** Durable background jobs; workers claim them with `FOR UPDATE SKIP LOCKED`. */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    version: versionColumn(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The server whose local disk holds the job's files; null when any server may run it. */
    runOn: text('run_on'),
    /**
     * Whose work the job is, so workers share out between organizations (fair claiming); null
     * for the portal's own (mail). No foreign key: it only orders claims, and must not stop an
     * organization from being deleted.
     */
    organizationId: integer('organization_id'),
    /** When the queue or an Admin last changed the job: the jobs page's 'Updated'. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_claim_idx').on(t.status, t.runAt),
    // A claim orders organizations by when each was last served: its latest job, found here.
    index('jobs_organization_idx').on(t.organizationId, t.updatedAt),
  ],
);

/** Running servers on one PostgreSQL, each renewing its row, so start-up can see the others. */
export const servers = pgTable('servers', {
  id: text('id').primaryKey(),
  localFiles: boolean('local_files').notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    version: versionColumn(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    details: jsonb('details'),
    createdAt: createdAt(),
    // The log grows with every change, so its search reads a trigram index rather than every row.
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(action || ' ' || entity_type || ' ' || coalesce(entity_id, ''))`,
    ),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    trigramIndex('audit_log_search_idx', t.searchText),
    // The log's default order (newest first, read backwards): its first page reads 25 entries
    // instead of sorting them all.
    index('audit_log_created_idx').on(t.createdAt, t.id),
  ],
);

export const settings = pgTable(
  'settings',
  {
    id: serial('id').primaryKey(),
    version: versionColumn(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    searchText: text('search_text').generatedAlwaysAs(sql`lower(key || ' ' || value)`),
    ...trashColumns(),
  },
  (t) => [
    uniqueIndex('settings_key_idx').on(t.key).where(live),
    trigramIndex('settings_search_idx', t.searchText),
  ],
);

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    version: versionColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    organization: text('organization').notNull(),
    state: text('state').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    description: text('description'),
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(code || ' ' || name || ' ' || organization || ' ' || state)`,
    ),
    ...trashColumns(),
  },
  (t) => [
    // Shoppers type codes in any case, so two codes differing only in case would collide.
    uniqueIndex('promo_codes_code_lower_idx')
      .on(sql`lower(${t.code})`)
      .where(live),
    trigramIndex('promo_codes_search_idx', t.searchText),
  ],
);

export const emailTemplates = pgTable('email_templates', {
  id: serial('id').primaryKey(),
  version: versionColumn(),
  key: text('key').notNull().unique(),
  to: text('to'),
  cc: text('cc'),
  bcc: text('bcc'),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  description: text('description'),
  // A Spanish user's mail; each falls back to the English one when empty (server/mail/mailer.ts).
  subjectEs: text('subject_es'),
  bodyEs: text('body_es'),
  searchText: text('search_text').generatedAlwaysAs(
    sql`lower(key || ' ' || subject || ' ' || coalesce(description, ''))`,
  ),
});

/**
 * This database's claim on the file store (one row), matched against the marker the sweep keeps
 * in the store (`server/storage/owner.ts`): the id is made at the first sweep, the token changes
 * at every sweep, so a copy restored from a backup holds a token the store no longer names.
 */
export const fileStoreOwner = pgTable('file_store_owner', {
  single: boolean('single').primaryKey().default(true),
  databaseId: text('database_id').notNull(),
  token: text('token').notNull(),
});

/**
 * Fixed-window counters for brute-force limits (sign-in, second step, recovery, forgotten
 * password), kept in the database so several server processes share them.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowEndsAt)],
);

/**
 * Every record change announced to the change streams, in one order shared by all servers: a
 * stream resumes from a position (`Last-Event-ID`) on any server and after restarts. Written in
 * the change's transaction under a lock held to its commit, so positions follow commit order
 * (`server/engine/change-log.ts`); pruned to a window by the job worker's hourly chores.
 */
export const changeLog = pgTable(
  'change_log',
  {
    position: bigint('position', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The `ChangeNotice`: the event and the organization it belongs to, for the filter. */
    notice: jsonb('notice').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('change_log_created_idx').on(t.createdAt)],
);

/** Keys generated once and shared by every server on the database (what a token is sealed with). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export { organizations } from './tables/base';
export * from './tables/accounts';
export * from './tables/merchandise';
export * from './tables/orders';
