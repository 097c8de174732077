import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { openApiTransform } from './http/openapi';
import { changesState, isApiRoute, originCheck } from './auth/origin-check';
import { closeRenderSandbox } from './storage/render-sandbox';
import { closeSvgWorker } from './storage/sanitize-pool';
import { closeSheetWorker } from './engine/import/sheet-pool';
import { defaultTableCounts, TableCounts, keepTableCountsFor } from './http/table-counts';
import { type AuthContext, SessionStore, sessionCookieName, setSessionCookie } from './auth/sessions';
import { limitPasswordHashing } from './auth/passwords';
import { type Config, shutdownGraceMs } from './config';
import { type Database, type Db, openDatabase } from './db/client';
import { scheduleTableMaintenance } from './db/maintenance';
import { seedDatabase } from './seed';
import { registerHealthRoutes } from './health';
import { requestLogSerializers } from './http/request-log';
import { apiNotFound, frameworkErrors, registerErrorHandling } from './http/error-handler';
import { parseJsonBodies } from './http/json-body';
import { JobQueue, renderLane } from './jobs';
import { ServerRegistry, serverIdOf } from './ops/servers';
import { registerMailer } from './mail';
import { apiModules, loadResourceServers } from './modules';
import { ensureChangeNotices } from './db/change-notices';
import type { ResourceEngine } from './engine/engine';
import { registerResource } from './engine/routes';
import { databaseRuleFailures } from './engine/errors';
import type { AnyResource } from '../contract/resource';
import { resourceDefinitions } from '../contract/definitions';
import { boundedHttpServer } from './ops/http-server';
import { helmetHeaders } from './http/security-headers';
import { nonBlockingLog } from './ops/log-stream';
import { registerStaticApp } from './static';
import { type BlobStore, createBlobStore } from './storage';
import { scheduleStorageSweep } from './storage/sweep';
import { purgeTrash, scheduleTrashPurge } from './ops/trash-purge';
import { scheduleWorkflowClock } from './engine/workflow';
import { scheduleChangeLogPrune } from './engine/change-log';
import { purgeIdempotencyKeys } from './http/idempotency';

/** A logout or lock waits at most this long for the other servers to confirm they forgot the session. */
const sessionFenceTimeoutMs = 2_000;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    sessions: SessionStore;
    /** Files (logos, photos, product images); see `server/storage/types.ts`. */
    storage: BlobStore;
    /** Durable background jobs; see `server/jobs/queue.ts`. */
    jobs: JobQueue;
    /** The registered resources' engines, for calls that span resources (quick search). */
    resourceEngines: readonly ResourceEngine[];
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export interface BuildOptions {
  /** An already opened and migrated database (tests share one per worker). */
  database?: Database;
  /** Serve the built app from `config.staticDir`; off in API tests. */
  serveApp?: boolean;
  /** A blob store other than the configured one (tests). */
  storage?: BlobStore;
  /** Resources served besides the registry's (a fixture defined only in a test). */
  resources?: AnyResource[];
  /** Where the log goes instead of stdout (tests). */
  logStream?: { write(line: string): void };
}

/**
 * Fastify 5 trusts nobody given a bare number, so a hop count becomes a test of the hop's
 * position: 0 is the peer, each further hop an address appended to X-Forwarded-For from the right.
 */
function trustedProxies(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** The whole server as a Fastify instance that does not listen, so tests can `inject`. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  limitPasswordHashing(config.passwordHashing);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      stream: options.logStream ?? nonBlockingLog(),
      serializers: requestLogSerializers,
    },
    serverFactory: boundedHttpServer(config.http),
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    // Fastify runs the preClose hooks (the job worker's stop, which waits for an interrupted
    // render) under its plugin timeout, 10 s by default: on a loaded machine a stop passed it and
    // the process ended with exit 1 instead of cleanly. The shutdown's grace is the one bound.
    pluginTimeout: shutdownGraceMs,
  });
  parseJsonBodies(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const extraResources = options.resources ?? [];
  const definitions = [...resourceDefinitions, ...extraResources];
  registerErrorHandling(app, databaseRuleFailures(definitions));

  const database = options.database ?? (await openDatabase(config));
  const storage = options.storage ?? (await createBlobStore(config));
  if (!options.database) {
    await database.migrate(() => seedDatabase(database.db, config, app.log, storage));
    app.addHook('onClose', () => database.close());
    if (database.driver === 'pglite') {
      const stopMaintenance = scheduleTableMaintenance(database.db, app.log);
      app.addHook('preClose', () => stopMaintenance());
    }
  }
  if (extraResources.length > 0) {
    await ensureChangeNotices(
      database.db,
      extraResources.map((definition) => definition.table),
    );
  }
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('storage', storage);
  app.addHook('onClose', () => closeSvgWorker());
  app.addHook('onClose', () => closeSheetWorker());
  app.addHook('onClose', () => closeRenderSandbox());
  // Only PostgreSQL can have other servers; on it, files on this server's own disk pin its jobs here.
  const serverId = config.databaseUrl ? await serverIdOf(config.dataDir) : undefined;
  const localFiles = !config.s3;
  app.decorate(
    'jobs',
    new JobQueue(database.db, {
      log: app.log,
      localServerId: localFiles ? serverId : undefined,
      laneWorkers: { [renderLane]: config.renderJobWorkers },
    }),
  );
  scheduleStorageSweep(app.jobs, database.db, storage, app.log);
  scheduleTrashPurge(
    app.jobs,
    () => purgeTrash(database.db, storage, app.jobs, definitions, config.trashRetentionDays),
    app.log,
  );
  scheduleChangeLogPrune(app.jobs, database.db, app.log);
  app.jobs.addChore(() =>
    purgeIdempotencyKeys(database.db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'idempotency key purge failed; it runs again in an hour'),
    ),
  );
  const registry = serverId ? new ServerRegistry(database.db, serverId, localFiles, app.log) : undefined;
  if (registry) {
    app.addHook('onReady', () => registry.start());
    app.addHook('preClose', () => registry.stop());
  }
  if (config.jobWorker) {
    app.addHook('onReady', async () => app.jobs.start());
    app.addHook('preClose', async () => app.jobs.stop());
  }
  const sessionStore = new SessionStore(database.db, config.cookieLifetimeMinutes, {
    log: app.log,
    perUser: config.sessionsPerUser,
    peers: registry && {
      serverId: serverId!,
      others: () => registry.others(),
      timeoutMs: sessionFenceTimeoutMs,
    },
  });
  app.addHook('onClose', () => sessionStore.close());
  app.decorate('sessions', sessionStore);
  const tableCounts = new TableCounts(
    database.db,
    defaultTableCounts,
    app.log,
    definitions.map((definition) => definition.table),
  );
  keepTableCountsFor(database.db, tableCounts);
  app.addHook('onClose', () => tableCounts.close());
  // The spec's table queries are POSTs that only read.
  app.addHook('onSend', async (request) => {
    if (changesState(request) && !request.routeOptions.url?.endsWith('/table')) tableCounts.forgetAll();
  });
  app.decorateRequest('auth', null);
  registerMailer(app);

  await app.register(cookie);
  // API answers (tables, OpenAPI) compressed when the client accepts it; static files come
  // pre-compressed from the build.
  await app.register(compress, { threshold: 1024 });
  // Uploads are streamed; routes read one file at a time and pass their own size limit.
  await app.register(multipart, { limits: { files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25 } });
  // helmet's headers, computed once: with these static options they are the same for every
  // response, and running helmet's chain of middlewares per request took about 4% of the CPU
  // of a cached `GET account/me` (@fastify/helmet, which rebuilt them per request, a third;
  // see docs/decisions.md). Set on the raw response, as helmet does, so hijacked replies have them.
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'", ...config.frameParentOrigins],
        upgradeInsecureRequests: null,
      },
    },
    frameguard: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value);
    done();
  });

  app.addHook('onRequest', originCheck(config));
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRoute(request)) return;
    const token = request.cookies[sessionCookieName];
    if (!token) return;
    const auth = await app.sessions.find(token);
    if (!auth) return;
    request.auth = auth;
    const extended = await app.sessions.slide(auth);
    if (extended) {
      setSessionCookie(request, reply, token, {
        persistent: auth.rememberMe,
        maxAgeMs: app.sessions.lifetimeMs,
      });
    }
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Spirit Portal API', version: '1.0.0' },
      servers: [{ url: '/', description: 'This portal' }],
      security: [{ session: [] }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: sessionCookieName },
          shopifyWebhook: { type: 'apiKey', in: 'header', name: 'X-Shopify-Hmac-Sha256' },
        },
      },
    },
    transform: openApiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());

  const resourceServers = await loadResourceServers(definitions);
  app.decorate(
    'resourceEngines',
    definitions.map((definition) => registerResource(app, definition, resourceServers[definition.name])),
  );
  if (config.jobWorker) {
    const stopClock = scheduleWorkflowClock(app.db, app.resourceEngines, app.log, config.workflowSweepMs);
    app.addHook('preClose', () => stopClock());
  }
  for (const { prefix, plugin } of apiModules) {
    await app.register(plugin, { prefix: `/api/${prefix}` });
  }

  await registerHealthRoutes(app);
  if (options.serveApp) {
    await registerStaticApp(app, config);
  } else {
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send(apiNotFound(request.method, request.url)),
    );
  }
  return app;
}
