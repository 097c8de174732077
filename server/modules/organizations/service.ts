import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Organization, organizationInputSchema } from '../../../src/contract/organizations';
import { isAdmin } from '../../../src/contract/roles';
import { audit } from '../../audit';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { organizations } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { type ParsedTableQuery, type TableSpec, tablePage } from '../../http/table';

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

const tableSpec: TableSpec = {
  table: organizations,
  // A handful of rows per installation: an expression is enough, no generated column or index.
  searchColumn: sql`lower(${organizations.name} || ' ' || coalesce(${organizations.spiritShopAddress}, ''))`,
  sortable: {
    id: organizations.id,
    name: organizations.name,
    spiritShopAddress: organizations.spiritShopAddress,
  },
  defaultSort: { column: organizations.name, order: 'ASC' },
  tieBreaker: organizations.id,
};

export const organizationsTable = (db: Db, query: ParsedTableQuery) =>
  tablePage<Organization>(db, tableSpec, query, columns);

type OrganizationInput = z.output<typeof organizationInputSchema>;

/** Two organizations with the same name would be indistinguishable in the selector. */
async function assertNameFree(db: Db, name: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      and(
        eq(sql`lower(${organizations.name})`, name.toLowerCase()),
        exceptId === undefined ? undefined : ne(organizations.id, exceptId),
      ),
    );
  if (taken) throw badRequest('name', `An organization named ${name} already exists`);
}

export async function createOrganization(db: Db, actor: SessionUser, input: OrganizationInput) {
  await assertNameFree(db, input.name);
  const [row] = await db.insert(organizations).values(input).returning(columns);
  await audit(db, actor.id, 'create', 'organization', row.id, { name: row.name });
  return row;
}

export async function updateOrganization(db: Db, actor: SessionUser, id: number, input: OrganizationInput) {
  await assertNameFree(db, input.name, id);
  const [row] = await db.update(organizations).set(input).where(eq(organizations.id, id)).returning(columns);
  if (!row) throw notFound('Organization');
  await audit(db, actor.id, 'update', 'organization', id, { ...input });
  return row;
}
