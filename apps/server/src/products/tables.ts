import type { Selectable } from 'kysely';

/** A product (docs/product.md §3.1) of one environment's store. */
export interface ProductTable {
  product_id: string;
  name: string;
  description: string;
  /** Integer US cents. */
  price: number;
  /** 0 or 1: one representation on both dialects. */
  is_digital_double: number;
  /** ISO 8601, UTC; null when not set. */
  release_date: string | null;
  /** The varieties' quantities summed when the product was created (docs/product.md §3.1). */
  total_quantity: number;
  /** 0 Inactive, 1 Active, 2 Archived. */
  status: number;
  /** Goes up by one with every save: a save names the version it started from. */
  version: number;
  created_at: string;
  updated_at: string;
}

/** A variety (docs/product.md §3.1), a child of its product; `position` keeps the order the admin gave. */
export interface ProductVarietyTable {
  product_id: string;
  variety_id: string;
  position: number;
  variety_name: string;
  stripe_id: string;
  quantity: number;
  original_quantity: number;
  lifetime_quantity: number;
}

/** A product image: the stored file and its thumbnail, in the product's image order (`index`). */
export interface ProductImageTable {
  product_id: string;
  /** The image's key in the file store; unique, as keys are never reused. */
  image_key: string;
  thumbnail_key: string;
  position: number;
}

export type ProductRow = Selectable<ProductTable>;
export type ProductVarietyRow = Selectable<ProductVarietyTable>;
export type ProductImageRow = Selectable<ProductImageTable>;

export interface ProductTables {
  products: ProductTable;
  product_varieties: ProductVarietyTable;
  product_images: ProductImageTable;
}

declare module '../database' {
  interface GameDatabase extends ProductTables {}
}
