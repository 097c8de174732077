import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { servers } from '../db/schema';

const heartbeatMs = 30_000;
/** A server not seen for three heartbeats is taken for gone. */
const aliveMs = 3 * heartbeatMs;

/**
 * This server's name for the jobs whose files only its disk holds. It lives in DATA_DIR, so a
 * server restarted on the same disk is the same server and still runs them.
 */
export async function serverIdOf(dataDir: string) {
  const file = path.join(dataDir, 'server-id');
  const existing = await readFile(file, 'utf8').then(
    (text) => text.trim(),
    () => '',
  );
  if (existing) return existing;
  const id = randomUUID();
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${id}\n`, { mode: 0o600 });
  return id;
}

export const sharedDiskWarning =
  'Several servers share this PostgreSQL while at least one keeps files on its own disk (no S3_*): ' +
  'a file uploaded through one server is missing on the others. Use S3 storage for every server, or run one server.';

/**
 * Servers on one PostgreSQL renew a row of `servers` every 30 s. At start a server looks for
 * others: when any of them (or itself) keeps files locally, it logs `sharedDiskWarning` as an
 * error, once and again whenever a new server turns up.
 */
export class ServerRegistry {
  private timer: NodeJS.Timeout | undefined;
  private warnedAbout = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly id: string,
    private readonly localFiles: boolean,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start() {
    await this.beat();
    this.timer = setInterval(() => {
      this.beat().catch((error: unknown) => this.log.warn({ err: error }, 'could not renew the server row'));
    }, heartbeatMs);
    this.timer.unref();
  }

  /** Leaves the list; a database already gone only means the row ages out by itself. */
  async stop() {
    clearInterval(this.timer);
    await this.db
      .delete(servers)
      .where(eq(servers.id, this.id))
      .catch((error: unknown) => this.log.warn({ err: error }, 'could not remove the server row'));
  }

  /** The other servers seen within the last three heartbeats. */
  others() {
    return this.db
      .select()
      .from(servers)
      .where(
        and(ne(servers.id, this.id), gt(servers.seenAt, sql`now() - ${`${aliveMs} milliseconds`}::interval`)),
      );
  }

  private async beat() {
    await this.db
      .insert(servers)
      .values({ id: this.id, localFiles: this.localFiles })
      .onConflictDoUpdate({ target: servers.id, set: { seenAt: sql`now()`, localFiles: this.localFiles } });
    const others = await this.others();
    const fresh = others.filter((other) => !this.warnedAbout.has(other.id));
    if (fresh.length > 0 && (this.localFiles || others.some((other) => other.localFiles))) {
      this.log.error({ servers: others.map((other) => other.id) }, sharedDiskWarning);
    }
    for (const other of fresh) this.warnedAbout.add(other.id);
  }
}
