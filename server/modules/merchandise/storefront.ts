import { mediaUrl } from './media';

export interface ProductToPublish {
  id: number;
  title: string;
  description: string;
  price: number;
  organizationName: string;
  image: { key: string; contentType: string };
  /** The colours it is sold in, each with its picture; empty when sold in the catalogue colour only. */
  colours: { name: string; image: { key: string; contentType: string } }[];
}

/** What an edit or archiving changes in the shop. */
export interface ProductChanges {
  title: string;
  description: string;
  price: number;
  archived: boolean;
}

/**
 * Where shoppers find products and their images. The default keeps everything in our
 * blob store and serves it from the portal; with `SHOPIFY_*` set, a Shopify store.
 */
export interface Storefront {
  readonly name: string;
  /** Makes a stored image available to the shop and answers the URL to use for it. */
  uploadImage(image: { key: string; contentType: string }): Promise<{ imageUrl: string }>;
  /** Creates the product in the shop and answers its id there. */
  publishProduct(product: ProductToPublish): Promise<{ externalId: string }>;
  /** Shows each colour's picture with its variant, once the product exists; safe to repeat. */
  linkColourPictures(externalId: string): Promise<void>;
  /** Brings a published product up to date; an archived one is taken off sale. */
  updateProduct(externalId: string, changes: ProductChanges): Promise<void>;
  /** Deletes a product deleted for good in the portal; one already gone from the shop is fine. */
  removeProduct(externalId: string): Promise<void>;
}

export class BlobStorefront implements Storefront {
  readonly name = 'portal';

  constructor(private readonly publicUrl?: string) {}

  async uploadImage(image: { key: string }) {
    return { imageUrl: `${this.publicUrl ?? ''}${mediaUrl(image.key)}` };
  }

  async publishProduct(product: ProductToPublish) {
    return { externalId: `portal-${product.id}` };
  }

  // The portal's storefront reads the product table itself, which is already up to date.
  async linkColourPictures() {}
  async updateProduct() {}
  async removeProduct() {}
}
