import { existsSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const serverTest = {
  environment: 'node' as const,
  setupFiles: ['tests/server/setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/**
 * The API suite runs a second time on a real PostgreSQL server when Debian's binaries are
 * installed (`.ci/run` installs them); CI must not pass silently without it.
 */
function postgresProjects(): TestProjectInlineConfiguration[] {
  if (process.env.TEST_POSTGRES === '0') return [];
  const debianPostgres = '/usr/lib/postgresql';
  const installed =
    existsSync(debianPostgres) &&
    readdirSync(debianPostgres).some((version) => existsSync(`${debianPostgres}/${version}/bin/pg_ctl`));
  if (!installed) {
    if (process.env.CI === 'true') {
      throw new Error(
        'PostgreSQL binaries are missing under /usr/lib/postgresql: CI must run the API tests on PostgreSQL.',
      );
    }
    console.warn("Skipping the API tests on PostgreSQL: install Debian's postgresql package to run them.");
    return [];
  }
  return [
    {
      extends: true,
      test: {
        ...serverTest,
        name: 'server-pg',
        include: [
          'tests/server/**/*.test.ts',
          'tests/security/**/*.test.ts',
          'tests/scale-out/**/*.test.ts',
          'tests/faults/postgres/**/*.test.ts',
        ],
        globalSetup: ['tests/server/global-setup-postgres.ts'],
      },
    },
  ];
}

export default defineConfig({
  plugins: [react()],
  test: {
    // expect.poll waits for a condition; vitest's default of 1 s makes it a timed test on a CI
    // machine whose two cores are shared.
    expect: { poll: { timeout: 10_000 } },
    // Vitest's default is one worker fewer than the cores: one on CI's two. The files spend much
    // of their time waiting on a database, a child process or a socket, so one per core finishes
    // the suite sooner without starving either (the phase times `npm test` prints tell).
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          ...serverTest,
          name: 'server',
          include: [
            'tests/server/**/*.test.ts',
            'tests/package/**/*.test.ts',
            'tests/security/**/*.test.ts',
            'tests/faults/**/*.test.ts',
          ],
          // These start their own PostgreSQL server: the server-pg project runs them.
          exclude: ['tests/faults/postgres/**'],
        },
      },
      ...postgresProjects(),
      {
        extends: true,
        // The app's imports resolve as Node resolves those of the packages it loads itself
        // (react-admin's import of react-router-dom, then react-router): with module-sync, or the
        // app would get react-router's CommonJS build and react-admin its ES one, two routers.
        resolve: { conditions: ['node', 'module-sync', 'development|production'] },
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['tests/src/**/*.test.{ts,tsx}', 'tests/contract/**/*.test.ts'],
          setupFiles: ['tests/src/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
