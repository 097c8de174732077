import type { AnyResource } from '../definition';
import { auditLogWithoutSchemas } from './audit-log';
import { brands } from './brands';
import { campaigns } from './campaigns';
import { emailTemplates } from './email-templates';
import { jobs } from './jobs';
import { mail } from './mail';
import { ordersWithoutSchemas } from './orders';
import { organizations } from './organizations';
import { promoCodes } from './promo-codes';
import { reviewAssignments } from './review-assignments';
import { settings } from './settings';
import { usersWithoutSchemas } from './users';

/**
 * Every table resource; registering one is a line here. Server, forms and tests loop over the
 * registry (`resourceDefinitions` in `index.ts`, which joins the schemas of users and orders);
 * only the admin shell's menu, labels and access read this list, as it holds no zod.
 */
export const definitionsWithoutSchemas: AnyResource[] = [
  usersWithoutSchemas,
  settings,
  promoCodes,
  emailTemplates,
  brands,
  ordersWithoutSchemas,
  campaigns,
  organizations,
  auditLogWithoutSchemas,
  mail,
  jobs,
  reviewAssignments,
];

export const definitionWithoutSchemasOf = (name: string) =>
  definitionsWithoutSchemas.find((definition) => definition.name === name);
