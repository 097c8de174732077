import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Received {
  method: string;
  path: string;
  token: string | undefined;
  body: Record<string, unknown>;
}

export interface FakeProduct {
  id: number;
  title: string;
  status: string;
  variants: { id: number; position: number; option1?: string; price: string; image_id: number | null }[];
  images: { id: number; position: number; attachment: string }[];
}

/** Signs a webhook's exact bytes as Shopify does, with the app's secret. */
export const signShopifyWebhook = (body: string, secret: string) =>
  createHmac('sha256', secret).update(body, 'utf8').digest('base64');

/**
 * A local stand-in for Shopify's Admin API: it records calls, keeps the products it was sent
 * (ids for them, their variants and pictures, from 7001, 8001 and 9001 as Shopify's own
 * numbering would give), applies a product PUT and fails when told to.
 */
export class FakeShopify {
  received: Received[] = [];
  failuresLeft = 0;
  /** Fails the next call this matches, once. */
  failOnce?: (method: string, path: string) => boolean;
  products = new Map<number, FakeProduct>();
  /** Products deleted, by us or by hand in Shopify's admin. */
  deleted = new Set<number>();
  private nextIds = { product: 7_001, variant: 8_001, image: 9_001 };
  private server: Server = createServer((request, response) => void this.handle(request, response));

  /** The first product published, for a test that publishes one. */
  get product() {
    return this.products.values().next().value;
  }

  productTitled(title: string) {
    return [...this.products.values()].find((product) => product.title === title);
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop() {
    return new Promise((resolve) => this.server.close(resolve));
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    const method = request.method ?? '';
    const path = request.url ?? '';
    this.received.push({ method, path, token: request.headers['x-shopify-access-token'] as string, body });
    const answer = (status: number, payload: unknown) => {
      response.statusCode = status;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(payload));
    };
    if (this.failuresLeft > 0 || this.failOnce?.(method, path)) {
      this.failuresLeft = Math.max(0, this.failuresLeft - 1);
      this.failOnce = undefined;
      return answer(503, { errors: 'Service unavailable' });
    }
    const productPath = /\/products\/(\d+)\.json$/.exec(path);
    if (productPath) return answer(...this.productCall(method, Number(productPath[1]), body));
    if (path.endsWith('/products.json')) return answer(201, { product: this.create(body.product) });
    if (path.endsWith('/graphql.json'))
      return answer(200, {
        data: { fileCreate: { files: [{ id: 'gid://shopify/MediaImage/1' }], userErrors: [] } },
      });
    return answer(404, {});
  }

  private create(sent: {
    title: string;
    status?: string;
    variants: { option1?: string; price: string }[];
    images: { attachment: string }[];
  }) {
    const product: FakeProduct = {
      id: this.nextIds.product++,
      title: sent.title,
      status: sent.status ?? 'active',
      variants: sent.variants.map((variant, index) => ({
        ...variant,
        id: this.nextIds.variant++,
        position: index + 1,
        image_id: null,
      })),
      images: sent.images.map((image, index) => ({
        id: this.nextIds.image++,
        position: index + 1,
        attachment: image.attachment,
      })),
    };
    this.products.set(product.id, product);
    return product;
  }

  private productCall(
    method: string,
    id: number,
    body: { product?: { status?: string; variants?: { id: number; image_id?: number; price?: string }[] } },
  ): [number, unknown] {
    if (method === 'DELETE') {
      const gone = this.deleted.has(id);
      this.deleted.add(id);
      this.products.delete(id);
      return gone ? [404, { errors: 'Not Found' }] : [200, {}];
    }
    // One made in Shopify's admin before the portal knew it: a variant to price.
    const product = this.products.get(id) ?? {
      id,
      title: '',
      status: 'active',
      variants: [{ id: 8_001, position: 1, price: '42.50', image_id: null }],
      images: [],
    };
    if (method === 'PUT') {
      if (body.product?.status) product.status = body.product.status;
      for (const change of body.product?.variants ?? []) {
        const variant = product.variants.find((candidate) => candidate.id === change.id);
        if (!variant) continue;
        if (change.image_id !== undefined) variant.image_id = change.image_id;
        if (change.price !== undefined) variant.price = change.price;
      }
    }
    return [200, { product }];
  }
}
