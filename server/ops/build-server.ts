import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { serverBuild } from './server-build';

/**
 * `npm run build:server`: the server compiled to plain JavaScript in dist-server/, so production
 * runs `node dist-server/main.js` with nothing compiling TypeScript at start or in between
 * that could swallow signals.
 */
rmSync(serverBuild.outdir, { recursive: true, force: true });
await build(serverBuild);
// server/db/client.ts reads the migrations beside its own module.
cpSync('server/db/migrations', `${serverBuild.outdir}/migrations`, { recursive: true });
