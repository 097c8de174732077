import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { baseApparel } from '../../../../server/db/schema';
import { garmentShadingPng } from '../../../../server/storage/garment-maps';
import { closeUploadTestApp, type Ctx, type People } from '../design-logos/fixtures';
import { productTestApp } from './support';

let ctx: Ctx;
let who: People;
let apparelId: number;
beforeEach(async () => ({ ctx, who, apparelId } = await productTestApp()));
afterEach(() => closeUploadTestApp(ctx));

const url = (id: number) => `/api/merchandise/base-apparel/${id}/fabric-shading`;
const catalogueItem = async (id: number) =>
  (await who.director({ method: 'GET', url: '/api/merchandise/base-apparel' }))
    .json()
    .result.products.find((item: { id: number }) => item.id === id);

describe('GET /api/merchandise/base-apparel/:id/fabric-shading', () => {
  it('sends a drawn garment’s shading at its catalogue image’s size, the very map its pictures use', async () => {
    await ctx.db.update(baseApparel).set({ outline: 'tshirt' }).where(eq(baseApparel.id, apparelId));
    expect((await catalogueItem(apparelId)).fabric).toBe(true);
    const response = await who.director({ method: 'GET', url: url(apparelId) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const { width, height } = await sharp(response.rawPayload).metadata();
    // The fixture's catalogue image is 400 px square.
    expect({ width, height }).toEqual({ width: 400, height: 400 });
    expect(response.rawPayload.equals(await garmentShadingPng('tshirt', { width: 400, height: 400 }))).toBe(
      true,
    );
  });

  it('is not found for an uploaded garment, which is flat, nor for one that does not exist', async () => {
    expect((await catalogueItem(apparelId)).fabric).toBe(false);
    expect((await who.director({ method: 'GET', url: url(apparelId) })).statusCode).toBe(404);
    expect((await who.director({ method: 'GET', url: url(apparelId + 1000) })).statusCode).toBe(404);
  });

  it('is for people signed in who build products', async () => {
    await ctx.db.update(baseApparel).set({ outline: 'tshirt' }).where(eq(baseApparel.id, apparelId));
    expect((await who.visitor({ method: 'GET', url: url(apparelId) })).statusCode).toBe(401);
  });
});
