import { referenceFields } from './columns';
import { importable } from './imports';
import type { AnyResource } from './resource-definition';

export const apiPathOf = (definition: AnyResource) => definition.apiPath ?? definition.name;

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One call of a resource: method and path under /api (`:id` and scope parameters in the path). */
export interface ResourceCall {
  method: HttpMethod;
  path: string;
  /** Where the record id travels. */
  idIn?: 'path' | 'body' | 'query';
}

/** Whether a resource's changes can be read and reverted from its update page. */
export const historyOf = (definition: AnyResource) =>
  Boolean(definition.audit) && definition.history !== false;

const joinPath = (...parts: string[]) => parts.filter(Boolean).join('/');

/**
 * Every call of a resource, from its definition: the server registers exactly these routes and
 * the app's data provider calls exactly these, so the spec's odd paths are written once.
 * - table: `POST {path}/table` (the spec's table query, with `sortField`, `filter`)
 * - export: `GET {path}/export?allSearch=&sortField=&sortOrder=&filter=<JSON>`, CSV of every match
 * - getOne, create, update, delete: `GET/POST/PUT/DELETE {path}[/:id]` unless overridden
 * - deleteMany: `POST {path}/delete-many` with `{ ids }`, answering `{ result: { deleted } }`
 * - toggle: the one-field switch of the list, when the definition has one
 * - with `audit`: `GET {path}/:id/history` and `POST {path}/:id/revert` (unless `history: false`)
 * - with a reference field: `POST {path}/references` with `{ field, search?, ids?, organizationId? }`,
 *   the rows it may name as options `{ value, label }`, within what the caller may read (see
 *   `referencesQuerySchemaOf`)
 * - with `trash`: `POST {path}/trash/table` (the trash's table query), `POST {path}/:id/restore`,
 *   `POST {path}/restore-many` and `POST {path}/purge-many` with `{ ids }`
 * - when `importable`: `POST {path}/import/preview` and `POST {path}/import` with a spreadsheet
 *   (multipart), and `POST {path}/import/:importId/undo`
 */
export function resourceCalls(definition: AnyResource) {
  const base = apiPathOf(definition);
  const routes = definition.routes ?? {};
  const table = routes.table?.path ?? 'table';
  const update = routes.update ?? { path: ':id', idIn: 'path' as const };
  const remove = routes.delete ?? { path: ':id', idIn: 'path' as const };
  const calls = {
    table: { method: 'POST', path: joinPath(base, table) },
    export: { method: 'GET', path: joinPath(base, table.replace(/table$/, 'export')) },
    getOne: { method: 'GET', path: joinPath(base, ':id'), idIn: 'path' },
    create: { method: 'POST', path: base },
    update: { method: 'PUT', path: joinPath(base, update.path), idIn: update.idIn ?? 'path' },
    delete: { method: 'DELETE', path: joinPath(base, remove.path), idIn: remove.idIn ?? 'path' },
    deleteMany: { method: 'POST', path: joinPath(base, 'delete-many') },
    toggle: routes.toggle
      ? { method: routes.toggle.method, path: joinPath(base, routes.toggle.path), idIn: routes.toggle.idIn }
      : undefined,
    history: historyOf(definition)
      ? { method: 'GET', path: joinPath(base, ':id/history'), idIn: 'path' }
      : undefined,
    revert: historyOf(definition)
      ? { method: 'POST', path: joinPath(base, ':id/revert'), idIn: 'path' }
      : undefined,
    references: referenceFields(definition).length
      ? { method: 'POST', path: joinPath(base, 'references') }
      : undefined,
    trashTable: definition.trash ? { method: 'POST', path: joinPath(base, 'trash/table') } : undefined,
    restore: definition.trash
      ? { method: 'POST', path: joinPath(base, ':id/restore'), idIn: 'path' }
      : undefined,
    restoreMany: definition.trash ? { method: 'POST', path: joinPath(base, 'restore-many') } : undefined,
    purgeMany: definition.trash ? { method: 'POST', path: joinPath(base, 'purge-many') } : undefined,
    importPreview: importable(definition)
      ? { method: 'POST', path: joinPath(base, 'import/preview') }
      : undefined,
    importCommit: importable(definition) ? { method: 'POST', path: joinPath(base, 'import') } : undefined,
    importUndo: importable(definition)
      ? { method: 'POST', path: joinPath(base, 'import/:importId/undo') }
      : undefined,
    importUndoStatus: importable(definition)
      ? { method: 'GET', path: joinPath(base, 'import/:importId/undo') }
      : undefined,
    importInvite: importable(definition)
      ? { method: 'POST', path: joinPath(base, 'import/:importId/invitations') }
      : undefined,
  } satisfies Record<string, ResourceCall | undefined>;
  return calls as {
    [K in keyof typeof calls]: (typeof calls)[K] extends undefined ? undefined : ResourceCall;
  } & {
    toggle?: ResourceCall;
    history?: ResourceCall;
    revert?: ResourceCall;
    references?: ResourceCall;
    trashTable?: ResourceCall;
    restore?: ResourceCall;
    restoreMany?: ResourceCall;
    purgeMany?: ResourceCall;
    importPreview?: ResourceCall;
    importCommit?: ResourceCall;
    importUndo?: ResourceCall;
    importUndoStatus?: ResourceCall;
    importInvite?: ResourceCall;
  };
}

/**
 * The react-admin resource a reference field's cells and inputs read: its options and labels
 * through `POST {path}/references`, so a cell or input never reads a list its user may not open.
 */
export const referenceOptionsResource = (definition: AnyResource, field: string) =>
  `${definition.name}/${field}/references`;

/** The definition and field a `referenceOptionsResource` names, else undefined. */
export const referenceOptionsOf = (resource: string) => {
  const [name, field, suffix] = resource.split('/');
  return suffix === 'references' && field ? { name, field } : undefined;
};

/** Fills `:id` and scope parameters (`:organizationId`) of a call's path. */
export const fillPath = (path: string, values: Record<string, string | number>) =>
  path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(values[name] ?? '')));
