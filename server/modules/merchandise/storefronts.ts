import type { Config } from '../../config';
import type { BlobStore } from '../../storage';
import { ShopifyStorefront } from './shopify';
import { BlobStorefront, type Storefront } from './storefront';

/** The shop products go to: Shopify when `SHOPIFY_*` is set, else the portal's own. */
export function createStorefront(config: Config, storage: BlobStore): Storefront {
  if (config.shopify) return new ShopifyStorefront(config.shopify, storage, config.publicUrl);
  return new BlobStorefront(config.publicUrl);
}
