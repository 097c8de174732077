import { asc, eq } from 'drizzle-orm';
import type { ShowcasedBrand } from '../../../contract/brands';
import type { Db } from '../../db/client';
import { brands } from '../../db/schema';

const columns = { id: brands.id, slug: brands.slug, name: brands.name, isShowcased: brands.isShowcased };

export const showcasedBrands = (db: Db): Promise<ShowcasedBrand[]> =>
  db.select(columns).from(brands).where(eq(brands.isShowcased, true)).orderBy(asc(brands.name));
