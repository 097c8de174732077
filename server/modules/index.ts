import type { FastifyPluginAsync } from 'fastify';
import account from './account';
import organizations from './organizations';

/** Every API area, registered under `/api/{prefix}`. Adding a module is one line here. */
export const apiModules: { prefix: string; plugin: FastifyPluginAsync }[] = [
  { prefix: 'account', plugin: account },
  { prefix: 'organizations', plugin: organizations },
];
