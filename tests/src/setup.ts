import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { takeReactWarnings } from './reactWarnings';

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
