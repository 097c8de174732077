import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { resourceDefinitions } from '../../contract/definitions';
import { ConfigError } from '../config';
import { ensureChangeNotices } from './change-notices';
import { lockDataDirectory } from './pglite-lock';
import { restrictToOwner } from '../private-files';
import * as schema from './schema';

const registeredTables = () => resourceDefinitions.map((definition) => definition.table);

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  /**
   * Applies pending migrations, then gives every registered resource's table the change-notice
   * trigger (a new resource needs no hand-written SQL for it). `thenWhileLocked` (the seeds)
   * runs before the lock is let go,
   * so replicas starting together on an empty database do not seed it twice.
   */
  migrate(thenWhileLocked?: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any fixed number: every server process takes the same lock so only one migrates at a time. */
const migrationLockId = 727_001;

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Migrations connect here when set: a user who may create tables, unlike `databaseUrl`'s. */
  migrationDatabaseUrl?: string;
  /** PGlite data directory; `memory://` keeps everything in memory (tests). */
  pgliteDir: string;
  poolSize?: number;
  databaseConnectTimeoutSeconds?: number;
  databaseQueryTimeoutSeconds?: number;
}

/**
 * PGlite's PostgreSQL lives in this process's memory, so its settings are the server's RSS
 * (bench/README.md measures each). PostgreSQL's defaults size shared memory for a dedicated
 * machine: 128 MB of buffers, touched as soon as the engine starts, and 100 connections'
 * worth of shared state for PGlite's single one. The data files stay in the OS page cache, so
 * a page missing from the smaller buffer pool costs a read from memory, not from disk.
 * Memory the WebAssembly heap has touched is never given back, so maintenance (vacuum, index
 * builds) gets a quarter of its default too.
 */
const pgliteSettings = ['shared_buffers=16MB', 'max_connections=8', 'maintenance_work_mem=16MB'];

/**
 * Makes a new PGlite data directory in a child process. PGlite runs initdb in a second
 * WebAssembly instance that stays allocated until a full garbage collection, which an idle
 * server may never run: about 250 MB of RSS kept for good after a first start. A process of
 * its own gives all of it back when it exits.
 */
async function initPgliteDirectory(dir: string) {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)});
await (await PGlite.create(process.argv[1])).close();`;
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, ['--input-type=module', '-e', script, dir], (error, _stdout, stderr) =>
      error
        ? reject(new Error(`Creating the embedded database in ${dir} failed: ${stderr || error.message}`))
        : resolve(),
    );
  });
}

/**
 * A user without the rights migrations need (CREATE on the database for pg_trgm and the
 * migrator's schema, then tables) is a configuration error: one line saying what to grant,
 * not the driver's stack.
 */
async function explainMigrationFailure(error: unknown, client: pg.Client, options: DatabaseOptions) {
  const denied = [error, (error as { cause?: unknown }).cause].find(
    (candidate) => (candidate as { code?: unknown } | undefined)?.code === '42501',
  ) as Error | undefined;
  if (!denied) return error;
  const who = await client
    .query<{ role: string; database: string }>('select current_user as role, current_database() as database')
    .then((result) => result.rows[0])
    .catch(() => undefined);
  if (!who) return error;
  const variable = options.migrationDatabaseUrl ? 'MIGRATION_DATABASE_URL' : 'DATABASE_URL';
  return new ConfigError(
    `${variable}: user "${who.role}" may not create what migrations need (${denied.message}); as the database's owner run GRANT CREATE ON DATABASE "${who.database}" TO "${who.role}", or set MIGRATION_DATABASE_URL to a user that owns the database`,
  );
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const connectionTimeoutMillis = (options.databaseConnectTimeoutSeconds ?? 5) * 1000;
    const queryTimeoutMs = (options.databaseQueryTimeoutSeconds ?? 10) * 1000;
    // A database that hangs (paused, overloaded, a dead network path) refuses nothing: every
    // wait is bounded so a request gets its 503 instead of waiting with it. The query timeout
    // is enforced here as well as by the server, which cannot enforce it while it is frozen.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis,
      query_timeout: queryTimeoutMs,
      statement_timeout: queryTimeoutMs,
      idle_in_transaction_session_timeout: queryTimeoutMs,
    });
    // An idle connection dropped by a database restart is replaced on next use; unhandled, the
    // pool's error event would end the process.
    pool.on('error', () => {});
    // The pool listens for errors only on the connections it holds idle: one checked out for a
    // transaction, dropped between two of its statements, would end the process too. Its
    // statements fail instead (a 503), and the pool discards it when it is released.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      driver: 'pg',
      async migrate(thenWhileLocked) {
        // Not the pool's limits: waiting for another replica's migration, or a migration
        // building an index on a big table, may rightly take minutes.
        const client = new pg.Client({
          connectionString: options.migrationDatabaseUrl ?? options.databaseUrl,
          connectionTimeoutMillis,
        });
        // A restart during a migration fails the statement under way; the event must not end the process.
        client.on('error', () => {});
        await client.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [migrationLockId]);
          try {
            await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
            await ensureChangeNotices(drizzlePg(client, { schema }) as unknown as Db, registeredTables());
          } catch (error) {
            throw await explainMigrationFailure(error, client, options);
          }
          await thenWhileLocked?.();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [migrationLockId]).catch(() => {});
          await client.end();
        }
      },
      close: () => pool.end(),
    };
  }
  const inMemory = options.pgliteDir.startsWith('memory://');
  if (!inMemory) mkdirSync(options.pgliteDir, { recursive: true });
  const lock = inMemory ? undefined : lockDataDirectory(`${options.pgliteDir}.lock`, options.pgliteDir);
  const client = await (inMemory ? Promise.resolve() : initPgliteDirectory(options.pgliteDir))
    .then(() =>
      PGlite.create(options.pgliteDir, {
        extensions: { pg_trgm },
        startParams: [...PGlite.defaultStartParams, ...pgliteSettings.flatMap((setting) => ['-c', setting])],
      }),
    )
    .catch((error) => {
      lock?.release();
      throw error;
    });
  if (!inMemory) restrictToOwner(options.pgliteDir);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    async migrate(thenWhileLocked) {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
      await ensureChangeNotices(db, registeredTables());
      await thenWhileLocked?.();
      // No autovacuum here (server/db/maintenance.ts): the planner starts from fresh statistics.
      await db.execute(sql`analyze`);
    },
    async close() {
      await client.close();
      if (!inMemory) restrictToOwner(options.pgliteDir);
      lock?.release();
    },
  };
}
