import type { AnyResource } from '../../../contract/definition';
import { teams } from '../../../contract/examples/teams';
import {
  definitionsWithoutSchemas as registered,
  definitionWithoutSchemasOf as registeredOf,
} from '../../../contract/definitions/without-schemas';

/**
 * The registry with the README's example registered as its step 2 says, a line at the end of the
 * list: the example's app build reads this module wherever the app reads the registry's.
 */
export const definitionsWithoutSchemas: AnyResource[] = registered.some((d) => d.name === teams.name)
  ? registered
  : [...registered, teams];

export const definitionWithoutSchemasOf = (name: string) =>
  definitionsWithoutSchemas.find((definition) => definition.name === name) ?? registeredOf(name);
