import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A browser waits as a person would: vitest's default of 1 s for expect.poll is a timed test
    // on a CI machine whose two cores are shared (an Orders page took longer to render there).
    expect: { poll: { timeout: 15_000 } },
  },
});
