/**
 * The process under load in `npm run bench`: the real app (buildApp, as `server/main.ts` runs
 * it) on the driver chosen by DATABASE_URL, with 100,000 seeded users, and beside it a bare
 * Fastify route as the baseline. Prints one JSON line with the URLs once both listen.
 */
import v8 from 'node:v8';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { maintainTables } from '../server/db/maintenance';
import { loadConfig } from '../server/config';

export const benchUsers = 100_000;

const config = { ...loadConfig(), logLevel: 'warn' as const };
const bare = Fastify({ logger: false });
bare.get('/bare', () => ({ result: { hello: 'world' } }));

const app = await buildApp(config);
await seedUsers();

/** EXPLAIN ANALYZE of the users table's queries for a term, so RESULTS.md shows the plan. */
app.get('/bench/explain', async (request) => {
  const { term } = request.query as { term: string };
  const { accountTableSql } = await import('./explain');
  const plans: string[] = [];
  for (const query of accountTableSql(app.db, term)) {
    const result = (await app.db.execute(
      sql`explain (analyze, costs off, timing off) ${query}`,
    )) as unknown as {
      rows: Record<string, string>[];
    };
    plans.push(result.rows.map((row) => Object.values(row)[0]).join('\n'));
  }
  return { result: plans };
});

/**
 * Where the server's memory is: V8's heap, buffers, PGlite's WebAssembly memory, and the resident
 * size of each of V8's heap spaces (the young generation's is what Node 24 had grown).
 */
app.get('/bench/memory', () => {
  const client = (app.db as unknown as { $client: { mod?: { HEAPU8: Uint8Array } } }).$client;
  const heapSpaces = Object.fromEntries(
    v8
      .getHeapSpaceStatistics()
      .filter((space) => space.physical_space_size > 0)
      .map((space) => [space.space_name, space.physical_space_size]),
  );
  return {
    result: { ...process.memoryUsage(), wasmMemory: client.mod?.HEAPU8.buffer.byteLength ?? 0, heapSpaces },
  };
});

await bare.listen({ port: 0, host: '127.0.0.1' });
await app.listen({ port: 0, host: '127.0.0.1' });
const urlOf = (server: typeof bare.server) => {
  const address = server.address();
  return typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
};
console.log(
  JSON.stringify({ ready: true, bareUrl: urlOf(bare.server), appUrl: urlOf(app.server), pid: process.pid }),
);

process.on('SIGTERM', () => {
  void Promise.all([bare.close(), app.close()]).then(() => process.exit(0));
});

/**
 * 100,000 users with realistic spread: 200 last names x 100 first names, so a last-name
 * search matches about 0.5% of the table. One INSERT ... SELECT, fast on both drivers.
 */
async function seedUsers() {
  const [{ n }] = (
    (await app.db.execute(sql`select count(*)::int as n from users`)) as unknown as { rows: { n: number }[] }
  ).rows;
  if (n >= benchUsers) return;
  await app.db.execute(sql`
    with names as (
      select
        i,
        (array['James','Mary','John','Patricia','Robert','Jennifer','Michael','Linda','William','Elizabeth',
               'David','Barbara','Richard','Susan','Joseph','Jessica','Thomas','Sarah','Charles','Karen'])[1 + i % 20]
          || (array['','a','e','o','y'])[1 + (i / 20) % 5] as first_name,
        (array['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez','Martinez',
               'Hernandez','Lopez','Gonzalez','Wilson','Anderson','Thomas','Taylor','Moore','Jackson','Martin'])[1 + (i / 100) % 20]
          || (array['','son','ley','ton','ford','wood','berg','man','field','er'])[1 + (i / 2000) % 10] as last_name
      from generate_series(1, ${benchUsers - n}) as i
    )
    insert into users (email, normalized_email, username, first_name, last_name, roles, security_stamp, email_confirmed)
    select lower(first_name || '.' || last_name || '.' || i || '@bench.example'),
           lower(first_name || '.' || last_name || '.' || i || '@bench.example'),
           lower(first_name || '.' || last_name || '.' || i || '@bench.example'),
           first_name, last_name, '{AthleticDirector}', md5(i::text), i % 7 <> 0
    from names`);
  // A bulk insert leaves the trigram index's pending list full and the statistics stale, which
  // steers the planner to a sequential scan: what the server's own maintenance (autovacuum on
  // PostgreSQL, server/db/maintenance.ts on PGlite) then does, done at once.
  await maintainTables(app.db);
}
