import { buffer } from 'node:stream/consumers';
import type { BlobStore } from '../../storage';
import { mediaUrl } from './media';
import type { ProductChanges, ProductToPublish, Storefront } from './storefront';

export interface ShopifySettings {
  shopUrl: string;
  accessToken: string;
  apiVersion: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * Publishes through Shopify's Admin API: products with their image through the REST
 * products endpoint, loose images through the GraphQL `fileCreate` mutation (Shopify
 * fetches those from the portal, so PUBLIC_URL must be set).
 */
export class ShopifyStorefront implements Storefront {
  readonly name = 'shopify';

  constructor(
    private readonly settings: ShopifySettings,
    private readonly storage: BlobStore,
    private readonly publicUrl?: string,
  ) {}

  private async call(path: string, body?: unknown, method = 'POST') {
    const url = `${this.settings.shopUrl.replace(/\/$/, '')}/admin/api/${this.settings.apiVersion}/${path}`;
    const response = await fetch(url, {
      method,
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': this.settings.accessToken },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`Shopify ${path} answered ${response.status}: ${text.slice(0, 500)}`);
    return JSON.parse(text) as unknown;
  }

  async uploadImage(image: { key: string; contentType: string }) {
    if (!this.publicUrl) throw new Error('PUBLIC_URL must be set for Shopify to fetch uploaded images');
    const imageUrl = `${this.publicUrl}${mediaUrl(image.key)}`;
    const answer = (await this.call('graphql.json', {
      query:
        'mutation fileCreate($files: [FileCreateInput!]!) { fileCreate(files: $files) { files { id } userErrors { field message } } }',
      variables: { files: [{ originalSource: imageUrl, contentType: 'IMAGE' }] },
    })) as { data?: { fileCreate?: { userErrors?: { message: string }[] } } };
    const errors = answer.data?.fileCreate?.userErrors ?? [];
    if (!answer.data?.fileCreate || errors.length > 0) {
      throw new Error(
        `Shopify refused the image: ${errors.map((error) => error.message).join('; ') || 'no answer'}`,
      );
    }
    return { imageUrl };
  }

  async publishProduct(product: ProductToPublish) {
    const blob = await this.storage.get(product.image.key);
    if (!blob) throw new Error(`Product image ${product.image.key} is missing`);
    const answer = (await this.call('products.json', {
      product: {
        title: product.title,
        body_html: escapeHtml(product.description),
        vendor: product.organizationName,
        status: 'active',
        variants: [{ price: product.price.toFixed(2) }],
        images: [
          { attachment: (await buffer(blob.body)).toString('base64'), filename: `product-${product.id}.png` },
        ],
      },
    })) as { product?: { id?: number | string } };
    if (answer.product?.id == null) throw new Error('Shopify did not answer a product id');
    return { externalId: String(answer.product.id) };
  }

  async updateProduct(externalId: string, changes: ProductChanges) {
    const path = `products/${encodeURIComponent(externalId)}.json`;
    // A price lives on the variant, which is addressed by its own id.
    const current = (await this.call(path, undefined, 'GET')) as {
      product?: { variants?: { id: number | string }[] };
    };
    const variant = current.product?.variants?.[0];
    if (!variant) throw new Error(`Shopify product ${externalId} has no variant to price`);
    await this.call(
      path,
      {
        product: {
          id: externalId,
          title: changes.title,
          body_html: escapeHtml(changes.description),
          status: changes.archived ? 'archived' : 'active',
          variants: [{ id: variant.id, price: changes.price.toFixed(2) }],
        },
      },
      'PUT',
    );
  }
}
