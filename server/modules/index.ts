import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { AnyResource } from '../../contract/resource';
import account from './account';
import athleticDirectors from './athletic-directors';
import brands from './brands';
import campaigns from './campaigns';
import changes from './changes';
import contact from './contact';
import dashboard from './dashboard';
import designLogos from './design-logos';
import embedding from './embedding';
import jobs from './jobs';
import mail from './mail';
import notifications from './notifications';
import merchandise from './merchandise';
import orders from './orders';
import organizations from './organizations';
import preferences from './preferences';
import search from './search';
import users from './users';
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
 * The folders of `server/modules/` holding a `resource.ts`: set by the production build
 * (`server/ops/server-build.ts`), which has no source folders to read; read from the folder
 * under tsx and vitest.
 */
declare const RESOURCE_MODULES: readonly string[] | undefined;

const modulesDir = import.meta.dirname;
const modulesWithResource = () =>
  typeof RESOURCE_MODULES !== 'undefined'
    ? RESOURCE_MODULES
    : readdirSync(modulesDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(join(modulesDir, entry.name, 'resource.ts')))
        .map((entry) => entry.name);

/** `email-templates` → `emailTemplatesServer`. */
export const resourceServerExportOf = (module: string) =>
  `${module.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())}Server`;

/**
 * The server side of resources that need more than their definition (hooks, derived columns,
 * routes of their own), by resource name; a plain resource has none. Each is `<module>Server`,
 * the only export of `server/modules/<module>/resource.ts`, its folder named as its resource's
 * table with dashes (`email_templates` → `email-templates`), and found there: no list to edit.
 * The template literal is what lets esbuild bundle every `resource.ts` it matches.
 */
export async function loadResourceServers(definitions: readonly AnyResource[]) {
  const servers: Record<string, ResourceServer> = {};
  for (const module of modulesWithResource()) {
    const definition = definitions.find((d) => d.table.replaceAll('_', '-') === module);
    if (!definition)
      throw new Error(
        `server/modules/${module}/resource.ts serves no resource: its folder must be named as its ` +
          `resource's table with dashes (${definitions.map((d) => d.table.replaceAll('_', '-')).join(', ')})`,
      );
    const exported = (await import(`./${module}/resource.ts`)) as Record<string, ResourceServer>;
    const name = resourceServerExportOf(module);
    if (!exported[name])
      throw new Error(`server/modules/${module}/resource.ts must export \`${name}\` (a ResourceServer)`);
    servers[definition.name] = exported[name];
  }
  return servers;
}
