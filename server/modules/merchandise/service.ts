import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type BaseApparel,
  combinationExistsMessage,
  type createMerchandiseFieldsSchema,
  type MerchandiseProduct,
} from '../../../src/contract/merchandise';
import { audit } from '../../audit';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { baseApparel, brands, designLogos, merchandise, organizations } from '../../db/schema';
import { badRequest, forbidden } from '../../http/errors';
import type { JobQueue } from '../../jobs';
import type { StoredImage } from '../../storage/uploads';
import { scopedOrganizationId } from '../organizations/service';
import { mediaUrl } from './media';

export const processMerchandiseJob = 'merchandise.process';

type MerchandiseRow = typeof merchandise.$inferSelect;

export const toProduct = (row: MerchandiseRow): MerchandiseProduct => ({
  id: row.id,
  title: row.title,
  description: row.description,
  price: row.price,
  media:
    row.status === 'ready' && row.imageKey
      ? [
          {
            imageUrl: mediaUrl(row.imageKey),
            thumbnailUrl: row.thumbnailKey ? mediaUrl(row.thumbnailKey) : null,
          },
        ]
      : [],
  createdAt: row.createdAt.toISOString(),
  baseApparelId: row.baseApparelId,
  logoId: row.logoId,
  organizationId: row.organizationId,
  status: row.status,
});

export async function merchandiseByOrganization(
  db: Db,
  actor: SessionUser,
  organizationGuid: string,
  max: number,
) {
  const [organization] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.guid, organizationGuid));
  if (!organization) throw badRequest('organizationGuid', 'The organization does not exist');
  scopedOrganizationId(actor, organization.id);
  const rows = await db
    .select()
    .from(merchandise)
    .where(eq(merchandise.organizationId, organization.id))
    .orderBy(desc(merchandise.createdAt), desc(merchandise.id))
    .limit(max);
  return { products: rows.map(toProduct), spiritShopAddress: organization.spiritShopAddress };
}

/** The catalogue, each item with the logos this organization has already put on it. */
export async function baseApparelCatalogue(db: Db, organizationId: number): Promise<BaseApparel[]> {
  const items = await db
    .select({ item: baseApparel, brand: brands.name })
    .from(baseApparel)
    .leftJoin(brands, eq(brands.id, baseApparel.brandId))
    .orderBy(asc(baseApparel.id));
  const used = await db
    .select({ baseApparelId: merchandise.baseApparelId, logoId: merchandise.logoId })
    .from(merchandise)
    .where(and(eq(merchandise.organizationId, organizationId), isNotNull(merchandise.logoId)));
  return items.map(({ item, brand }) => ({
    id: item.id,
    title: item.title,
    description: item.description,
    price: item.price,
    brand,
    media: [{ imageUrl: mediaUrl(item.imageKey), thumbnailUrl: null }],
    usedLogoIds: used
      .filter((pair) => pair.baseApparelId === item.id)
      .map((pair) => pair.logoId as number)
      .sort((a, b) => a - b),
  }));
}

type CreateFields = z.output<typeof createMerchandiseFieldsSchema>;

/**
 * Records a new product from a composed image and queues its processing in the same
 * transaction, so a product never exists without the job that finishes it.
 */
export async function createMerchandise(
  db: Db,
  jobs: JobQueue,
  actor: SessionUser,
  organizationId: number,
  fields: CreateFields,
  image: StoredImage,
) {
  const [logo] = await db.select().from(designLogos).where(eq(designLogos.id, fields.LogoId));
  if (!logo) throw badRequest('LogoId', 'The logo does not exist');
  if (logo.organizationId !== organizationId) throw forbidden();
  const [apparel] = await db
    .select({ id: baseApparel.id })
    .from(baseApparel)
    .where(eq(baseApparel.id, fields.BaseApparelId));
  if (!apparel) throw badRequest('BaseApparelId', 'The base apparel does not exist');
  const [existing] = await db
    .select({ id: merchandise.id })
    .from(merchandise)
    .where(
      and(
        eq(merchandise.organizationId, organizationId),
        eq(merchandise.logoId, logo.id),
        eq(merchandise.baseApparelId, apparel.id),
      ),
    );
  if (existing) throw badRequest('', combinationExistsMessage);
  try {
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(merchandise)
        .values({
          organizationId,
          logoId: logo.id,
          baseApparelId: apparel.id,
          title: fields.Title,
          description: fields.Description,
          price: fields.Price,
          status: 'processing',
          sourceImageKey: image.key,
        })
        .returning();
      await jobs.enqueue(processMerchandiseJob, { merchandiseId: inserted.id }, tx);
      await audit(tx as unknown as Db, actor.id, 'create', 'merchandise', inserted.id, {
        organizationId,
        logoId: logo.id,
        baseApparelId: apparel.id,
      });
      return inserted;
    });
    jobs.wakeUp();
    return toProduct(row);
  } catch (error) {
    // Two requests for the same pair at once: the unique index lets only one through.
    if (
      (error as { code?: string; cause?: { code?: string } }).cause?.code === '23505' ||
      (error as { code?: string }).code === '23505'
    ) {
      throw badRequest('', combinationExistsMessage);
    }
    throw error;
  }
}
