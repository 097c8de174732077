import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set only in the `server-pg` project: a superuser URL of a throwaway PostgreSQL server. */
    postgresUrl: string;
  }
}

/** Debian installs the server binaries outside PATH, one directory per major version. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0], 'bin') : undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** initdb refuses to run as root, so as root every PostgreSQL command runs as the `postgres` user. */
function runAsPostgres(command: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  }
}

/**
 * A copy of the installation lacking some extensions, as a server installed without its
 * contrib package is. PostgreSQL finds its share and lib directories relative to its own
 * binary, so copied binaries next to a share directory of links (less those extensions'
 * files) and a link to the real lib directory make a working installation.
 */
function installationWithout(bin: string, dir: string, extensions: string[]) {
  const [, ...tail] = bin.split(path.sep).filter(Boolean); // lib/postgresql/NN/bin, under /usr
  const version = tail[tail.length - 2];
  const newBin = path.join(dir, ...tail);
  mkdirSync(newBin, { recursive: true });
  for (const program of ['postgres', 'initdb', 'pg_ctl']) {
    copyFileSync(path.join(bin, program), path.join(newBin, program));
    chmodSync(path.join(newBin, program), 0o755);
  }
  symlinkSync(path.join(bin, '..', 'lib'), path.join(newBin, '..', 'lib'));
  const share = path.join('/usr/share/postgresql', version);
  const newShare = path.join(dir, 'share', 'postgresql', version);
  mkdirSync(path.join(newShare, 'extension'), { recursive: true });
  for (const name of readdirSync(share)) {
    if (name !== 'extension') symlinkSync(path.join(share, name), path.join(newShare, name));
  }
  for (const name of readdirSync(path.join(share, 'extension'))) {
    if (
      !extensions.some((extension) => name.startsWith(`${extension}--`) || name === `${extension}.control`)
    ) {
      symlinkSync(path.join(share, 'extension', name), path.join(newShare, 'extension', name));
    }
  }
  for (const made of [path.join(dir, 'lib'), path.join(dir, 'share')]) {
    chmodSync(made, 0o755);
  }
  return newBin;
}

/**
 * Starts a throwaway PostgreSQL server (initdb in a temporary directory, loopback only, a free
 * port). Durability is switched off: the data is thrown away at the end anyway. With
 * `crashSafeCommits` a commit is acknowledged only once its WAL is written, as in production,
 * so it survives the server crashing (not the machine: there is still no fsync).
 */
export async function startPostgres(
  settings: { withoutExtensions?: string[]; crashSafeCommits?: boolean } = {},
): Promise<{
  url: string;
  /** Shuts the server down as `pg_ctl restart -m <mode>` does, and leaves it down until `start()`. */
  shutDown(mode: 'fast' | 'immediate'): void;
  start(): void;
  stop(): void;
}> {
  const installed = postgresBinDir();
  if (!installed) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql');
  const dir = mkdtempSync(path.join(tmpdir(), 'spirit-pg-'));
  chmodSync(dir, 0o755);
  const bin = settings.withoutExtensions
    ? installationWithout(installed, dir, settings.withoutExtensions)
    : installed;
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  runAsPostgres(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  const options = [
    '-c listen_addresses=127.0.0.1',
    `-p ${port}`,
    `-k ${dir}`,
    '-c fsync=off',
    `-c synchronous_commit=${settings.crashSafeCommits ? 'on' : 'off'}`,
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  const start = () =>
    runAsPostgres(path.join(bin, 'pg_ctl'), [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'server.log'),
      '-o',
      options,
      '-w',
      'start',
    ]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    shutDown(mode) {
      runAsPostgres(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', mode, '-w', 'stop']);
    },
    start,
    stop() {
      try {
        runAsPostgres(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** The API suite runs a second time, on the `pg` driver, against this server. */
export default async function setup(project: TestProject) {
  const postgres = await startPostgres();
  project.provide('postgresUrl', postgres.url);
  return () => postgres.stop();
}
