import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { auditLogWithoutSchemas as auditLogDefinition } from '../../contract/definitions/audit-log';
import { emailTemplates as emailTemplatesDefinition } from '../../contract/definitions/email-templates';
import { jobs as jobsDefinition, jobStatuses } from '../../contract/definitions/jobs';
import { mail, mailStatuses } from '../../contract/definitions/mail';
import { promoCodes as promoCodesDefinition } from '../../contract/definitions/promo-codes';
import { settings as settingsDefinition } from '../../contract/definitions/settings';
import { resourceTable } from './resource-table';
import { reviewAssignments as reviewAssignmentsDefinition } from '../../contract/definitions/review-assignments';
import { createdAt } from './tables/base';
import { users } from './tables/accounts';

// No kept search text: the outbox's list lowers the address and subject at query time.
export const emailOutbox = resourceTable(mail, {
  columns: {
    cc: text('cc'),
    bcc: text('bcc'),
    html: text('html').notNull(),
    status: text('status', { enum: mailStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
  },
  search: 'none',
});

/** Durable background jobs; workers claim them with `FOR UPDATE SKIP LOCKED`. */
export const jobs = resourceTable(jobsDefinition, {
  columns: {
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: jobStatuses }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
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
  },
  // The product a job works on is read from its payload (`server/modules/jobs/resource.ts`).
  computed: ['merchandiseId'],
  search: 'none',
  indexes: (t) => [
    index('jobs_claim_idx').on(t.status, t.runAt),
    // A claim orders organizations by when each was last served: its latest job, found here.
    index('jobs_organization_idx').on(t.organizationId, t.updatedAt),
    // One digest sweep per slot, however many servers schedule it (`server/modules/notifications/digest.ts`).
    uniqueIndex('jobs_digest_slot_idx')
      .on(sql`(${t.payload}->>'slot')`)
      .where(sql`type = 'notifications.digest'`),
  ],
});

/** Running servers on one PostgreSQL, each renewing its row, so start-up can see the others. */
export const servers = pgTable('servers', {
  id: text('id').primaryKey(),
  localFiles: boolean('local_files').notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

export const auditLog = resourceTable(auditLogDefinition, {
  columns: {
    // Kept when the user is purged, as nobody; the log is read by time and entity, not by actor.
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    details: jsonb('details'),
  },
  indexes: (t) => [
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    // The log's default order (newest first, read backwards): its first page reads 25 entries
    // instead of sorting them all.
    index('audit_log_created_idx').on(t.createdAt, t.id),
  ],
});

export const settings = resourceTable(settingsDefinition);

export const promoCodes = resourceTable(promoCodesDefinition);

export const reviewAssignments = resourceTable(reviewAssignmentsDefinition);

// Some twenty seeded templates: their search reads every row.
export const emailTemplates = resourceTable(emailTemplatesDefinition, { search: 'unindexed' });

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

/**
 * The answers of creates and imports sent with an `Idempotency-Key`, written in the write's own
 * transaction: a retry of a create that committed (its answer lost to a 503 or a dropped
 * connection) finds its key and gets the first answer, never a second row. Kept 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** What was asked (route, body or file): the same key for another request is refused. */
    request: text('request').notNull(),
    answer: jsonb('answer').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_user_key_idx').on(t.userId, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
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
export * from './tables/campaigns';
export * from './tables/notifications';
