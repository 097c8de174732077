import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The data directory holds the whole database, uploads and e-mails with their links: nobody
 * but the server's user may read it. The umask covers what this process creates from now on,
 * the directory's own mode what an earlier version or a copy left open inside it.
 */
export function keepFilesPrivate(dataDir: string) {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
}

/**
 * PGlite's file system layer sets the modes PostgreSQL asks for (0666 for files initdb
 * writes), whatever the umask, so its directory is brought back to owner-only by hand.
 */
export function restrictToOwner(dir: string) {
  for (const name of ['', ...readdirSync(dir, { recursive: true }).map(String)]) {
    const file = path.join(dir, name);
    const info = lstatSync(file, { throwIfNoEntry: false });
    if (info && !info.isSymbolicLink() && info.mode & 0o077) chmodSync(file, info.mode & 0o700);
  }
}
