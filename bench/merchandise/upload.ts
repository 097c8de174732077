/**
 * Benchmark: upload of a 20 MB png logo to the real server (its own process, embedded
 * PGlite on a temporary DATA_DIR). Reports the upload time and the server's resident
 * memory before and at its peak during the upload; the target is that it does not grow
 * by the file's size (the upload is streamed to the blob store, never held whole).
 * Run alone: `npx tsx bench/merchandise/upload.ts`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { serverEnvironment, serverNodeFlags } from '../../server/ops/server-command';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const director = { email: 'director@lincoln-high.example', password: 'Demo-Passw0rd!' };

export interface UploadResult {
  fileMiB: number;
  uploadMs: number;
  status: number;
  rssBeforeMiB: number;
  rssPeakMiB: number;
  growthMiB: number;
  met: boolean;
}

const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

function rssBytes(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** The demo server (SEED_DEMO=1) as production runs it; `env` adds to or overrides its environment. */
export async function startServer(dataDir: string, port: number, env: Record<string, string> = {}) {
  // With production's memory settings (server/ops/server-command.ts): the RSS is the measure.
  const child = spawn(process.execPath, [...serverNodeFlags, '--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...serverEnvironment,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the server exited while starting');
    try {
      if ((await fetch(`${url}/api/account/cookie-expiration`)).ok) return { child, url };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error('the server did not start');
}

/** A real, incompressible png just under 20 MB: random pixels. */
export async function twentyMegabytePng() {
  const side = 2200;
  const pixels = Buffer.alloc(side * side * 4);
  for (let i = 0; i < pixels.length; i += 4) pixels.writeUInt32LE((Math.random() * 0xffffffff) >>> 0, i);
  return sharp(pixels, { raw: { width: side, height: side, channels: 4 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

async function upload(url: string, cookie: string, png: Buffer, name: string) {
  const form = new FormData();
  form.append('ImageFile', new Blob([new Uint8Array(png)], { type: 'image/png' }), name);
  const response = await fetch(`${url}/api/design-logos`, {
    method: 'POST',
    headers: { cookie, origin: url },
    body: form,
  });
  await response.arrayBuffer();
  return response.status;
}

export async function runUploadBench(): Promise<UploadResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spirit-bench-upload-'));
  let child: ChildProcess | undefined;
  try {
    const started = await startServer(dataDir, await freePort());
    child = started.child;
    const { url } = started;
    const login = await fetch(`${url}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify(director),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    if (!cookie) throw new Error('sign-in failed');
    const png = await twentyMegabytePng();
    if (png.length > 20 * 1024 * 1024) throw new Error(`test file too large: ${png.length}`);
    // Warm up the upload path (parsers, blob store directories) with a small logo.
    await upload(
      url,
      cookie,
      await sharp({ create: { width: 10, height: 10, channels: 4, background: '#000' } })
        .png()
        .toBuffer(),
      'warm.png',
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const pid = child.pid as number;
    const before = rssBytes(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssBytes(pid));
    }, 20);
    const startedAt = performance.now();
    const status = await upload(url, cookie, png, 'big.png');
    const uploadMs = Math.round(performance.now() - startedAt);
    clearInterval(sampler);
    peak = Math.max(peak, rssBytes(pid));
    const growth = peak - before;
    return {
      fileMiB: mib(png.length),
      uploadMs,
      status,
      rssBeforeMiB: mib(before),
      rssPeakMiB: mib(peak),
      growthMiB: mib(growth),
      met: status === 200 && growth < png.length,
    };
  } finally {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child?.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runUploadBench();
  console.log(
    `Upload of a ${result.fileMiB} MiB png logo: ${result.uploadMs} ms (HTTP ${result.status}); server RSS ` +
      `${result.rssBeforeMiB} MiB before, ${result.rssPeakMiB} MiB at peak (+${result.growthMiB} MiB); ` +
      `target: growth below the file's size: ${result.met ? 'met' : 'MISSED'}`,
  );
  console.log(JSON.stringify(result));
}
