import type { Db } from './db/client';
import { auditLog } from './db/schema';

/** Records who did what to which entity; every admin action goes through here. */
export function audit(
  db: Db,
  actorUserId: number | null,
  action: string,
  entityType: string,
  entityId: string | number | null,
  details?: Record<string, unknown>,
) {
  return db.insert(auditLog).values({
    actorUserId,
    action,
    entityType,
    entityId: entityId === null ? null : String(entityId),
    details: details ?? null,
  });
}
