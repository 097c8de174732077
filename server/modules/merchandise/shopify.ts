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

  private async call(path: string, body?: unknown, method = 'POST', { missingIsFine = false } = {}) {
    const url = `${this.settings.shopUrl.replace(/\/$/, '')}/admin/api/${this.settings.apiVersion}/${path}`;
    const response = await fetch(url, {
      method,
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': this.settings.accessToken },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    if (missingIsFine && response.status === 404) return {};
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

  private async attachment(key: string, filename: string) {
    const blob = await this.storage.get(key);
    if (!blob) throw new Error(`Product image ${key} is missing`);
    return { attachment: (await buffer(blob.body)).toString('base64'), filename };
  }

  /**
   * A product in several colours is one Shopify product with a "Color" option and a variant
   * per colour at the same price, its pictures in the colours' order.
   */
  async publishProduct(product: ProductToPublish) {
    const price = product.price.toFixed(2);
    const coloured = product.colours.length > 0;
    const images = coloured
      ? await Promise.all(
          product.colours.map((colour, index) =>
            this.attachment(colour.image.key, `product-${product.id}-${index + 1}.png`),
          ),
        )
      : [await this.attachment(product.image.key, `product-${product.id}.png`)];
    const answer = (await this.call('products.json', {
      product: {
        title: product.title,
        body_html: escapeHtml(product.description),
        vendor: product.organizationName,
        status: 'active',
        ...(coloured
          ? {
              options: [{ name: 'Color', values: product.colours.map((colour) => colour.name) }],
              variants: product.colours.map((colour) => ({ option1: colour.name, price })),
            }
          : { variants: [{ price }] }),
        images,
      },
    })) as { product?: { id?: number | string } };
    if (answer.product?.id == null) throw new Error('Shopify did not answer a product id');
    return { externalId: String(answer.product.id) };
  }

  /**
   * Ties each colour's variant to its picture. Shopify gives the ids only once the product
   * exists, so this is a second call; both lists were sent in the colours' order, so the
   * variant and the picture at the same position belong together.
   */
  async linkColourPictures(externalId: string) {
    const path = `products/${encodeURIComponent(externalId)}.json`;
    const current = (await this.call(path, undefined, 'GET')) as {
      product?: {
        variants?: { id: number | string; position: number; image_id: number | string | null }[];
        images?: { id: number | string; position: number }[];
      };
    };
    const byPosition = (a: { position: number }, b: { position: number }) => a.position - b.position;
    const variants = [...(current.product?.variants ?? [])].sort(byPosition);
    const images = [...(current.product?.images ?? [])].sort(byPosition);
    if (variants.length !== images.length)
      throw new Error(
        `Shopify product ${externalId} has ${images.length} pictures for ${variants.length} colours`,
      );
    if (variants.every((variant, index) => variant.image_id === images[index].id)) return;
    await this.call(
      path,
      {
        product: {
          id: externalId,
          variants: variants.map((variant, index) => ({ id: variant.id, image_id: images[index].id })),
        },
      },
      'PUT',
    );
  }

  async updateProduct(externalId: string, changes: ProductChanges) {
    const path = `products/${encodeURIComponent(externalId)}.json`;
    // A price lives on each variant, which is addressed by its own id.
    const current = (await this.call(path, undefined, 'GET')) as {
      product?: { variants?: { id: number | string }[] };
    };
    const variants = current.product?.variants ?? [];
    if (variants.length === 0) throw new Error(`Shopify product ${externalId} has no variant to price`);
    await this.call(
      path,
      {
        product: {
          id: externalId,
          title: changes.title,
          body_html: escapeHtml(changes.description),
          status: changes.archived ? 'archived' : 'active',
          // Every colour sells at the product's one price.
          variants: variants.map((variant) => ({ id: variant.id, price: changes.price.toFixed(2) })),
        },
      },
      'PUT',
    );
  }

  async removeProduct(externalId: string) {
    await this.call(`products/${encodeURIComponent(externalId)}.json`, undefined, 'DELETE', {
      missingIsFine: true,
    });
  }
}
