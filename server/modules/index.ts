import type { FastifyPluginAsync } from 'fastify';
import account from './account';
import organizations from './organizations';
import settings from './settings';

/** Every API area, registered under `/api/{prefix}`. Adding a module is one line here. */
export const apiModules: { prefix: string; plugin: FastifyPluginAsync }[] = [
  { prefix: 'account', plugin: account },
  { prefix: 'organizations', plugin: organizations },
  { prefix: 'settings', plugin: settings },
];
