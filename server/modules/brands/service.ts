import { asc, eq } from 'drizzle-orm';
import type { Brand } from '../../../src/contract/brands';
import { audit } from '../../audit';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { brands } from '../../db/schema';
import { notFound } from '../../http/errors';
import { type ParsedTableQuery, type TableSpec, tablePage } from '../../http/table';

const columns = { id: brands.id, slug: brands.slug, name: brands.name, isShowcased: brands.isShowcased };

const tableSpec: TableSpec = {
  table: brands,
  searchColumn: brands.searchText,
  sortable: { id: brands.id, slug: brands.slug, name: brands.name, isShowcased: brands.isShowcased },
  defaultSort: { column: brands.name, order: 'ASC' },
};

export const brandsTable = (db: Db, query: ParsedTableQuery) =>
  tablePage<Brand>(db, tableSpec, query, columns);

export const showcasedBrands = (db: Db): Promise<Brand[]> =>
  db.select(columns).from(brands).where(eq(brands.isShowcased, true)).orderBy(asc(brands.name));

export async function setShowcase(db: Db, actor: SessionUser, id: number, isShowcased: boolean) {
  const [row] = await db.update(brands).set({ isShowcased }).where(eq(brands.id, id)).returning(columns);
  if (!row) throw notFound('Brand');
  await audit(db, actor.id, 'showcase', 'brand', id, { isShowcased });
  return row;
}
