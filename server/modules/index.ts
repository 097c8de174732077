import type { FastifyPluginAsync } from 'fastify';
import account from './account';
import athleticDirectors from './athletic-directors';
import { auditLogServer } from './audit-log/resource';
import brands from './brands';
import campaigns from './campaigns';
import { campaignsServer } from './campaigns/resource';
import { brandsServer } from './brands/resource';
import changes from './changes';
import { emailTemplatesServer } from './email-templates/resource';
import contact from './contact';
import dashboard from './dashboard';
import designLogos from './design-logos';
import embedding from './embedding';
import jobs from './jobs';
import { jobsServer } from './jobs/resource';
import mail from './mail';
import notifications from './notifications';
import merchandise from './merchandise';
import orders from './orders';
import { ordersServer } from './orders/resource';
import organizations from './organizations';
import preferences from './preferences';
import search from './search';
import users from './users';
import { usersServer } from './users/resource';
import type { ResourceServer } from '../engine/types';

/** Every API area, registered under `/api/{prefix}`. Adding a module is one line here. */
export const apiModules: { prefix: string; plugin: FastifyPluginAsync }[] = [
  { prefix: 'account', plugin: account },
  { prefix: 'athletic-directors', plugin: athleticDirectors },
  { prefix: 'campaigns', plugin: campaigns },
  { prefix: 'changes', plugin: changes },
  { prefix: 'contact', plugin: contact },
  { prefix: 'dashboard', plugin: dashboard },
  { prefix: 'design-logos', plugin: designLogos },
  { prefix: 'jobs', plugin: jobs },
  { prefix: 'merchandise', plugin: merchandise },
  { prefix: 'embedding', plugin: embedding },
  { prefix: 'mail', plugin: mail },
  { prefix: 'notifications', plugin: notifications },
  { prefix: 'organizations', plugin: organizations },
  { prefix: 'brands', plugin: brands },
  { prefix: 'orders', plugin: orders },
  { prefix: 'preferences', plugin: preferences },
  { prefix: 'search', plugin: search },
  { prefix: 'users', plugin: users },
];

/**
 * The server side of resources that need more than their definition (hooks, derived columns,
 * routes of their own), by resource name; a plain resource has no entry. Each is
 * `<module>Server` in `server/modules/<module>/resource.ts` (tests/server/engine/resource-servers.test.ts).
 */
export const resourceServers: Record<string, ResourceServer> = {
  users: usersServer,
  brands: brandsServer,
  'email-template': emailTemplatesServer,
  orders: ordersServer,
  campaigns: campaignsServer,
  jobs: jobsServer,
  'audit-log': auditLogServer,
};
