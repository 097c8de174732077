import { definitionsWithoutSchemas } from '../../contract/definitions/without-schemas';
import { engineResource } from '../admin/engine/resources';
import type { ResourceOverrides } from '../admin/engine/types';
import auditLog from './audit-log';
import brands from './brands';
import campaigns from './campaigns';
import jobs from './jobs';
import mail from './mail';
import orders from './orders';
import promoCodes from './promo-codes';
import users from './users';

/**
 * What some resources add to their definitions, by name. A resource the definition describes
 * fully (settings, organizations, email templates) has no entry and no folder.
 */
const overrides: Record<string, ResourceOverrides> = {
  users,
  'promo-codes': promoCodes,
  brands,
  orders,
  campaigns,
  mail,
  jobs,
  'audit-log': auditLog,
};

/** Every table resource of the admin area: one per definition in the registry. */
export const resources = definitionsWithoutSchemas.map((definition) =>
  engineResource(definition, overrides[definition.name]),
);
