import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { admin, freePort, waitForReady } from '../global-setup';

const run = (child: ChildProcess, log: () => string) =>
  new Promise<void>((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`exit ${code}:\n${log()}`)))),
  );

function spawned(args: string[], env: NodeJS.ProcessEnv) {
  let output = '';
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { child, log: () => output };
}

/**
 * The portal with the README's example registered, app and server: the app built once with the
 * registry that holds Teams (vite.config.ts here), and a server of its own on a new data
 * directory with the demo seed, as the shared e2e server is started (global-setup.ts).
 */
export async function startExampleServer() {
  const folder = mkdtempSync(path.join(tmpdir(), 'spirit-readme-example-'));
  const staticDir = path.join(folder, 'app');
  const build = spawned(
    [
      'node_modules/vite/bin/vite.js',
      'build',
      '--config',
      'tests/e2e/readme-example/vite.config.ts',
      '--outDir',
      staticDir,
    ],
    {},
  );
  await run(build.child, build.log);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawned(['--import', 'tsx', 'tests/e2e/readme-example/server.ts'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(folder, 'data'),
    STATIC_DIR: staticDir,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
  });
  await waitForReady(url, server.child, server.log);
  return {
    url,
    async stop() {
      if (server.child.exitCode === null) {
        const exited = new Promise((resolve) => server.child.once('exit', resolve));
        server.child.kill('SIGTERM');
        await exited;
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
