import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PromoCode, promoCodeInputSchema } from '../../../src/contract/promo-codes';
import { audit } from '../../audit';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { promoCodes } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { type ParsedTableQuery, type TableSpec, tablePage } from '../../http/table';

type PromoInput = z.output<typeof promoCodeInputSchema>;

const columns = {
  id: promoCodes.id,
  code: promoCodes.code,
  name: promoCodes.name,
  organization: promoCodes.organization,
  state: promoCodes.state,
  isActive: promoCodes.isActive,
  description: promoCodes.description,
};

const tableSpec: TableSpec = {
  table: promoCodes,
  searchColumn: promoCodes.searchText,
  sortable: {
    id: promoCodes.id,
    code: promoCodes.code,
    name: promoCodes.name,
    organization: promoCodes.organization,
    state: promoCodes.state,
    isActive: promoCodes.isActive,
  },
  defaultSort: { column: promoCodes.code, order: 'ASC' },
};

export const promoCodesTable = (db: Db, query: ParsedTableQuery) =>
  tablePage<PromoCode>(db, tableSpec, query, columns);

export async function getPromoCode(db: Db, id: number): Promise<PromoCode> {
  const [row] = await db.select(columns).from(promoCodes).where(eq(promoCodes.id, id));
  if (!row) throw notFound('Promo code');
  return row;
}

/** Codes are typed by shoppers in any case, so two codes differing only in case would collide. */
async function assertCodeFree(db: Db, code: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: promoCodes.id })
    .from(promoCodes)
    .where(
      and(
        eq(sql`lower(${promoCodes.code})`, code.toLowerCase()),
        exceptId === undefined ? undefined : ne(promoCodes.id, exceptId),
      ),
    );
  if (taken) throw badRequest('code', `The promo code ${code} already exists`);
}

export async function createPromoCode(db: Db, actor: SessionUser, input: PromoInput): Promise<PromoCode> {
  await assertCodeFree(db, input.code);
  const [row] = await db.insert(promoCodes).values(input).returning(columns);
  await audit(db, actor.id, 'create', 'promoCode', row.id, { code: row.code });
  return row;
}

export async function updatePromoCode(
  db: Db,
  actor: SessionUser,
  id: number,
  input: PromoInput,
): Promise<PromoCode> {
  await getPromoCode(db, id);
  await assertCodeFree(db, input.code, id);
  const [row] = await db.update(promoCodes).set(input).where(eq(promoCodes.id, id)).returning(columns);
  await audit(db, actor.id, 'update', 'promoCode', id, { code: row.code });
  return row;
}

export async function setPromoActive(db: Db, actor: SessionUser, id: number, isActive: boolean) {
  const [row] = await db.update(promoCodes).set({ isActive }).where(eq(promoCodes.id, id)).returning(columns);
  if (!row) throw notFound('Promo code');
  await audit(db, actor.id, 'toggle', 'promoCode', id, { isActive });
  return row;
}

export async function deletePromoCode(db: Db, actor: SessionUser, id: number) {
  const [row] = await db.delete(promoCodes).where(eq(promoCodes.id, id)).returning(columns);
  if (!row) throw notFound('Promo code');
  await audit(db, actor.id, 'delete', 'promoCode', id, { code: row.code });
}
