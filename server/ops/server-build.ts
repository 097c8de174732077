import { existsSync, readdirSync } from 'node:fs';
import type { BuildOptions } from 'esbuild';

const modulesDir = 'server/modules';

/**
 * What `npm run build:server` compiles into dist-server/: the server and its command-line tools,
 * so production runs them with `node` alone. Packages stay external (native ones, PGlite's
 * wasm): whatever they import must be in package.json's `dependencies`, the only packages
 * `npm ci --omit=dev` installs (tests/package/production-dependencies.test.ts checks it).
 */
export const serverBuild = {
  entryPoints: {
    main: 'server/main.ts',
    'migrate-cli': 'server/ops/migrate-cli.ts',
    'backup-cli': 'server/ops/backup-cli.ts',
    'revoke-sessions-cli': 'server/ops/revoke-sessions-cli.ts',
    'svg-worker': 'server/storage/svg-worker.ts',
    'render-child': 'server/storage/render-child.ts',
    'sheet-worker': 'server/engine/import/sheet-worker.ts',
  },
  outdir: 'dist-server',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  // The modules whose `resource.ts` the server loads (`loadResourceServers`): the bundle has no
  // folders to read them from.
  define: {
    RESOURCE_MODULES: JSON.stringify(
      readdirSync(modulesDir).filter((module) => existsSync(`${modulesDir}/${module}/resource.ts`)),
    ),
  },
} satisfies BuildOptions;
