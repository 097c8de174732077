import type { TranslationMessages } from 'ra-core';
import spanishMessages from '@blackbox-vision/ra-language-spanish/dist-src/index.js';
import { appMessages, raMessages, resourceLabels } from './es';
import { resourceMessages } from './react-admin';

type Section = Record<string, unknown>;
const isSection = (value: unknown): value is Section => typeof value === 'object' && value !== null;

/** The package's texts, with ours (what react-admin 5 added, and corrections) laid over them. */
function overlay(base: Section, over: Section): Section {
  return Object.fromEntries(
    [...new Set([...Object.keys(base), ...Object.keys(over)])].map((key) => {
      const [below, above] = [base[key], over[key]];
      return [key, isSection(below) && isSection(above) ? overlay(below, above) : (above ?? below)];
    }),
  );
}

const ra = overlay(spanishMessages.ra as Section, {
  ...raMessages,
  auth: { ...raMessages.auth, logout: appMessages.layout.logout },
}) as TranslationMessages['ra'];

/** The Spanish catalogue, loaded only when a user chooses Español. */
export const es: TranslationMessages = {
  ...spanishMessages,
  ra,
  app: appMessages,
  resources: resourceMessages(resourceLabels),
};
