import type { AnyResource } from '../resource';
import { accountRowSchema, userCreateSchema, userUpdateSchema } from '../users';
import { resourceDefinitions as definitions } from './definitions';
import { orderCreateSchema } from './order-items';

/**
 * Bodies the fields cannot describe: users (nested name, passwords, role lists) and orders
 * (their items). Joined here rather than in the definitions, which the admin shell loads
 * without zod.
 */
const schemas: Record<string, AnyResource['schemas']> = {
  users: { row: accountRowSchema, create: userCreateSchema, update: userUpdateSchema },
  orders: { create: orderCreateSchema },
};

/** Every table resource with its schemas: what the server registers and the forms validate with. */
export const resourceDefinitions: AnyResource[] = definitions.map((definition) =>
  schemas[definition.name] ? { ...definition, schemas: schemas[definition.name] } : definition,
);

export const definitionOf = (name: string) =>
  resourceDefinitions.find((definition) => definition.name === name);
