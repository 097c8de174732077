import { auditRowSchema } from '../audit';
import type { AnyResource } from '../resource';
import { auditLogWithoutSchemas } from './audit-log';
import { accountRowSchema, userCreateSchema, userUpdateSchema } from '../users';
import { definitionsWithoutSchemas } from './without-schemas';
import { orderCreateSchema } from './order-items';
import { ordersWithoutSchemas } from './orders';
import { usersWithoutSchemas } from './users';

/*
 * Bodies the fields cannot describe: users (nested name, passwords, role lists), orders
 * (their items) and the audit log's rows (each entry's details). Joined here rather than in the definitions, which the admin shell loads
 * without zod.
 */
export const users = {
  ...usersWithoutSchemas,
  schemas: { row: accountRowSchema, create: userCreateSchema, update: userUpdateSchema },
};
export const orders = { ...ordersWithoutSchemas, schemas: { create: orderCreateSchema } };

export const auditLog = { ...auditLogWithoutSchemas, schemas: { row: auditRowSchema } };

const withSchemas: Record<string, AnyResource> = { users, orders, 'audit-log': auditLog };

/** Every table resource with its schemas: what the server registers and the forms validate with. */
export const resourceDefinitions: AnyResource[] = definitionsWithoutSchemas.map(
  (definition) => withSchemas[definition.name] ?? definition,
);

export const definitionOf = (name: string) =>
  resourceDefinitions.find((definition) => definition.name === name);
