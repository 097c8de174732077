import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { allowReferencesTo, versionColumn } from './resource-table';
import type { PrintAreas } from '../../contract/composition';
import type { Layer } from '../../contract/text';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/**
 * Where a record in the trash says who moved it there and when (`trash: true` definitions and
 * design logos); `deleted_by` is kept loose (no foreign key) so purging a user never has to
 * rewrite trashed rows, and its trash view shows a removed user as unknown.
 */
const trashColumns = () => ({
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  deletedBy: integer('deleted_by'),
});
/** A unique rule among the records outside the trash: a trashed name may be taken again. */
const live = sql`deleted_at is null`;

/** Search columns hold lower-cased text kept by PostgreSQL itself, indexed by trigrams for `allSearch`. */
const trigramIndex = (name: string, column: { name: string }) =>
  index(name).using('gin', sql`${sql.identifier(column.name)} gin_trgm_ops`);

export const organizations = pgTable(
  'organizations',
  {
    id: serial('id').primaryKey(),
    version: versionColumn(),
    guid: uuid('guid').notNull().unique().defaultRandom(),
    name: text('name').notNull(),
    spiritShopAddress: text('spirit_shop_address'),
    createdAt: createdAt(),
    ...trashColumns(),
  },
  // Names are unique regardless of case: two would be indistinguishable in the selector.
  (t) => [
    uniqueIndex('organizations_name_lower_idx')
      .on(sql`lower(${t.name})`)
      .where(live),
  ],
);
allowReferencesTo('organizations', () => organizations);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    version: versionColumn(),
    email: text('email').notNull(),
    normalizedEmail: text('normalized_email').notNull(),
    username: text('username').notNull(),
    firstName: text('first_name').notNull().default(''),
    middleName: text('middle_name'),
    lastName: text('last_name').notNull().default(''),
    suffix: text('suffix'),
    contactInformation: text('contact_information'),
    organizationId: integer('organization_id').references(() => organizations.id),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    passwordHash: text('password_hash'),
    securityStamp: text('security_stamp').notNull(),
    emailConfirmed: boolean('email_confirmed').notNull().default(false),
    isLocked: boolean('is_locked').notNull().default(false),
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
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(email || ' ' || first_name || ' ' || coalesce(middle_name, '') || ' ' || last_name)`,
    ),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_normalized_email_idx').on(t.normalizedEmail),
    // The accounts table's default order: a search matching many users reads its first page
    // along this index instead of sorting every match.
    index('users_email_idx').on(t.email),
    index('users_organization_idx').on(t.organizationId),
    trigramIndex('users_search_idx', t.searchText),
  ],
);
allowReferencesTo('users', () => users);

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

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  version: versionColumn(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  isShowcased: boolean('is_showcased').notNull().default(false),
  searchText: text('search_text').generatedAlwaysAs(sql`lower(slug || ' ' || name)`),
});

export const designLogos = pgTable(
  'design_logos',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: createdAt(),
    ...trashColumns(),
  },
  (t) => [index('design_logos_organization_idx').on(t.organizationId)],
);

export const baseApparel = pgTable('base_apparel', {
  id: serial('id').primaryKey(),
  brandId: integer('brand_id').references(() => brands.id),
  title: text('title').notNull(),
  description: text('description').notNull(),
  price: money('price').notNull(),
  imageKey: text('image_key').notNull(),
  // Without a seeded area, the whole image prints 12 inches across (a square image assumed).
  printAreas: jsonb('print_areas')
    .$type<PrintAreas>()
    .notNull()
    .default({
      front: { left: 0, top: 0, width: 1, height: 1, widthInches: 12, heightInches: 12 },
      back: null,
    }),
});

/**
 * The colours a base apparel item comes in, each with the garment's image in it, in the order
 * they were added; the item's own image shows the first.
 */
export const apparelColours = pgTable(
  'apparel_colours',
  {
    id: serial('id').primaryKey(),
    baseApparelId: integer('base_apparel_id')
      .notNull()
      .references(() => baseApparel.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    hex: text('hex').notNull(),
    imageKey: text('image_key').notNull(),
  },
  (t) => [uniqueIndex('apparel_colours_name_idx').on(t.baseApparelId, t.name)],
);

export const merchandise = pgTable(
  'merchandise',
  {
    id: serial('id').primaryKey(),
    version: versionColumn(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    logoId: integer('logo_id').references(() => designLogos.id, { onDelete: 'set null' }),
    baseApparelId: integer('base_apparel_id')
      .notNull()
      .references(() => baseApparel.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    price: money('price').notNull(),
    status: text('status', { enum: ['processing', 'ready', 'failed'] })
      .notNull()
      .default('processing'),
    sourceImageKey: text('source_image_key'),
    imageKey: text('image_key'),
    thumbnailKey: text('thumbnail_key'),
    /** The front's print file; the back's beside it, when the design has a back. */
    printKey: text('print_key'),
    backPrintKey: text('back_print_key'),
    externalId: text('external_id'),
    // Products made before placements were stored had the one-click placement of a square logo.
    placementX: doublePrecision('placement_x').notNull().default(0.5),
    placementY: doublePrecision('placement_y').notNull().default(0.458333),
    placementWidth: doublePrecision('placement_width').notNull().default(0.25),
    placementRotation: doublePrecision('placement_rotation').notNull().default(0),
    /** Artwork beyond the main front logo (the placement above): logos on either side. */
    layers: jsonb('layers').$type<Layer[]>().notNull().default([]),
    /** Archiving is the product's move to the trash: when, and who (loose, like `deleted_by`). */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    archivedBy: integer('archived_by'),
    /**
     * Bytes of the product's stored files (the composed upload, then the image, thumbnail and
     * print file), counted against the organization's storage quota. Products made before it
     * was recorded count 0.
     */
    storedBytes: integer('stored_bytes').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('merchandise_organization_idx').on(t.organizationId),
    // One product per design among those outside the trash (a restore is what is checked): the main
    // logo's placement and every further layer (a hash, as a long list of layers would not fit an
    // index entry; the server writes them one way).
    uniqueIndex('merchandise_design_idx')
      .on(
        t.organizationId,
        t.logoId,
        t.baseApparelId,
        t.placementX,
        t.placementY,
        t.placementWidth,
        t.placementRotation,
        sql`md5(${t.layers}::text)`,
      )
      .where(sql`archived_at is null`),
  ],
);

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
 * Images uploaded through `UploadImageToShopify`: nothing else refers to them, so this row is
 * what counts them against the quota and what the storage sweep removes them by once kept
 * long enough for the storefront to fetch them. No organization: an Admin's upload without one.
 */
export const storefrontUploads = pgTable(
  'storefront_uploads',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').references(() => organizations.id),
    storageKey: text('storage_key').notNull().unique(),
    byteSize: integer('byte_size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('storefront_uploads_organization_idx').on(t.organizationId),
    index('storefront_uploads_created_idx').on(t.createdAt),
  ],
);

/**
 * The colours a product is sold in, each with its composed image once processed (the
 * product's own image is the one the studio composed, on the catalogue colour).
 */
export const merchandiseColours = pgTable(
  'merchandise_colours',
  {
    id: serial('id').primaryKey(),
    merchandiseId: integer('merchandise_id')
      .notNull()
      .references(() => merchandise.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    hex: text('hex').notNull(),
    /** The garment in this colour, whose image the job composes on. */
    apparelColourId: integer('apparel_colour_id')
      .notNull()
      .references(() => apparelColours.id),
    imageKey: text('image_key'),
    thumbnailKey: text('thumbnail_key'),
  },
  (t) => [index('merchandise_colours_merchandise_idx').on(t.merchandiseId)],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    version: versionColumn(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    collectionId: text('collection_id').notNull(),
    orderNumber: text('order_number').notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    total: money('total').notNull(),
    status: text('status').notNull(),
    /**
     * The storefront's own order id: a webhook delivered twice finds its order already here. A
     * storefront order of several schools' products is one order per school, hence the pair.
     */
    externalId: text('external_id'),
    createdAt: createdAt(),
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(order_number || ' ' || customer_name || ' ' || customer_email || ' ' || status)`,
    ),
  },
  (t) => [
    // A school's table in its default order (newest first, read backwards), its export's keyset
    // pages and its sales of a period read only their own rows along this index; it serves
    // lookups by organization too.
    index('orders_organization_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('orders_collection_idx').on(t.collectionId),
    trigramIndex('orders_search_idx', t.searchText),
    uniqueIndex('orders_external_id_idx').on(t.externalId, t.organizationId),
  ],
);

/**
 * What a school sold on each UTC day (orders neither cancelled nor refunded), kept by triggers on
 * `orders` in the write's own transaction (migration 0024): the dashboard reads a period's days
 * here, one row per school and day, instead of every order of the period. Exact to the cent.
 */
export const salesDays = pgTable(
  'sales_days',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    revenue: money('revenue').notNull(),
    orders: integer('orders').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.day] }), index('sales_days_day_idx').on(t.day)],
);

/**
 * What every school together sold on each UTC day, kept with `sales_days` by the same trigger
 * (migration 0028): the Admin's card of all schools reads one row per day shown, not one per
 * school and day. Every order of a day updates that day's row, so orders of the same day written
 * at once by different transactions wait for each other's commit (one short statement each).
 */
export const platformSalesDays = pgTable('platform_sales_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  revenue: money('revenue').notNull(),
  orders: integer('orders').notNull(),
});

/**
 * Units of each product a school sold on each UTC day (items of orders neither cancelled nor
 * refunded), kept by triggers on `orders` and `order_items` in the write's own transaction
 * (migration 0025): top products read a period's days here instead of every item of the period.
 * No foreign keys: a removed product's days are never joined to a product again.
 */
export const productDays = pgTable(
  'product_days',
  {
    organizationId: integer('organization_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    productId: integer('product_id').notNull(),
    units: integer('units').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.day, t.productId] }),
    // Every school's days read from the index alone.
    index('product_days_day_product_idx').on(t.day, t.productId, t.units),
  ],
);

/**
 * `product_days` summed per calendar month (UTC), kept by the same trigger function (migration
 * 0028): a long period's top products read its whole months here and only the days at its edges
 * from `product_days`, so a year of every school is some 13 rows per product instead of 366.
 */
export const productMonths = pgTable(
  'product_months',
  {
    organizationId: integer('organization_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    productId: integer('product_id').notNull(),
    units: integer('units').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.month, t.productId] }),
    index('product_months_month_product_idx').on(t.month, t.productId, t.units),
  ],
);

/**
 * What an order sold, at the price of the sale. The product is kept when the storefront item is
 * one of ours; an item we do not know (or a product since removed) keeps its title and price.
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => merchandise.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
  },
  (t) => [
    // Top products read a period's items from this index alone, without visiting the table.
    index('order_items_order_product_idx').on(t.orderId, t.productId, t.quantity),
    index('order_items_product_idx').on(t.productId),
  ],
);

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
