import type { FastifyRequest } from 'fastify';
import { type AnyResource, allows, type ResourceAction } from '../../contract/resource';
import { currentUser } from '../auth/guards';
import { forbidden } from '../errors';
import type { CallName } from './types';

/** The action of the definition's `access` each call needs (the list's switch is an update). */
export const callActions: Record<CallName, ResourceAction> = {
  table: 'list',
  export: 'export',
  getOne: 'read',
  create: 'create',
  update: 'update',
  toggle: 'update',
  delete: 'delete',
  deleteMany: 'bulkDelete',
  history: 'update',
  revert: 'update',
  // Whoever reads a row may read the labels it names, and a form's options are asked by those who read.
  references: 'read',
  trashTable: 'restore',
  restore: 'restore',
  restoreMany: 'restore',
  purgeMany: 'purge',
  // An import is creates (and updates of the rows it matches), undone by whoever may import.
  importPreview: 'create',
  importCommit: 'create',
  importUndo: 'create',
  importUndoStatus: 'create',
  importInvite: 'create',
};

/** The one guard of every resource route: 401 signed out, 403 unless the definition allows the role. */
export const resourceGuard =
  (definition: AnyResource, action: ResourceAction) => async (request: FastifyRequest) => {
    if (!allows(definition, action, currentUser(request).roles)) throw forbidden();
  };
