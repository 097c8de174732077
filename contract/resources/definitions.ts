import type { AnyResource } from '../definition';
import { auditLog } from './audit-log';
import { brands } from './brands';
import { emailTemplates } from './email-templates';
import { jobs } from './jobs';
import { mail } from './mail';
import { orders } from './orders';
import { organizations } from './organizations';
import { promoCodes } from './promo-codes';
import { settings } from './settings';
import { users } from './users';

/**
 * Every table resource; registering one is a line here. Server, app and tests loop over it
 * (through `index.ts`, which joins the schemas of users and orders; the admin shell's menu,
 * labels and access read this list, which holds no zod).
 */
export const resourceDefinitions: AnyResource[] = [
  users,
  settings,
  promoCodes,
  emailTemplates,
  brands,
  orders,
  organizations,
  auditLog,
  mail,
  jobs,
];

export const definitionOf = (name: string) =>
  resourceDefinitions.find((definition) => definition.name === name);
