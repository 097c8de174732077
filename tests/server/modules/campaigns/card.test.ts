import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { campaignProducts, campaigns, orderItems, orders } from '../../../../server/db/schema';
import { createOrganization, createUser, signIn, testApp } from '../../helpers';
import { addProduct } from '../orders/fixtures';
import { actors } from '../organizations/actors';

type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
let who: Awaited<ReturnType<typeof actors>>;
let otherId: number;
beforeEach(async () => {
  ctx = await testApp();
  who = await actors(ctx);
  otherId = (await createOrganization(ctx.db, 'Riverside Rowing Club')).id;
});
afterEach(() => ctx.app.close());

const day = 86_400_000;
const hour = 3_600_000;
let number = 0;

async function window(
  organizationId: number,
  name: string,
  state: string,
  closesIn: number,
  opensIn = -2 * day,
) {
  const [row] = await ctx.db
    .insert(campaigns)
    .values({
      name,
      organizationId,
      state,
      opensAt: new Date(Date.now() + opensIn),
      closesAt: new Date(Date.now() + closesIn),
    })
    .returning();
  return row;
}

async function order(
  campaignId: number,
  organizationId: number,
  productId: number,
  quantity: number,
  status = 'Paid',
) {
  number += 1;
  const [row] = await ctx.db
    .insert(orders)
    .values({
      organizationId,
      campaignId,
      collectionId: 'Shopify',
      orderNumber: `#${number}`,
      customerName: 'Pat Parent',
      customerEmail: 'pat@example.com',
      total: quantity * 40,
      status,
    })
    .returning();
  await ctx.db.insert(orderItems).values({
    orderId: row.id,
    productId,
    quantity,
    unitPrice: 40,
    title: 'Hoodie',
    size: 'M',
    colour: 'Navy',
  });
}

const card = (call: typeof who.admin) => call({ url: '/api/campaigns/card' });

describe('GET campaigns/card', () => {
  it("gives a director their school's open window: days left, each product's units against its minimum and the money raised", async () => {
    const open = await window(who.organization.id, 'Spirit Week Store', 'open', 3 * day + hour);
    await window(who.organization.id, 'Next Season', 'scheduled', 20 * day, 5 * day);
    await window(otherId, 'Regatta Store', 'open', 2 * day);
    const hoodie = await addProduct(ctx.db, who.organization.id, { title: 'Hoodie', price: 40 });
    const tee = await addProduct(ctx.db, who.organization.id, { title: 'Tee', price: 20 });
    await ctx.db.insert(campaignProducts).values([
      { campaignId: open.id, productId: hoodie.id, minimum: 24, fundraising: 12.5 },
      { campaignId: open.id, productId: tee.id, minimum: 2, fundraising: 0 },
    ]);
    await order(open.id, who.organization.id, hoodie.id, 3);
    await order(open.id, who.organization.id, hoodie.id, 50, 'Refunded');
    await order(open.id, who.organization.id, tee.id, 2);

    const response = await card(who.director);
    expect(response.statusCode).toBe(200);
    const { campaigns: shown } = response.json().result;
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({
      id: open.id,
      name: 'Spirit Week Store',
      organizationName: 'Lincoln High School',
      state: 'open',
      daysLeft: 3,
      raised: 37.5,
    });
    expect(shown[0].products).toEqual([
      {
        productId: hoodie.id,
        title: 'Hoodie',
        minimum: 24,
        units: 3,
        met: false,
        fundraising: 12.5,
        raised: 37.5,
      },
      { productId: tee.id, title: 'Tee', minimum: 2, units: 2, met: true, fundraising: 0, raised: 0 },
    ]);
  });

  it("never shows a director another school's window, and shows none when their school has no open one", async () => {
    await window(otherId, 'Regatta Store', 'open', 2 * day);
    await createUser(ctx.db, {
      email: 'rowing@example.com',
      roles: ['AthleticDirector'],
      organizationId: otherId,
    });
    const cookie = await signIn(ctx.app, 'rowing@example.com');
    const rowing = await ctx.app.inject({ url: '/api/campaigns/card', headers: { cookie } });
    expect(rowing.json().result.campaigns.map((c: { name: string }) => c.name)).toEqual(['Regatta Store']);

    const response = await card(who.director);
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toEqual({ campaigns: [] });
  });

  it("gives an Admin every school's windows closing within seven days and not closed yet, soonest first, with the school's name", async () => {
    await window(who.organization.id, 'Spirit Week Store', 'open', 5 * day);
    await window(otherId, 'Regatta Store', 'scheduled', 2 * day, day);
    await window(otherId, 'Later Store', 'open', 10 * day);
    await window(otherId, 'Closed Early', 'closed', 3 * day);
    await window(who.organization.id, 'Past', 'open', -hour);
    const trashed = await window(who.organization.id, 'Trashed', 'open', day);
    await ctx.db.update(campaigns).set({ deletedAt: new Date() }).where(eq(campaigns.id, trashed.id));

    const response = await card(who.admin);
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .result.campaigns.map((c: { name: string; organizationName: string; daysLeft: number }) => [
          c.name,
          c.organizationName,
          c.daysLeft,
        ]),
    ).toEqual([
      ['Regatta Store', 'Riverside Rowing Club', 1],
      ['Spirit Week Store', 'Lincoln High School', 4],
    ]);
  });

  it('refuses whoever may not list campaigns (403) and asks a visitor to sign in (401)', async () => {
    await createUser(ctx.db, { email: 'reviewer@example.com', roles: ['Reviewer'] });
    const cookie = await signIn(ctx.app, 'reviewer@example.com');
    const reviewer = await ctx.app.inject({ url: '/api/campaigns/card', headers: { cookie } });
    expect(reviewer.statusCode).toBe(403);
    expect((await card(who.visitor)).statusCode).toBe(401);
  });
});
