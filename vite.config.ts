import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes `.gz` and `.br` beside every text asset of the build, compressed once at maximum
 * level, so the server (@fastify/static `preCompressed`) sends them without compressing per
 * request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const compressible = /\.(js|css|html|svg|json|txt|map)$/;
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? files(full) : [full];
    });
  return {
    name: 'spirit-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of files(outDir).filter((name) => compressible.test(name))) {
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    // wouter reads useSyncExternalStore from the shim for React 17, which React 19 has built in:
    // the shim would only hand React's own back, after 0.5 KB gzip on `/login`.
    alias: [{ find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'react' }],
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // @emotion/react's browser build imports this CommonJS package for its side effects, which
      // it has none of: without the rule `/login` downloads all of it (1.3 KB gzip) unused.
      treeshake: {
        moduleSideEffects: [{ test: /node_modules\/hoist-non-react-statics\//, sideEffects: false }],
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 3000}` },
  },
});
