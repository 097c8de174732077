import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/** An S3-compatible bucket (`S3_*`): the blob store every server process shares. */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style URLs (`endpoint/bucket/key`), which MinIO, Ceph and most self-hosted stores need. */
  forcePathStyle: boolean;
}

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true');

const optionalString = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

/** A proxy's address as @fastify/proxy-addr takes it: an IP, a CIDR block, or one of its named ranges. */
function isProxyAddress(entry: string) {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

const maxProxyHops = 10;

export interface PasswordHashingLimits {
  /** Hashes and checks running at once in this process. */
  concurrency: number;
  /** Further ones waiting for a turn; past them, a refusal at once. */
  queue: number;
}

/**
 * One core is kept for the event loop, so requests that hash nothing (and `/readyz`) are served
 * through a sign-in flood; 16 waiting turns of tens of milliseconds each are under a second.
 */
/** Past this, a request or job that never ends must not keep a stopping server alive forever. */
export const shutdownGraceMs = 30_000;

export const defaultPasswordHashing: PasswordHashingLimits = {
  concurrency: Math.max(1, availableParallelism() - 1),
  queue: 16,
};

/**
 * What one client address may hold without a proxy in front: a school's NAT of 30 browsers at
 * the 6 connections each opens is 180, and 2,000 half-open sockets from one client (which held
 * every connection for the 20 s header limit) leave the other 1,800 to everyone else.
 */
const defaultConnectionsPerAddress = 200;
const seconds = (fallback: number) => z.coerce.number().int().min(1).max(3600).default(fallback);

/** Every setting of the server, read from the environment and validated once at start. */
const envSchema = z.object({
  // Not z.coerce: it reads an empty PORT as 0, a random port nobody would find.
  PORT: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return 3000;
      const port = /^\d+$/.test(value.trim()) ? Number(value) : NaN;
      if (port >= 1 && port <= 65535) return port;
      ctx.addIssue({
        code: 'custom',
        message: 'PORT must be a port number from 1 to 65535, or unset for 3000',
      });
      return z.NEVER;
    }),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.refine(
    (value) =>
      value === undefined ||
      (URL.canParse(value) && ['postgres:', 'postgresql:'].includes(new URL(value).protocol)),
    'DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/database (or unset for the embedded database)',
  ),
  MIGRATION_DATABASE_URL: optionalString.refine(
    (value) =>
      value === undefined ||
      (URL.canParse(value) && ['postgres:', 'postgresql:'].includes(new URL(value).protocol)),
    'MIGRATION_DATABASE_URL must be a PostgreSQL URL such as postgres://owner:password@host:5432/database',
  ),
  DATABASE_STARTUP_TIMEOUT_SECONDS: seconds(60),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_CONNECT_TIMEOUT_SECONDS: seconds(5),
  DATABASE_QUERY_TIMEOUT_SECONDS: seconds(10),
  ADMIN_EMAIL: optionalString.pipe(z.email('ADMIN_EMAIL must be an e-mail address').optional()),
  ADMIN_PASSWORD: optionalString,
  SEED_DEMO: flag,
  COOKIE_LIFETIME_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  SESSIONS_PER_USER: z.coerce.number().int().min(1).max(1000).default(10),
  PUBLIC_URL: optionalString.pipe(z.url('PUBLIC_URL must be a URL').optional()),
  ENVIRONMENT_NAME: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx): false | number | string[] => {
      const text = value?.trim() ?? '';
      if (['', '0', 'false'].includes(text)) return false;
      if (/^\d+$/.test(text) && Number(text) <= maxProxyHops) return Number(text);
      const entries = text
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const wrong = entries.find((entry) => !isProxyAddress(entry));
      if (wrong === undefined) return entries;
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY must be the number of proxies in front of the server (1 to ${maxProxyHops}; 1 behind one nginx) or their addresses such as 127.0.0.1,10.0.0.0/8, not "${wrong}"`,
      });
      return z.NEVER;
    }),
  STATIC_DIR: z.string().default('./dist'),
  PORTAL_NAME: z
    .string()
    .trim()
    .min(1, 'PORTAL_NAME must not be blank')
    .max(60, 'PORTAL_NAME must be at most 60 characters')
    .default('Spirit Portal'),
  FRAME_PARENT_ORIGINS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const origins: string[] = [];
      for (const entry of (value ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)) {
        const url = URL.canParse(entry) ? new URL(entry) : null;
        if (!url || !['https:', 'http:'].includes(url.protocol) || url.origin !== entry.replace(/\/$/, '')) {
          ctx.addIssue({
            code: 'custom',
            message: `FRAME_PARENT_ORIGINS: "${entry}" is not an origin such as https://shop.example.com`,
          });
          continue;
        }
        origins.push(url.origin);
      }
      return origins;
    }),
  SMTP_URL: optionalString.pipe(
    z.url('SMTP_URL must be a URL such as smtps://user:pass@smtp.example:465').optional(),
  ),
  MAIL_FROM: z.string().default('Spirit Portal <no-reply@spirit.local>'),
  CONTACT_EMAIL: optionalString.pipe(z.email('CONTACT_EMAIL must be an e-mail address').optional()),
  OIDC_ISSUER: optionalString.pipe(z.url('OIDC_ISSUER must be a URL').optional()),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_DISPLAY_NAME: z.string().default('Single sign-on'),
  JOB_WORKER: z
    .enum(['0', '1', 'true', 'false', ''])
    .optional()
    .transform((value) => value !== '0' && value !== 'false'),
  WORKFLOW_SWEEP_SECONDS: seconds(15),
  RENDER_JOB_WORKERS: z.coerce.number().int().min(1).max(16).default(2),
  SHOPIFY_SHOP_URL: optionalString.pipe(
    z.url('SHOPIFY_SHOP_URL must be a URL such as https://shop.myshopify.com').optional(),
  ),
  SHOPIFY_ACCESS_TOKEN: optionalString,
  SHOPIFY_API_VERSION: z.string().default('2025-01'),
  SHOPIFY_WEBHOOK_SECRET: optionalString.pipe(
    z.string().min(16, 'SHOPIFY_WEBHOOK_SECRET must be the app secret (at least 16 characters)').optional(),
  ),
  S3_ENDPOINT: optionalString.pipe(
    z.url('S3_ENDPOINT must be a URL such as https://s3.example.com').optional(),
  ),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  METRICS_TOKEN: optionalString,
  HTTP_REQUEST_TIMEOUT_SECONDS: seconds(120),
  HTTP_HEADERS_TIMEOUT_SECONDS: seconds(20),
  HTTP_IDLE_TIMEOUT_SECONDS: seconds(60),
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: seconds(72),
  HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(2000),
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: optionalString
    .transform((value) => (value === undefined ? undefined : Number(value)))
    .pipe(z.number().int().min(0).optional()),
  PASSWORD_HASH_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(defaultPasswordHashing.concurrency),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(1000).default(defaultPasswordHashing.queue),
  STORAGE_QUOTA_MB: z.coerce.number().int().min(1).default(1024),
  TRASH_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  S3_FORCE_PATH_STYLE: z
    .enum(['0', '1', 'true', 'false', ''])
    .optional()
    .transform((value) => value !== '0' && value !== 'false'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Who runs migrations when the application's own user may only read and write rows. */
  migrationDatabaseUrl?: string;
  /** How long a starting server waits for PostgreSQL to accept connections before giving up. */
  databaseStartupTimeoutSeconds: number;
  databasePoolSize: number;
  /** Longest wait for a PostgreSQL connection (a new one, or a free one of the pool). */
  databaseConnectTimeoutSeconds: number;
  /** Longest wait for a query's answer, and the server-side statement and idle-transaction limit. */
  databaseQueryTimeoutSeconds: number;
  pgliteDir: string;
  adminEmail?: string;
  adminPassword?: string;
  seedDemo: boolean;
  cookieLifetimeMinutes: number;
  /** Live sessions a user may have; a further sign-in ends their oldest. */
  sessionsPerUser: number;
  publicUrl?: string;
  /** Shown in the app's banner through a cookie; unset means production and no banner. */
  environmentName?: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /**
   * Whose `X-Forwarded-*` to believe. false: nobody's, the peer is the client. A number: that
   * many proxies in front, each appending the address it was reached from, so the client is the
   * address the outermost one appended and anything a client wrote before it is ignored.
   * Addresses: only peers and hops within them are proxies.
   */
  trustProxy: false | number | string[];
  staticDir: string;
  /** The name on the sign-in card, the top bar and every page's title. */
  portalName: string;
  /** Pages allowed to embed the app as a child frame (CSP frame-ancestors) and to message it. */
  frameParentOrigins: string[];
  /** Unset: e-mails are written under DATA_DIR/outbox/ instead of sent. */
  smtpUrl?: string;
  mailFrom: string;
  /** Where the contact form delivers; unset, the Contact template's own `to`. */
  contactEmail?: string;
  /** External sign-in through one OpenID Connect provider: issuer, client id and secret together, or none. */
  oidc?: { issuer: string; clientId: string; clientSecret: string; displayName: string };
  /** Run the background job worker in this process (default on; several processes may). */
  jobWorker: boolean;
  /** How often the job worker's clock takes scheduled steps that are due (a store window opening). */
  workflowSweepMs: number;
  /** Product-processing (render) workers per process; one organization holds all but one at most. */
  renderJobWorkers: number;
  /**
   * Both set: merchandise is published to this Shopify store instead of served by the portal.
   * With `webhookSecret`, the store's `orders/create` webhook records its orders.
   */
  shopify?: { shopUrl: string; accessToken: string; apiVersion: string; webhookSecret?: string };
  /** Set: blobs live in this S3-compatible bucket, shared by every server process; unset: DATA_DIR/files. */
  s3?: S3Settings;
  /**
   * Bytes of uploaded and generated files each organization may keep; files of no organization
   * (Admins' photos and storefront uploads) share one more quota of the same size.
   */
  storageQuotaBytes: number;
  /** How long a deleted record stays in the trash before the trash job deletes it for good. */
  trashRetentionDays: number;
  /** Set: `GET /metrics` (Prometheus) answers requests bearing it; unset: no metrics endpoint. */
  metricsToken?: string;
  /** Bounds on slow or idle clients, so a trickling connection cannot hold a socket for ever. */
  http: {
    /** The whole request (headers and body) must have arrived within this. */
    requestTimeoutSeconds: number;
    headersTimeoutSeconds: number;
    /** A connection on which nothing moves either way for this long is closed. */
    idleTimeoutSeconds: number;
    keepAliveTimeoutSeconds: number;
    maxConnections: number;
    /**
     * Connections one client address (an IPv6 /64) may hold at once; 0 for no bound. Behind a
     * trusted proxy every connection comes from the proxy, so the proxy bounds them instead.
     */
    maxConnectionsPerAddress: number;
  };
  /**
   * Argon2 hashes and checks (sign-in, registration, password changes and resets, accounts made
   * with a password) at once in this process, and how many more wait; further ones get 503.
   */
  passwordHashing: PasswordHashingLimits;
};

/**
 * The address to open the portal at, which the start-up log prints: `PUBLIC_URL`, else the
 * port at `localhost`, not the IP address listened on, because passkeys need a name and browsers
 * refuse an IP address as one.
 */
export const portalAddress = (config: Pick<Config, 'port' | 'publicUrl'>) =>
  config.publicUrl ?? `http://localhost:${config.port}`;

export class ConfigError extends Error {}

function oidcConfig(e: z.infer<typeof envSchema>): Config['oidc'] {
  if (!e.OIDC_ISSUER && !e.OIDC_CLIENT_ID && !e.OIDC_CLIENT_SECRET) return undefined;
  if (!e.OIDC_ISSUER || !e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET) {
    throw new ConfigError(
      'Invalid configuration: set all of OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET, or none',
    );
  }
  return {
    issuer: e.OIDC_ISSUER,
    clientId: e.OIDC_CLIENT_ID,
    clientSecret: e.OIDC_CLIENT_SECRET,
    displayName: e.OIDC_DISPLAY_NAME,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    // One line per problem, each naming its variable (our messages start with it, zod's do not).
    const lines = parsed.error.issues.map((issue) => {
      const variable = issue.path.join('.');
      const message = issue.message.startsWith(variable) ? issue.message : `${variable}: ${issue.message}`;
      return `Invalid configuration: ${message}`;
    });
    throw new ConfigError(lines.join('\n'));
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.HTTP_HEADERS_TIMEOUT_SECONDS > e.HTTP_REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError(
      'Invalid configuration: HTTP_HEADERS_TIMEOUT_SECONDS must not be larger than HTTP_REQUEST_TIMEOUT_SECONDS',
    );
  }
  if (Boolean(e.SHOPIFY_SHOP_URL) !== Boolean(e.SHOPIFY_ACCESS_TOKEN)) {
    throw new ConfigError(
      'Invalid configuration: set both SHOPIFY_SHOP_URL and SHOPIFY_ACCESS_TOKEN, or neither',
    );
  }
  if (e.MIGRATION_DATABASE_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration: MIGRATION_DATABASE_URL needs DATABASE_URL (the embedded database has no users)',
    );
  }
  if (e.SHOPIFY_WEBHOOK_SECRET && !e.SHOPIFY_SHOP_URL) {
    throw new ConfigError(
      'Invalid configuration: SHOPIFY_WEBHOOK_SECRET needs SHOPIFY_SHOP_URL and SHOPIFY_ACCESS_TOKEN: orders are matched to the products published there',
    );
  }
  const s3Values = [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (s3Values.some(Boolean) && !s3Values.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration: set all of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or none',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL,
    databaseStartupTimeoutSeconds: e.DATABASE_STARTUP_TIMEOUT_SECONDS,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseConnectTimeoutSeconds: e.DATABASE_CONNECT_TIMEOUT_SECONDS,
    databaseQueryTimeoutSeconds: e.DATABASE_QUERY_TIMEOUT_SECONDS,
    pgliteDir: path.join(dataDir, 'pglite'),
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO,
    cookieLifetimeMinutes: e.COOKIE_LIFETIME_MINUTES,
    sessionsPerUser: e.SESSIONS_PER_USER,
    publicUrl: e.PUBLIC_URL,
    environmentName: e.ENVIRONMENT_NAME,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    staticDir: path.resolve(e.STATIC_DIR),
    portalName: e.PORTAL_NAME,
    frameParentOrigins: e.FRAME_PARENT_ORIGINS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactEmail: e.CONTACT_EMAIL,
    oidc: oidcConfig(e),
    jobWorker: e.JOB_WORKER,
    workflowSweepMs: e.WORKFLOW_SWEEP_SECONDS * 1000,
    renderJobWorkers: e.RENDER_JOB_WORKERS,
    shopify:
      e.SHOPIFY_SHOP_URL && e.SHOPIFY_ACCESS_TOKEN
        ? {
            shopUrl: e.SHOPIFY_SHOP_URL,
            accessToken: e.SHOPIFY_ACCESS_TOKEN,
            apiVersion: e.SHOPIFY_API_VERSION,
            webhookSecret: e.SHOPIFY_WEBHOOK_SECRET,
          }
        : undefined,
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    metricsToken: e.METRICS_TOKEN,
    storageQuotaBytes: e.STORAGE_QUOTA_MB * 1024 * 1024,
    trashRetentionDays: e.TRASH_RETENTION_DAYS,
    http: {
      requestTimeoutSeconds: e.HTTP_REQUEST_TIMEOUT_SECONDS,
      headersTimeoutSeconds: e.HTTP_HEADERS_TIMEOUT_SECONDS,
      idleTimeoutSeconds: e.HTTP_IDLE_TIMEOUT_SECONDS,
      keepAliveTimeoutSeconds: e.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS,
      maxConnections: e.HTTP_MAX_CONNECTIONS,
      maxConnectionsPerAddress:
        e.HTTP_MAX_CONNECTIONS_PER_ADDRESS ?? (e.TRUST_PROXY === false ? defaultConnectionsPerAddress : 0),
    },
    passwordHashing: { concurrency: e.PASSWORD_HASH_CONCURRENCY, queue: e.PASSWORD_HASH_QUEUE },
  };
}

/** A configuration for tests: in-memory database, nothing read from the environment, no job worker. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), pgliteDir: 'memory://', logLevel: 'silent', jobWorker: false, ...overrides };
}
