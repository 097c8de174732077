import '@testing-library/jest-dom/vitest';
import { File as NodeFile } from 'node:buffer';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadAppMessages } from '../../src/i18n/locale';
import { takeReactWarnings } from './reactWarnings';

// findBy*/waitFor give up after one second by default, which a page rendering lazily on a
// busy 2-core CI machine can exceed; they still return as soon as the condition holds.
configure({ asyncUtilTimeout: 10_000 });

// The app loads the whole catalogue beside every page past the sign-in page (`lazyNamed`, the
// admin); a component rendered here on its own finds it loaded, as it does there.
await loadAppMessages();

// Node 24's fetch (undici 7) builds the files of a parsed multipart body with the global File,
// which jsdom replaces with its own, then refuses them as not its File: a mocked endpoint's
// request.formData() throws (vitest-dev/vitest#9135). Parse with Node's File in place.
const parseFormData = Request.prototype.formData;
Request.prototype.formData = async function formData(this: Request) {
  const jsdomFile = globalThis.File;
  globalThis.File = NodeFile as unknown as typeof File;
  try {
    return await parseFormData.call(this);
  } finally {
    globalThis.File = jsdomFile;
  }
};

// jsdom lays nothing out, so nothing it holds is ever resized: an observer that never reports
// is what a browser's would do here (the page's h1 fitting, `useWordsFit`, observes one).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

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
