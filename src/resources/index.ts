import brands from './brands';
import emailTemplate from './email-template';
import orders from './orders';
import organizations from './organizations';
import promoCodes from './promo-codes';
import settings from './settings';
import type { ResourceConfig } from './types';
import users from './users';

/** Every table resource of the admin area; adding one is a folder and a line here. */
export const resources: ResourceConfig[] = [
  users,
  settings,
  promoCodes,
  emailTemplate,
  brands,
  orders,
  organizations,
];

export const resourceApis = Object.fromEntries(resources.map((resource) => [resource.name, resource.api]));
