import { createServer } from 'node:net';
import pg from 'pg';
import { type Config, ConfigError } from '../config';

/**
 * Checked before migrations run: a server that cannot listen must not first change the
 * database (or, on PGlite, take it from the process already serving on that port).
 */
export async function checkPortFree(config: Pick<Config, 'host' | 'port'>) {
  const probe = createServer();
  const failure = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
    probe.once('error', resolve);
    probe.listen(config.port, config.host, () => resolve(undefined));
  });
  if (!failure) return new Promise<void>((resolve) => probe.close(() => resolve()));
  const where = `${config.host}:${config.port}`;
  switch (failure.code) {
    case 'EADDRINUSE':
      throw new ConfigError(
        `PORT: ${where} is already in use by another process; stop it or choose another PORT`,
      );
    case 'EACCES':
      throw new ConfigError(`PORT: listening on ${where} needs privileges; choose a PORT above 1023`);
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      throw new ConfigError(
        `HOST: ${config.host} is not an address of this machine; use 127.0.0.1 or 0.0.0.0`,
      );
    default:
      throw new ConfigError(`PORT/HOST: cannot listen on ${where}: ${failure.message}`);
  }
}

/** What a starting server may wait out: PostgreSQL not started yet, or starting up. */
const transientCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P03',
]);

function isTransient(error: unknown) {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return transientCodes.has(code);
  return /timeout|Connection terminated/i.test((error as Error).message ?? '');
}

/** One line an operator can act on, for an error that waiting will not cure. */
function explain(error: unknown, url: URL): ConfigError {
  const where = `${url.hostname}:${url.port || 5432}`;
  const database = decodeURIComponent(url.pathname.slice(1)) || decodeURIComponent(url.username);
  const { code, message } = error as { code?: string; message: string };
  switch (code) {
    case '28P01':
    case '28000':
      return new ConfigError(
        `DATABASE_URL: PostgreSQL at ${where} refused user "${decodeURIComponent(url.username)}" (${message}); fix the user or password in DATABASE_URL`,
      );
    case '3D000':
      return new ConfigError(
        `DATABASE_URL: database "${database}" does not exist on ${where}; create it (createdb ${database}) or fix its name in DATABASE_URL`,
      );
    case 'ENOTFOUND':
      return new ConfigError(
        `DATABASE_URL: the host ${url.hostname} is unknown; fix the host in DATABASE_URL`,
      );
    default:
      return new ConfigError(`DATABASE_URL: cannot use PostgreSQL at ${where}: ${message}`);
  }
}

/**
 * A server started together with its database (a compose file, a reboot) finds it not yet
 * accepting connections: it waits, with backoff, up to DATABASE_STARTUP_TIMEOUT_SECONDS,
 * saying what it waits for. Errors that waiting does not cure (a wrong password, a missing
 * database or extension) stop it at once with what to do.
 */
export async function waitForDatabase(
  config: Pick<Config, 'databaseUrl' | 'databaseStartupTimeoutSeconds' | 'databaseConnectTimeoutSeconds'>,
  log: (message: string) => void,
) {
  if (!config.databaseUrl) return;
  const url = new URL(config.databaseUrl);
  const where = `${url.hostname}:${url.port || 5432}`;
  const deadline = Date.now() + config.databaseStartupTimeoutSeconds * 1000;
  for (let delayMs = 500; ; delayMs = Math.min(delayMs * 2, 5000)) {
    const client = new pg.Client({
      connectionString: config.databaseUrl,
      connectionTimeoutMillis: config.databaseConnectTimeoutSeconds * 1000,
    });
    client.on('error', () => {});
    try {
      await client.connect();
      const trgm = await client.query<{ available: boolean }>(
        "select exists (select 1 from pg_available_extensions where name = 'pg_trgm') as available",
      );
      if (!trgm.rows[0].available) {
        throw new ConfigError(
          `DATABASE_URL: PostgreSQL at ${where} lacks the pg_trgm extension; install its contrib extensions (the postgresql-contrib package on most systems)`,
        );
      }
      return;
    } catch (error) {
      if (error instanceof ConfigError) throw error;
      if (!isTransient(error)) throw explain(error, url);
      const reason = (error as { code?: string }).code ?? (error as Error).message;
      if (Date.now() + delayMs > deadline) {
        throw new ConfigError(
          `DATABASE_URL: PostgreSQL at ${where} did not accept connections within ${config.databaseStartupTimeoutSeconds} s (${reason}); start it, fix the address, or raise DATABASE_STARTUP_TIMEOUT_SECONDS`,
        );
      }
      log(`waiting for PostgreSQL at ${where} (${reason}); trying again in ${delayMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    } finally {
      await client.end().catch(() => {});
    }
  }
}
