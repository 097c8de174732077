/** The package ships no types, and only a `module` entry, which Node and vitest do not read. */
declare module '@blackbox-vision/ra-language-spanish/dist-src/index.js' {
  import type { TranslationMessages } from 'ra-core';
  const spanishMessages: TranslationMessages;
  export default spanishMessages;
}
