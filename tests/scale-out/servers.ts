import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const admin = { email: 'admin@scale-out.example', password: 'Scale-0ut-Passw0rd!' };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export interface ServerProcess {
  url: string;
  /** DATA_DIR of the process (a fresh temporary directory unless one is given). */
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Sends a signal on purpose (the exit is then not reported as a crash). */
  kill(signal: NodeJS.Signals): void;
  stop(): Promise<number | null>;
}

/**
 * A real server process (`node --import tsx server/main.ts`) on PostgreSQL, as a deployment
 * runs it. The app itself is not under test here, so a one-line page stands in for the build.
 */
export async function startServer(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const dir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'spirit-scale-out-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Spirit Portal</title>');
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      STATIC_DIR: dir,
      DATABASE_URL: databaseUrl,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  let stopping = false;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // A server dying on its own is the failure to explain: show what it said.
  void exited.then((code) => {
    if (!stopping) console.error(`server on port ${port} exited (code ${code}) unasked:\n${log}`);
  });
  // A directory handed in outlives the process: a test restarts a server on it.
  if (!env.DATA_DIR) void exited.then(() => rmSync(dir, { recursive: true, force: true }));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    if (Date.now() > deadline) throw new Error(`server did not become ready:\n${log}`);
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    dataDir: dir,
    child,
    output: () => log,
    exited,
    kill(signal) {
      stopping = true;
      child.kill(signal);
    },
    async stop() {
      stopping = true;
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** A browser-like client: keeps the session cookie it is given, sends it to whichever server. */
export class Client {
  cookie = '';

  async call(server: ServerProcess, method: string, url: string, body?: unknown) {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        origin: server.url,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('sp_session='));
    if (setCookie) this.cookie = setCookie.split(';')[0];
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }

  signIn(server: ServerProcess, email = admin.email, password = admin.password) {
    return this.call(server, 'POST', '/api/account/login', { email, password });
  }
}
