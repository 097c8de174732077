import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../../server/db/client';
import { JobQueue } from '../../../server/jobs';

/** A database whose every statement fails as given. */
const failingDb = (error: Error) =>
  ({
    select: () => {
      throw error;
    },
    transaction: () => Promise.reject(error),
  }) as unknown as Db;

function recordingLog() {
  const lines: { level: string; message: string }[] = [];
  const at = (level: string) => (_: unknown, message: string) => void lines.push({ level, message });
  const log = { warn: at('warn'), error: at('error'), info: at('info'), debug: at('debug') };
  return { lines, log: log as unknown as FastifyBaseLogger };
}

async function claimOnce(error: Error) {
  const { lines, log } = recordingLog();
  const queue = new JobQueue(failingDb(error), { log, pollMs: 10 });
  queue.register('mail', { run: async () => {} });
  queue.start();
  try {
    await vi.waitFor(() => expect(lines.length).toBeGreaterThan(0));
  } finally {
    await queue.stop();
  }
  return lines[0];
}

/**
 * The operator's trial saw 23-28 error lines per server during a database blip (issue 46 §3):
 * a database that is away for a moment is a warning, as the manual says; anything else an error.
 */
describe('a job worker that cannot claim a job', () => {
  it('warns while the database is unreachable', async () => {
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    expect(await claimOnce(terminated)).toEqual({
      level: 'warn',
      message: 'job worker could not claim a job',
    });
  });

  it('logs an error for any other failure', async () => {
    expect(await claimOnce(new Error('column "run_on" does not exist'))).toEqual({
      level: 'error',
      message: 'job worker could not claim a job',
    });
  });
});
