import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { verifyPassword } from '../../../server/auth/passwords';
import { testConfig } from '../../../server/config';
import { users } from '../../../server/db/schema';
import { ensureFirstAdmin } from '../../../server/seed';
import { resetDatabase, testDatabase } from '../helpers';

const dataDir = mkdtempSync(path.join(tmpdir(), 'spirit-first-admin-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A logger that keeps every line it is given, as text. */
function recordingLog() {
  const lines: string[] = [];
  const record = (...args: unknown[]) => void lines.push(JSON.stringify(args));
  const log = { info: record, warn: record, error: record, debug: record } as unknown as FastifyBaseLogger;
  return { log, lines };
}

beforeEach(async () => resetDatabase(await testDatabase()));

describe('the first Admin', () => {
  it('keeps a generated password out of the structured log: on stderr once and in an owner-only file', async () => {
    const { db } = await testDatabase();
    const { log, lines } = recordingLog();
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    let printed: string;
    try {
      await ensureFirstAdmin(db, testConfig({ dataDir }), log);
    } finally {
      printed = stderr.mock.calls.map(([text]) => String(text)).join('');
      stderr.mockRestore();
    }
    const file = path.join(dataDir, 'initial-admin-password');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const password = readFileSync(file, 'utf8').match(/Password: (\S+)/)?.[1] ?? '';
    const [admin] = await db.select().from(users).where(eq(users.email, 'admin@spirit.local'));
    expect(await verifyPassword(admin.passwordHash!, password)).toBe(true);
    expect(lines.join('\n')).not.toContain(password);
    expect(lines.join('\n')).toContain(file);
    expect(printed).toContain(password);
  });

  it("on PostgreSQL prints a generated password on stderr only: no file on one server's disk", async () => {
    const { db } = await testDatabase();
    const ownDir = mkdtempSync(path.join(dataDir, 'pg-'));
    const { log, lines } = recordingLog();
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    let printed: string;
    try {
      await ensureFirstAdmin(
        db,
        testConfig({ dataDir: ownDir, databaseUrl: 'postgres://db.example/spirit' }),
        log,
      );
    } finally {
      printed = stderr.mock.calls.map(([text]) => String(text)).join('');
      stderr.mockRestore();
    }
    expect(existsSync(path.join(ownDir, 'initial-admin-password'))).toBe(false);
    const password = printed.match(/Password: (\S+)/)?.[1] ?? '';
    const [admin] = await db.select().from(users).where(eq(users.email, 'admin@spirit.local'));
    expect(await verifyPassword(admin.passwordHash!, password)).toBe(true);
    expect(lines.join('\n')).not.toContain(password);
  });

  it('says that ADMIN_EMAIL and ADMIN_PASSWORD were ignored when users already exist', async () => {
    const { db } = await testDatabase();
    await ensureFirstAdmin(
      db,
      testConfig({ dataDir: mkdtempSync(path.join(dataDir, 'x-')) }),
      recordingLog().log,
    );
    const { log, lines } = recordingLog();
    await ensureFirstAdmin(
      db,
      testConfig({ dataDir, adminEmail: 'boss@example.com', adminPassword: 'Boss-Passw0rd!' }),
      log,
    );
    expect(lines.join('\n')).toMatch(/ADMIN_EMAIL.*ignored/);
    expect(await db.select().from(users).where(eq(users.email, 'boss@example.com'))).toEqual([]);
  });
});
