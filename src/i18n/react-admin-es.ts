import type { TranslationMessages } from 'ra-core';
import spanishMessages from '@blackbox-vision/ra-language-spanish/dist-src/index.js';
import { appMessages, raMessages, resourceLabels } from './es';
import { definitionLabels, type ResourceLabels, resourceMessages } from './react-admin';
import { definitionsWithoutSchemas } from '../../contract/definitions/without-schemas';
// The products' review speaks through the engine's workflow texts too.
import { productReview } from '../../contract/merchandise-review';

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

/**
 * The resources' English labels (names and fields) → Spanish, so a server message that quotes
 * one ('Code is already in use') quotes it in Spanish.
 */
export const resourceTerms: ReadonlyMap<string, string> = new Map(
  Object.entries(definitionLabels([...definitionsWithoutSchemas, productReview])).flatMap(
    ([name, english]) => {
      const spanish = (resourceLabels as Record<string, ResourceLabels | undefined>)[name];
      if (!spanish) return [];
      return [
        [english.one, spanish.one],
        [english.many, spanish.many],
        ...Object.entries(english.fields).flatMap(([field, label]) =>
          spanish.fields[field] ? [[label, spanish.fields[field]] as [string, string]] : [],
        ),
        // A refused workflow step names the step and the state the record is in.
        ...Object.entries(english.transitions ?? {}).flatMap(([step, label]) =>
          spanish.transitions?.[step] ? [[label, spanish.transitions[step]] as [string, string]] : [],
        ),
        ...Object.entries(english.choices ?? {}).flatMap(([field, choices]) =>
          Object.entries(choices).flatMap(([value, label]) =>
            spanish.choices?.[field]?.[value]
              ? [[label, spanish.choices[field][value]] as [string, string]]
              : [],
          ),
        ),
      ] as [string, string][];
    },
  ),
);
