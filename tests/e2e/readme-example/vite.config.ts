import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const exampleRegistry = path.join(here, 'registry.ts');
const registry = path.resolve(here, '../../../contract/definitions/without-schemas.ts');

/** Every import of the registry, save the example registry's own, gets the one with Teams. */
function registryWithExample(): Plugin {
  return {
    name: 'readme-example-registry',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.endsWith('without-schemas') || importer === exampleRegistry) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === registry ? exampleRegistry : resolved;
    },
  };
}

/**
 * The app as it is once the README's example is registered, for tests/e2e/readme-example.test.ts;
 * its outDir comes from the command line. Not pre-compressed: the server falls back to the files.
 */
export default defineConfig({
  root: path.resolve(here, '../../..'),
  plugins: [react(), registryWithExample()],
  build: { sourcemap: false, chunkSizeWarningLimit: 1500, emptyOutDir: true },
  logLevel: 'warn',
});
