import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { utcMinute } from '../../contract/times';
import type { Db } from '../db/client';
import { auditLog, users } from '../db/schema';
import { VersionConflict } from '../errors';
import { displayNameOf } from './change-feed';

/*
 * No lost update (docs/decisions.md): a write names the version its client read, and matches no
 * row once anyone else has written, because every write raises the version in its own statement.
 * Writes without a version (the spec's contract) stay unconditional.
 */

/** The SET of a write: the version goes up with the row, in the same statement. */
export const nextVersion = (column: PgColumn) => sql`${column} + 1`;

/** The WHERE of a write that names the version it read; none when the client sent no version. */
export const versionMatches = (column: PgColumn, version: number | undefined): SQL | undefined =>
  version === undefined ? undefined : eq(column, version);

/**
 * The 409 of a stale write: who last changed the record and when, from its latest audit row
 * (every resource that can be updated is audited), and the record as it now is.
 */
export async function versionConflict(
  db: Db,
  record: { label: string; entityType: string; id: number; current: Record<string, unknown> },
) {
  const [last] = await db
    .select({
      at: auditLog.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(eq(auditLog.entityType, record.entityType), eq(auditLog.entityId, String(record.id))))
    .orderBy(desc(auditLog.id))
    .limit(1);
  const who = last?.email
    ? displayNameOf(last as { firstName: string; lastName: string; email: string })
    : null;
  const label = record.label.toLowerCase();
  const message = last
    ? `${who ?? 'Someone'} changed this ${label} at ${utcMinute(last.at)}, after you opened it`
    : `Someone changed this ${label} after you opened it`;
  return new VersionConflict(message, record.current);
}
