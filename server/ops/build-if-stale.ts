import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Everything `npm run build` reads: the app, the server, their configuration and the locked packages. */
export const buildSources = [
  'contract',
  'src',
  'server',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

/** One file of each build, written on every successful run of it. */
export const buildOutputs = ['dist/index.html', 'dist-server/main.js'];

const mtimeOf = (file: string) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
};

function newestIn(entry: string): number {
  const stats = statSync(entry, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestIn(path.join(entry, child)));
  return newest;
}

/**
 * Whether the built app or server may be older than their sources: an output is missing (a
 * build that failed half way leaves one out), or a source was changed after the oldest output.
 * A directory's own time counts too, so that deleting or renaming a source file is a change.
 */
export function buildIsStale(root: string): boolean {
  const outputTimes = buildOutputs.map((output) => mtimeOf(path.join(root, output)));
  if (outputTimes.some((time) => time === undefined)) return true;
  const built = Math.min(...(outputTimes as number[]));
  return buildSources.some((source) => newestIn(path.join(root, source)) > built);
}

// `npm start`: rebuilding takes most of a start, so build only when something changed.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = process.cwd();
  if (buildIsStale(root)) {
    const { status } = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    process.exitCode = status ?? 1;
  } else {
    console.log('dist/ and dist-server/ are newer than their sources: not rebuilding');
  }
}
