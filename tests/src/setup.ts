import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { takeReactWarnings } from './reactWarnings';

// findBy*/waitFor give up after one second by default, which a page rendering lazily on a
// busy 2-core CI machine can exceed; they still return as soon as the condition holds.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  const warnings = takeReactWarnings();
  if (warnings.length > 0) {
    throw new Error(
      `React warned during this test:\n${warnings.map((warning) => `- ${warning}`).join('\n')}`,
    );
  }
});
