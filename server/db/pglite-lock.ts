import { linkSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { ConfigError } from '../config';

export interface DirectoryLock {
  release(): void;
}

function holderOf(lockFile: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number) {
  // A container restarts its server under the same pid, so our own pid is a lock we left.
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is one PostgreSQL in this process's memory: a second process opening the same
 * directory writes over the first one's pages and data is lost without an error. The lock is
 * a file holding the owner's pid, made atomically with link(2); a lock whose process is gone
 * (killed, crashed) is taken over, so nothing stays stuck after a crash.
 */
export function lockDataDirectory(lockFile: string, purpose: string): DirectoryLock {
  const candidate = `${lockFile}.${process.pid}`;
  writeFileSync(candidate, `${process.pid}\n`, { mode: 0o600 });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(candidate, lockFile);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 5) throw error;
      }
      const holder = holderOf(lockFile);
      if (holder !== undefined && isAlive(holder)) {
        throw new ConfigError(
          `The embedded database ${purpose} is in use by process ${holder}: PGlite allows one process only. ` +
            `Stop that process first, or set DATABASE_URL to share a PostgreSQL server between processes.`,
        );
      }
      // Of two processes finding the same dead lock, the slower one may move away the lock the
      // faster one has just made: it puts that one back.
      const stale = `${candidate}.stale`;
      try {
        renameSync(lockFile, stale);
        const moved = holderOf(stale);
        if (moved !== undefined && moved !== holder && isAlive(moved)) linkSync(stale, lockFile);
      } catch {
        // Taken over by someone else meanwhile: look again.
      } finally {
        rmSync(stale, { force: true });
      }
    }
  } finally {
    rmSync(candidate, { force: true });
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    if (holderOf(lockFile) === process.pid) unlinkSync(lockFile);
  };
  process.on('exit', release);
  return { release };
}
