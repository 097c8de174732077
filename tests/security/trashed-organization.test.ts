import type { HTTPMethods, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addBaseApparel,
  closeUploadTestApp,
  type Ctx,
  multipart,
  type People,
  peopleTestApp,
  pngImage,
  uploadLogo,
} from '../server/modules/design-logos/fixtures';
import { forbiddenBody } from './support';

/**
 * An Admin moves Lincoln High to the trash: from that moment its director reads nothing of it,
 * on any route, and has it all back once it is restored. The routes are every read the API
 * documents (the definitions' and the modules' own, from the OpenAPI document), filled with
 * Lincoln's records; those the director reaches while Lincoln is live are the ones checked.
 */
let ctx: Ctx;
let who: People;
let reads: { key: string; method: HTTPMethods; url: string; payload?: object }[];
/** What Lincoln's data looks like in an answer: any of these in a body is a leak. */
let lincolnData: string[];

interface Operation {
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean }[];
}

beforeAll(async () => {
  ({ ctx, who } = await peopleTestApp());
  const { id: apparelId } = await addBaseApparel(ctx);
  const { id: logoId } = await uploadLogo(who.director);
  const product = await who.director({
    method: 'POST',
    url: '/api/merchandise/create-merchandise-by-organization',
    ...multipart(
      {
        Title: 'Lincoln Lynx Tee',
        Description: 'Crest on a tee',
        Price: '24.99',
        BaseApparelId: apparelId,
        LogoId: logoId,
      },
      { name: 'product.png', type: 'image/png', content: await pngImage(200, 200) },
    ),
  });
  expect(product.statusCode, product.body).toBe(200);
  await ctx.app.jobs.drain();
  const order = await who.admin({
    method: 'POST',
    url: '/api/orders',
    payload: {
      organizationId: who.lincoln.id,
      collectionId: 'LINCOLN-FALL',
      orderNumber: 'SO-2001',
      customerName: 'Lenny Lynx',
      customerEmail: 'lenny@example.com',
      total: 49.98,
      status: 'Paid',
    },
  });
  expect(order.statusCode, order.body).toBe(200);
  const me = (await who.director({ url: '/api/account/me' })).json().result as { id: number };
  lincolnData = [who.lincoln.name, who.lincoln.guid, 'Lincoln Lynx Tee', 'Lenny Lynx', 'lenny@example.com'];

  const idOf: Record<string, number> = {
    'design-logos': logoId,
    merchandise: product.json().result.id,
    orders: order.json().result.id,
    organizations: who.lincoln.id,
    users: me.id,
  };
  const pathValues = (path: string): Record<string, string | number> => ({
    id: idOf[path.split('/')[2]] ?? 1,
    organizationId: who.lincoln.id,
    userId: me.id,
    profilePhotoGuid: crypto.randomUUID(),
    side: 'front',
  });
  const queryValues: Record<string, string | number> = {
    organizationId: who.lincoln.id,
    collectionId: 'LINCOLN-FALL',
    q: 'Lincoln',
  };
  const document = (await who.admin({ url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  reads = Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod)
      .filter(([method, operation]) => operation.security?.length !== 0 && method !== 'parameters')
      .filter(([method]) => method === 'get' || path.endsWith('/table'))
      // The change stream never ends on its own; what it carries is its own suite's concern.
      .filter(() => path !== '/api/changes')
      .map(([method, operation]) => {
        const values = pathValues(path);
        const query = new URLSearchParams(
          (operation.parameters ?? [])
            .filter((p) => p.in === 'query' && p.name in queryValues)
            .map((p) => [p.name, String(queryValues[p.name])]),
        );
        const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
        return {
          key: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase() as HTTPMethods,
          url: query.size > 0 ? `${filled}?${query}` : filled,
          payload: method === 'get' ? undefined : { take: 10 },
        };
      }),
  );
});
afterAll(() => closeUploadTestApp(ctx));

async function answers() {
  const answered: Record<string, LightMyRequestResponse> = {};
  for (const read of reads) answered[read.key] = await who.director(read);
  return answered;
}

/**
 * Waits for the trash (or its restore) to reach the director's sessions: on PostgreSQL every
 * process, this one too, hears of it through the database's notice, as of any change to a user.
 */
async function untilOrdersAnswer(status: number) {
  const ordersTable = reads.find(
    (read) => read.key === 'POST /api/orders/organization/{organizationId}/table',
  )!;
  await expect.poll(async () => (await who.director(ordersTable)).statusCode).toBe(status);
}

const leaks = (response: LightMyRequestResponse) =>
  lincolnData.filter((text) => response.body.includes(text));

describe('the users of an organization in the trash', () => {
  it('read nothing of it on any route from the moment it is trashed, and everything again once restored', async () => {
    const live = await answers();
    const reached = Object.keys(live).filter((key) => live[key].statusCode === 200);
    // The examples: orders and their customers, orders by collection, a print file,
    // search and the dashboard's sales all answer the director while Lincoln is live.
    expect(reached).toEqual(
      expect.arrayContaining([
        'POST /api/orders/organization/{organizationId}/table',
        'GET /api/orders/by-collection',
        'GET /api/merchandise/{id}/print-file/{side}',
        'GET /api/search',
        'GET /api/dashboard/sales',
        'GET /api/design-logos',
      ]),
    );
    expect(reached.filter((key) => leaks(live[key]).length > 0).length).toBeGreaterThan(5);

    const trashed = await who.admin({ method: 'DELETE', url: `/api/organizations/${who.lincoln.id}` });
    expect(trashed.statusCode, trashed.body).toBe(200);
    await untilOrdersAnswer(403);
    const inTrash = await answers();
    for (const key of reached) {
      const response = inTrash[key];
      if (response.statusCode === 403) expect(response.json(), key).toEqual(forbiddenBody);
      else
        expect({ key, status: response.statusCode, leaks: leaks(response) }).toEqual({
          key,
          status: 200,
          leaks: [],
        });
    }
    const refused = reached.filter((key) => inTrash[key].statusCode === 403);
    expect(refused).toEqual(
      expect.arrayContaining([
        'POST /api/orders/organization/{organizationId}/table',
        'GET /api/orders/by-collection',
        'GET /api/merchandise/{id}/print-file/{side}',
        'GET /api/dashboard/sales',
        'GET /api/design-logos',
      ]),
    );

    const restored = await who.admin({ method: 'POST', url: `/api/organizations/${who.lincoln.id}/restore` });
    expect(restored.statusCode, restored.body).toBe(200);
    await untilOrdersAnswer(200);
    const back = await answers();
    for (const key of reached) {
      expect({ key, status: back[key].statusCode, leaks: leaks(back[key]) }).toEqual({
        key,
        status: 200,
        leaks: leaks(live[key]),
      });
    }
  });
});
