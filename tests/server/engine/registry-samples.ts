import type { FastifyInstance } from 'fastify';
import { type AnyResource, type Field, type ResourceCall, resourceCalls } from '../../../contract/resource';
import { resourceDefinitions } from '../../../contract/definitions';
import { type SampleWorld, sampleBody as bodyOf, sampleValue as sampleOf } from '../../contract/samples';
import type { Db } from '../../../server/db/client';
import { callActions } from '../../../server/engine/guard';
import type { CallName } from '../../../server/engine/types';
import { exampleRegistered, teams } from './teams';

/** The calls a definition offers: those whose action its `access` gives to some role. */
export const every = (definition: AnyResource) =>
  Object.entries(resourceCalls(definition))
    .filter((entry): entry is [string, ResourceCall] => entry[1] !== undefined)
    .filter(([name]) => (definition.access[callActions[name as CallName]]?.length ?? 0) > 0);

export const uniqueField = (definition: AnyResource) =>
  Object.entries(definition.fields).find(([, f]) => f.unique && !f.readOnly);

export const referenceField = (definition: AnyResource) =>
  Object.entries(definition.fields).find(([, f]) => f.kind === 'reference' && !f.readOnly);

export interface World {
  app: FastifyInstance;
  db: Db;
  organizationId: number;
  otherOrganizationId: number;
  adminId: number;
  /** A user of the first school (its Athletic Director): a user every role may name there. */
  staffId: number;
  cookies: Record<string, string>;
}

/**
 * The shared generator's world: the first school, and its staff where a user is named (a
 * reference `within: 'organization'` takes none other, an Admin's write too).
 */
const samplesOf = (world: World): SampleWorld => ({
  references: (to) => (to === 'users' ? [world.staffId] : [world.organizationId]),
});

/** A value for a field that passes its schema; `key` tells apart rows that must differ. */
export const sampleValue = (world: World, f: Field, key: string) => sampleOf(f, key, samplesOf(world));

/** A valid create body: from the fields, or the resource's own body where it has one. */
export const sampleBody = (world: World, definition: AnyResource, key = 'A') =>
  bodyOf(definition, samplesOf(world), key) as Record<string, unknown>;

/** RFC 4180 as the export writes it: quoted cells may hold commas, quotes and line breaks. */
export function parseCsv(text: string) {
  const cell = /("(?:[^"]|"")*"|[^,\r\n]*)(,|\r\n|$)/gy;
  const rows: string[][] = [];
  let row: string[] = [];
  while (cell.lastIndex < text.length) {
    const [, value, separator] = cell.exec(text)!;
    row.push(value.startsWith('"') ? value.slice(1, -1).replaceAll('""', '"') : value);
    if (separator !== ',') {
      rows.push(row);
      row = [];
    }
  }
  return rows;
}

/**
 * One suite over every registered resource (and the README's example, served only here): what the
 * engine promises for any definition, so a newly registered resource is covered by adding it.
 */
export const subjects = [
  ...resourceDefinitions.map((definition) => ({ definition, fixture: false })),
  ...(exampleRegistered ? [] : [{ definition: teams as AnyResource, fixture: true }]),
];
