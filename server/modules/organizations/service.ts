import { asc, eq } from 'drizzle-orm';
import { isAdmin } from '../../../src/contract/roles';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { organizations } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';

const columns = {
  id: organizations.id,
  guid: organizations.guid,
  name: organizations.name,
  spiritShopAddress: organizations.spiritShopAddress,
};

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

export async function getOrganization(db: Db, actor: SessionUser, id: number) {
  scopedOrganizationId(actor, id);
  const [row] = await db.select(columns).from(organizations).where(eq(organizations.id, id));
  if (!row) throw notFound('Organization');
  return row;
}

export async function organizationOptions(db: Db) {
  const rows = await db
    .select({ value: organizations.id, label: organizations.name })
    .from(organizations)
    .orderBy(asc(organizations.name));
  return rows;
}
