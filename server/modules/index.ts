import type { FastifyPluginAsync } from 'fastify';
import account from './account';
import athleticDirectors from './athletic-directors';
import brands from './brands';
import contact from './contact';
import dashboard from './dashboard';
import designLogos from './design-logos';
import embedding from './embedding';
import emailTemplates from './email-templates';
import merchandise from './merchandise';
import orders from './orders';
import organizations from './organizations';
import promoCodes from './promo-codes';
import settings from './settings';
import users from './users';

/** Every API area, registered under `/api/{prefix}`. Adding a module is one line here. */
export const apiModules: { prefix: string; plugin: FastifyPluginAsync }[] = [
  { prefix: 'account', plugin: account },
  { prefix: 'athletic-directors', plugin: athleticDirectors },
  { prefix: 'contact', plugin: contact },
  { prefix: 'dashboard', plugin: dashboard },
  { prefix: 'design-logos', plugin: designLogos },
  { prefix: 'merchandise', plugin: merchandise },
  { prefix: 'embedding', plugin: embedding },
  { prefix: 'organizations', plugin: organizations },
  { prefix: 'settings', plugin: settings },
  { prefix: 'promo-codes', plugin: promoCodes },
  { prefix: 'emailTemplate', plugin: emailTemplates },
  { prefix: 'brands', plugin: brands },
  { prefix: 'orders', plugin: orders },
  { prefix: 'users', plugin: users },
];
