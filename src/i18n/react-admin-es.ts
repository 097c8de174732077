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

/** The Spanish catalogue, loaded only when a user chooses Español. */
export const es = {
  ...spanishMessages,
  ra: {
    ...overlay(spanishMessages.ra as Section, raMessages),
    auth: {
      ...(overlay(spanishMessages.ra.auth as Section, raMessages.auth) as Section),
      logout: appMessages.layout.logout,
    },
  },
  app: appMessages,
  resources: resourceMessages(resourceLabels),
};
