import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

/**
 * `npm run build:server`: the server compiled to plain JavaScript in dist-server/, so production
 * runs `node dist-server/main.js` with nothing compiling TypeScript at start or in between
 * that could swallow signals. Packages stay in node_modules (native ones, PGlite's wasm).
 */
const outdir = 'dist-server';
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'server/main.ts',
    'migrate-cli': 'server/db/migrate-cli.ts',
    'backup-cli': 'server/ops/backup-cli.ts',
    'revoke-sessions-cli': 'server/ops/revoke-sessions-cli.ts',
    'svg-worker': 'server/storage/svg-worker.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
// server/db/client.ts reads the migrations beside its own module.
cpSync('server/db/migrations', `${outdir}/migrations`, { recursive: true });
