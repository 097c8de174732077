import { asc, isNull } from 'drizzle-orm';
import { isAdmin } from '../../../contract/roles';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { organizations } from '../../db/schema';
import { forbidden } from '../../errors';

/**
 * The organization a request works on: Admins may name any; everyone else always gets
 * their own, whatever id the request carries.
 */
export function scopedOrganizationId(
  actor: SessionUser,
  requested: number | null | undefined,
): number | null {
  if (isAdmin(actor.roles)) return requested ?? null;
  if (requested != null && requested !== actor.organizationId) throw forbidden();
  return actor.organizationId;
}

export const organizationOptions = (db: Db) =>
  db
    .select({ value: organizations.id, label: organizations.name })
    .from(organizations)
    .where(isNull(organizations.deletedAt))
    .orderBy(asc(organizations.name));
