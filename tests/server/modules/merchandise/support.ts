import { count, eq } from 'drizzle-orm';
import { merchandise } from '../../../../server/db/schema';
import {
  addBaseApparel,
  type Call,
  type Ctx,
  multipart,
  peopleTestApp,
  pngImage,
} from '../design-logos/fixtures';

/** An upload test app, its people, and one base apparel item (a tee) to make products of. */
export async function productTestApp() {
  const { ctx, who } = await peopleTestApp();
  const { id: apparelId } = await addBaseApparel(ctx);
  return { ctx, who, apparelId };
}

/** The create form's text fields for a logo on an apparel item; `extra` adds or overrides fields. */
export const productFields = (
  apparelId: number,
  logoId: number,
  extra: Record<string, string | number> = {},
) => ({
  Title: 'Lincoln Tee',
  Description: 'Our crest on a tee',
  Price: '24.99',
  LogoId: logoId,
  BaseApparelId: apparelId,
  ...extra,
});

/** The create form's placement fields, as the studio sends them. */
export const placed = (x: number, y: number, width: number, rotation = 0) => ({
  PlacementX: String(x),
  PlacementY: String(y),
  PlacementWidth: String(width),
  PlacementRotation: String(rotation),
});

/** The fields a 400 names, in its order. */
export const failures = (response: Awaited<ReturnType<Call>>) =>
  (response.json().validationFailures as { propertyName: string }[]).map((failure) => failure.propertyName);

/** Creates a product as `call`, sending a white 400 px PNG as its image unless told otherwise. */
export async function createProduct(
  call: Call,
  fields: Record<string, string | number>,
  content?: Buffer | string,
) {
  return call({
    method: 'POST',
    url: '/api/merchandise/create-merchandise-by-organization',
    ...multipart(fields, {
      name: 'product.png',
      type: 'image/png',
      content: content ?? (await pngImage(400, 400, '#fff')),
    }),
  });
}

export async function productCount(ctx: Pick<Ctx, 'db'>) {
  const [row] = await ctx.db.select({ n: count() }).from(merchandise);
  return row.n;
}

/**
 * Puts a product on sale as if its design had been through review, or made before review existed
 * (migration 0033): what the storefront's tests start from.
 */
export async function onSale(ctx: Pick<Ctx, 'db'>, id: number) {
  await ctx.db.update(merchandise).set({ reviewState: 'published' }).where(eq(merchandise.id, id));
}
