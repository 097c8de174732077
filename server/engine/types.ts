import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
} from 'fastify';
import type { ValidationFailure } from '../../contract/common';
import type { AnyResource } from '../../contract/resource';
import type { AuditAction } from '../../contract/audit';
import type { NotificationMessageKey, NotificationParams } from '../../contract/notification-messages';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/client';

/** The calls of `resourceCalls(definition)`, by name. */
export type CallName =
  | 'table'
  | 'export'
  | 'getOne'
  | 'create'
  | 'update'
  | 'delete'
  | 'deleteMany'
  | 'toggle'
  | 'history'
  | 'revert'
  | 'references'
  | 'trashTable'
  | 'restore'
  | 'restoreMany'
  | 'purgeMany'
  | 'importPreview'
  | 'importCommit'
  | 'importUndo'
  | 'importUndoStatus'
  | 'importInvite';

/** `revert` is an update that brings back a value from the record's history. */
export type ChangeAction =
  'create' | 'update' | 'toggle' | 'delete' | 'restore' | 'purge' | 'revert' | 'transition';

export type Values = Record<string, unknown>;

/** A workflow transition as the audit log and the history keep it: its name and the comment. */
export interface TransitionTaken {
  transition: string;
  comment?: string;
}

export interface ChangeContext {
  /** The change's transaction: whatever a hook writes commits or rolls back with the row and its audit. */
  tx: Db;
  actor: SessionUser;
  action: ChangeAction;
  /** The row's id, except on create. */
  id?: number;
  /** The body as validated, before `beforeChange`: what it keeps out of the row (an order's items) is still here. */
  input?: Values;
  /** The workflow transition a `transition` change takes. */
  transition?: TransitionTaken;
}

/**
 * What a resource's server module adds to its definition; a plain resource needs none of it.
 * Lives in `server/modules/<module>/resource.ts` as `<module>Server`, never in the zod-only
 * definition the browser loads.
 */
export interface ResourceServer {
  /** Row values that are not a column of their own (users' `fullName`) or extra row keys. */
  columns?: Record<string, PgColumn | SQL.Aliased>;
  /** What a field sorts by when that is not its own column. */
  sortBy?: Record<string, PgColumn | SQL>;
  /** Short search terms match the start of these (see `TableSpec.prefixColumns`). */
  prefixColumns?: (PgColumn | SQL)[];
  /** Calls the module serves itself, behind the engine's guard (`resourceGuard`). */
  own?: CallName[];
  /** Audit action names where the audit log has its own words (`showcase` for brands). */
  auditActions?: Partial<Record<ChangeAction, AuditAction>>;
  /** Runs inside the change's transaction before the write; returns the values to store. */
  beforeChange?: (values: Values, context: ChangeContext) => Values | Promise<Values>;
  /** Runs inside the change's transaction after the write, with the stored row. */
  afterChange?: (row: Values, context: ChangeContext) => void | Promise<void>;
  /** How a row of a spreadsheet becomes one of the module's creates, when its body is no flat row. */
  import?: ModuleImport;
}

/** What the importer is told of an import's invitations: a notification of the 'jobs' category. */
interface ImporterNotice {
  userIds: readonly number[];
  category: 'jobs';
  text: { key: NotificationMessageKey; params?: NotificationParams };
  link: string;
}

/**
 * The import of a resource whose create body is the module's own (users: a nested name, a role
 * list, an invitation): the engine reads the file, its columns (the definition's `importFields`),
 * references and choices, batches the inserts with their audit rows and change events in one
 * transaction, and undoes; the module says what a row means. Rows only create: one matching an
 * existing row fails on the unique index, as the module's create would.
 */
export interface ModuleImport {
  /** A row's values as the module's create body, by its own rules; a failure names an import field. */
  check: (values: Values) => { body: Values } | { failures: ValidationFailure[] };
  /** The table's columns of a checked body. */
  columns: (body: Values) => Values;
  /**
   * What the person of each created row is sent (an account's invitation), by one job the commit
   * enqueues (`import/invitations.ts`); the importer may choose not to send it.
   */
  invitation?: {
    send: (app: FastifyInstance, id: number) => Promise<void>;
    /**
     * Tells the importer that the invitations have gone or have stopped for good: the
     * notifications module's `notify`, given here because the engine sits below the modules.
     */
    notify: (db: Db, notice: ImporterNotice) => Promise<unknown>;
  };
  /** Of these imported rows (at most 1,000), those in use by the module's own measure (an account confirmed). */
  usedSince?: (tx: Db, ids: number[]) => Promise<number[]>;
  /** Tables whose rows refer to an imported row as part of its import (its invitation), not as use. */
  ownReferences?: readonly string[];
}

/**
 * A resource's table as the engine worked it out at start (`ResourceEngine` is one): what the
 * organization scope, the audit of a change and the history read, without the engine's queries.
 */
export interface ResourceTable {
  readonly definition: AnyResource;
  readonly server: ResourceServer;
  readonly table: PgTable;
  readonly columns: Record<string, PgColumn>;
  readonly select: Record<string, PgColumn | SQL.Aliased>;
}

/** Registers one of the definition's calls, behind its guard; a call the definition does not offer is skipped. */
export type ResourceRoute = (
  name: CallName,
  schema: FastifySchema,
  handler: (request: FastifyRequest, reply: FastifyReply) => unknown,
  config?: FastifyContextConfig,
) => void;
