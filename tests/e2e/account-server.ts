import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';

export const accountAdmin = { email: 'admin@accounts.example', password: 'Acc0unts-Admin-Pass!' };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * A server of its own for the account flows: they read the e-mail outbox under its
 * DATA_DIR, and the idle test needs a shortened cookie lifetime.
 */
export async function startAccountServer(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spirit-e2e-accounts-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      ADMIN_EMAIL: accountAdmin.email,
      ADMIN_PASSWORD: accountAdmin.password,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/account/cookie-expiration`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  /** The decoded text of every message written to DATA_DIR/outbox for one recipient. */
  const mailsTo = (to: string) => {
    const dir = path.join(dataDir, 'outbox');
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .sort()
      .map((file) =>
        readFileSync(path.join(dir, file), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      )
      .filter((text) => new RegExp(`^To: ${to.replace(/[.]/g, '\\.')}$`, 'mi').test(text));
  };

  /** Waits for the n-th message to a recipient and answers its first link into the portal. */
  async function linkMailedTo(to: string, count = 1) {
    await expect.poll(() => mailsTo(to).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
    const mail = mailsTo(to)[count - 1];
    const href = new RegExp(`href="(${baseUrl}[^"]+)"`).exec(mail)?.[1];
    if (!href) throw new Error(`no link in\n${mail}`);
    return href.replaceAll('&amp;', '&');
  }

  return {
    baseUrl,
    linkMailedTo,
    /** Sends the server a signal (SIGUSR2: re-read a moved clock, `moved-clock.ts`). */
    signal: (name: NodeJS.Signals) => child.kill(name),
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
