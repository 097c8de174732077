import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './client';

/**
 * PGlite is one PostgreSQL backend without autovacuum, so nothing would ever refresh the
 * planner's statistics or flush the trigram indexes' pending lists: after a bulk change a
 * search falls back to scanning the table. This runs what autovacuum would, with its default
 * thresholds, on the tables that changed enough.
 */
export const autovacuumThresholds = {
  analyze: { base: 50, scale: 0.1 },
  vacuumInserts: { base: 1000, scale: 0.2 },
  vacuumDead: { base: 50, scale: 0.2 },
};

/** How often the statistics are looked at: autovacuum's own `autovacuum_naptime`. */
const maintenanceIntervalMs = 60_000;

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Analyses (and vacuums) each table past autovacuum's thresholds; answers what it did. */
export async function maintainTables(db: Db) {
  // Counters reach the statistics views when the backend reports them, which a busy single
  // backend may not have done yet.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const { analyze, vacuumInserts, vacuumDead } = autovacuumThresholds;
  const result = (await db.execute(sql`
    select relname as table,
           n_mod_since_analyze > ${analyze.base}::float8 + ${analyze.scale}::float8 * n_live_tup as analyze,
           n_ins_since_vacuum > ${vacuumInserts.base}::float8 + ${vacuumInserts.scale}::float8 * n_live_tup
             or n_dead_tup > ${vacuumDead.base}::float8 + ${vacuumDead.scale}::float8 * n_live_tup as vacuum
    from pg_stat_user_tables where schemaname = 'public'`)) as unknown as {
    rows: { table: string; analyze: boolean; vacuum: boolean }[];
  };
  const done: { table: string; command: 'analyze' | 'vacuum analyze' }[] = [];
  for (const row of result.rows) {
    if (row.vacuum) {
      await db.execute(sql.raw(`vacuum analyze ${quoted(row.table)}`));
      done.push({ table: row.table, command: 'vacuum analyze' });
    } else if (row.analyze) {
      await db.execute(sql.raw(`analyze ${quoted(row.table)}`));
      done.push({ table: row.table, command: 'analyze' });
    }
  }
  return done;
}

/** Every `maintenanceIntervalMs` on the embedded database; stops with the returned function. */
export function scheduleTableMaintenance(db: Db, log: FastifyBaseLogger) {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = maintainTables(db)
      .then((done) => done.length > 0 && log.debug({ done }, 'table statistics refreshed'))
      .catch((error: unknown) => log.warn({ err: error }, 'table maintenance failed'))
      .finally(() => (running = undefined));
  }, maintenanceIntervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
