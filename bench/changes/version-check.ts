/**
 * The cost of the version check on an update: the same `PUT /api/settings/{id}` sent with the
 * version read (the write matches `version = $read` and raises it) and without one (no
 * condition, as before versions), interleaved so both meet the same machine. One real server
 * process on PGlite in a temporary DATA_DIR, or on the PostgreSQL of `DATABASE_URL` when set
 * (an empty database it may fill: the server creates its Admin there, the bench a setting).
 * Target: the median with the check within 5% of the median without.
 * Run: `npx tsx bench/changes/version-check.ts`.
 */
import os from 'node:os';
import { Client, startServer } from '../../tests/scale-out/servers';

const rounds = 1_000;
const targetShare = 0.05;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)];

async function main() {
  const server = await startServer(process.env.DATABASE_URL ?? '');
  try {
    const client = new Client();
    await client.signIn(server);
    const created = await client.call(server, 'POST', '/api/settings', {
      // A key of its own, so the bench runs again on a database it has already written to.
      key: `bench-version-check-${Date.now().toString(36)}`,
      value: 'start',
      isEnabled: true,
    });
    if (created.status !== 200) throw new Error(`create: ${created.status}`);
    const { id } = created.body.result as { id: number };
    let version = created.body.result.version as number;
    const timed = { with: [] as number[], without: [] as number[] };
    for (let i = -50; i < rounds; i++) {
      for (const kind of i % 2 ? (['with', 'without'] as const) : (['without', 'with'] as const)) {
        const body = { key: 'bench-version-check', value: `round ${i}`, isEnabled: true };
        const started = performance.now();
        const response = await client.call(
          server,
          'PUT',
          `/api/settings/${id}`,
          kind === 'with' ? { ...body, version } : body,
        );
        const ms = performance.now() - started;
        if (response.status !== 200) throw new Error(`${kind} version: ${response.status}`);
        version = response.body.result.version;
        // The first 50 rounds warm the server up: untimed.
        if (i >= 0) timed[kind].push(ms);
      }
    }
    const share = median(timed.with) / median(timed.without) - 1;
    console.log(`load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`);
    console.log(
      `PUT /api/settings/{id}, ${rounds} each, interleaved: without version median ${median(timed.without).toFixed(2)} ms (p99 ${p99(timed.without).toFixed(2)}), with version median ${median(timed.with).toFixed(2)} ms (p99 ${p99(timed.with).toFixed(2)}): ${share >= 0 ? '+' : ''}${(share * 100).toFixed(1)}%; target within ${targetShare * 100}%: ${share <= targetShare ? 'met' : 'missed'}`,
    );
  } finally {
    await server.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
