import type { AuditAction } from '../contract/audit';
import type { Db } from './db/client';
import { insertJsonRows } from './db/json-rows';
import { auditLog } from './db/schema';

/**
 * Names of values that are secrets (password hashes, security stamps, tokens, two-factor and
 * recovery codes, API keys): never written to the audit log, whatever a caller passes. A promo
 * code's `code` and a setting's `key` are names, not secrets.
 */
export const isSecretName = (name: string) =>
  /password|secret|token|stamp|hash|recovery|otp/i.test(name) || /[a-z](Code|Key)s?$/.test(name);

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.filter((item) => !(isFieldChange(item) && isSecretName(item.field))).map(withoutSecrets);
  }
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !isSecretName(key))
      .map(([key, inner]) => [key, withoutSecrets(inner)]),
  );
}

const isFieldChange = (value: unknown): value is { field: string } =>
  typeof value === 'object' && value !== null && typeof (value as { field?: unknown }).field === 'string';

interface AuditEntry {
  actorUserId: number | null;
  action: string;
  entityType: string;
  entityId: string | number | null;
  details?: Record<string, unknown>;
}

/** An entry as its row stores it: the id as text, the details without secrets. */
const rowOf = ({ actorUserId, action, entityType, entityId, details }: AuditEntry) => ({
  actorUserId,
  action,
  entityType,
  entityId: entityId === null ? null : String(entityId),
  details: details ? (withoutSecrets(details) as Record<string, unknown>) : null,
});

/** Records who did what to which entity; every admin action goes through here. */
export function audit(
  db: Db,
  actorUserId: number | null,
  action: AuditAction,
  entityType: string,
  entityId: string | number | null,
  details?: Record<string, unknown>,
) {
  return db.insert(auditLog).values(rowOf({ actorUserId, action, entityType, entityId, details }));
}

/** The same for many entries at once (an import's rows), in one statement with one bound value. */
export function auditAll(db: Db, entries: readonly AuditEntry[]) {
  const rows = entries.map(rowOf);
  const names = Object.keys(rows[0] ?? {}) as (keyof ReturnType<typeof rowOf>)[];
  return insertJsonRows(
    db,
    auditLog,
    names.map((name) => auditLog[name].name),
    rows.map((row) => Object.fromEntries(names.map((name) => [auditLog[name].name, row[name]]))),
  );
}
