import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { lockDataDirectory } from '../db/pglite-lock';
import { keepFilesPrivate } from '../private-files';

/** What makes up an installation on the embedded database; the lock and the first password stay out. */
const parts = ['pglite', 'files', 'outbox'];

function tar(args: string[]) {
  const result = spawnSync('tar', args, { encoding: 'utf8' });
  if (result.error) throw new ConfigError(`tar could not run (${result.error.message}); install GNU tar`);
  if (result.status !== 0)
    throw new ConfigError(`tar ${args[0]} failed: ${result.stderr.trim().split('\n')[0]}`);
  return result.stdout;
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/**
 * `npm run db:backup [-- file]` and `npm run db:restore -- file`: the embedded database and the
 * local files as one tarball. Both take the database's lock, so they refuse to run while a
 * server uses it: a copy of PGlite's files taken under a running server would not be consistent.
 */
function main() {
  const [command, file] = process.argv.slice(2);
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new ConfigError(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump and the bucket with its own tools (docs/operations.md)',
    );
  }
  keepFilesPrivate(config.dataDir);
  const lock = lockDataDirectory(`${config.pgliteDir}.lock`, config.pgliteDir);
  try {
    if (command === 'backup') {
      const archive = path.resolve(file ?? `spirit-backup-${stamp()}.tar.gz`);
      const present = parts.filter((part) => existsSync(path.join(config.dataDir, part)));
      if (!present.includes('pglite'))
        throw new ConfigError(`DATA_DIR: no embedded database in ${config.dataDir}`);
      tar(['-czf', archive, '-C', config.dataDir, ...present]);
      console.log(`Backed up ${present.join(', ')} of ${config.dataDir} to ${archive}`);
    } else if (command === 'restore' && file) {
      const archive = path.resolve(file);
      const members = tar(['-tzf', archive]).split('\n').filter(Boolean);
      if (!members.some((member) => member.startsWith('pglite/'))) {
        throw new ConfigError(`${archive} is not a backup made by npm run db:backup`);
      }
      const unexpected = members.find((member) => !parts.includes(member.split('/')[0]));
      if (unexpected) throw new ConfigError(`${archive} holds ${unexpected}, which no backup of ours holds`);
      // Set aside rather than deleted: a restore of the wrong file can be undone by hand.
      const aside = path.join(config.dataDir, `before-restore-${stamp()}`);
      mkdirSync(aside);
      for (const part of parts) {
        if (existsSync(path.join(config.dataDir, part))) {
          renameSync(path.join(config.dataDir, part), path.join(aside, part));
        }
      }
      tar(['-xzf', archive, '-C', config.dataDir]);
      console.log(`Restored ${config.dataDir} from ${archive}; what it held before is in ${aside}`);
    } else {
      throw new ConfigError('usage: npm run db:backup [-- file.tar.gz] | npm run db:restore -- file.tar.gz');
    }
  } finally {
    lock.release();
  }
}

try {
  main();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
