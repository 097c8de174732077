/** Users and what signs them in: sessions, recovery codes, trusted machines, passkeys, tokens, preferences. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { usersWithoutSchemas } from '../../../contract/definitions/users';
import { resourceTable } from '../resource-table';
import { createdAt } from './base';

export const users = resourceTable(usersWithoutSchemas, {
  columns: {
    // What the e-mail's uniqueness is kept on: the address as `server/auth` normalizes it.
    normalizedEmail: text('normalized_email').notNull(),
    username: text('username').notNull(),
    firstName: text('first_name').notNull().default(''),
    middleName: text('middle_name'),
    lastName: text('last_name').notNull().default(''),
    suffix: text('suffix'),
    contactInformation: text('contact_information'),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    passwordHash: text('password_hash'),
    securityStamp: text('security_stamp').notNull(),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockoutEnd: timestamp('lockout_end', { withTimezone: true }),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    authenticatorKey: text('authenticator_key'),
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
    profilePhotoGuid: uuid('profile_photo_guid'),
    profilePhotoKey: text('profile_photo_key'),
    /** Counted against the organization's storage quota (`server/storage/quota.ts`). */
    profilePhotoBytes: integer('profile_photo_bytes').notNull().default(0),
    timeZone: text('time_zone'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The full name is the users module's, joined from the name parts the search reads.
  computed: ['fullName'],
  searchColumns: ['email', 'firstName', 'middleName', 'lastName'],
  uniqueOn: { email: 'normalizedEmail' },
  indexes: (t) => [
    // The accounts table's default order: a search matching many users reads its first page
    // along this index instead of sorting every match.
    index('users_email_idx').on(t.email),
  ],
});

/** Sessions: the cookie carries a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `full` is signed in; `twoFactor` has passed the password step only and opens nothing else. */
    stage: text('stage', { enum: ['full', 'twoFactor'] }).notNull(),
    rememberMe: boolean('remember_me').notNull().default(false),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** "Remember this machine" after a second factor: void when the security stamp changes. */
export const trustedMachines = pgTable('trusted_machines', {
  id: text('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  securityStamp: text('security_stamp').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** Passkeys (WebAuthn credentials): the public key only; the private key never leaves the authenticator. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** base64url, as the browser reports it: unique across users, since sign-in looks it up alone. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter; one that goes backwards means a cloned key. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * Outstanding WebAuthn challenges, keyed by the SHA-256 of the browser's challenge cookie: each
 * is taken once (deleted as it is read). A registration's is also bound to the session that
 * asked, and dies with it.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'authenticate', 'reauthenticate'] }).notNull(),
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    challenge: text('challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('passkey_challenges_expires_idx').on(t.expiresAt)],
);

/** What a user chose in the app (theme, columns, saved views), by the app's store key. */
export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** Single-use e-mailed tokens: password reset, account confirmation, e-mail change. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['resetPassword', 'confirmAccount', 'changeEmail'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    securityStamp: text('security_stamp').notNull(),
    payload: jsonb('payload'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_tokens_hash_idx').on(t.tokenHash)],
);
