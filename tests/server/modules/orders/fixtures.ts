import { baseApparel, merchandise } from '../../../../server/db/schema';
import type { Database } from '../../../../server/db/client';

/** A ready product of an organization, made straight in the database: orders only need it to exist. */
export async function addProduct(
  db: Database['db'],
  organizationId: number,
  product: { title: string; price: number; externalId?: string; thumbnailKey?: string },
) {
  const [apparel] = await db
    .insert(baseApparel)
    .values({
      title: 'Classic Cotton Tee',
      description: 'Cotton tee',
      price: 14.5,
      imageKey: 'base-apparel/tee',
    })
    .returning();
  const [row] = await db
    .insert(merchandise)
    .values({
      organizationId,
      baseApparelId: apparel.id,
      title: product.title,
      description: product.title,
      price: product.price,
      status: 'ready',
      externalId: product.externalId ?? null,
      thumbnailKey: product.thumbnailKey ?? null,
    })
    .returning();
  return row;
}
