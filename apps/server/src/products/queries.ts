import type { AdminListPage } from '@outpost/contracts/admin-list';
import {
  type createProductInputSchema,
  PRODUCT_STATUS,
  PRODUCT_STATUS_LABELS,
  type ProductListQuery,
  type ProductStatus,
  type updateProductInputSchema,
} from '@outpost/contracts/products';
import type { Kysely } from 'kysely';
import type { z } from 'zod/mini';
import { type AdminChange, appendAdminLog, editData } from '../backoffice/index';
import type { GameDatabase } from '../database';
import { isUniqueViolation } from '../platform/db/errors';
import { fetchListPage } from '../platform/db/list-page';
import { containsText } from '../platform/db/text-search';
import { nextStock, type StoredStock } from './lifetime-quantity';
import type { ProductImageRow, ProductRow, ProductVarietyRow } from './tables';

/*
 * Every write of the products domain, each in one transaction that first appends its admin-log
 * entry (docs/decisions/0053-domains-as-modules.md): the place a change event will be published from.
 */

export const ADMIN_ACTIONS = { create: 'product.create', update: 'product.update' } as const;

export class ProductExistsError extends Error {
  constructor(readonly productID: string) {
    super(`A product with the ID "${productID}" already exists.`);
  }
}

export class ProductNotFoundError extends Error {
  constructor(readonly productID: string) {
    super(`There is no product with the ID "${productID}".`);
  }
}

/** A save that started from a version someone else has since replaced. */
export class ProductVersionConflictError extends Error {
  constructor() {
    super(
      'Someone saved this product, or players ordered it, after you opened it. Reload it to see the changes and the stock now, then make yours again.',
    );
  }
}

/** A save naming an image the product does not have (removed meanwhile, or another product's). */
export class UnknownProductImageError extends Error {
  constructor() {
    super('An image to keep is not one of this product’s images; reload the product and try again.');
  }
}

/** A product as stored: its row with its varieties and images, in order. */
export interface StoredProduct {
  product: ProductRow;
  varieties: ProductVarietyRow[];
  images: ProductImageRow[];
}

/** A stored image's two files, which the caller removes once the change that dropped them commits. */
export interface StoredImageFiles {
  imageKey: string;
  thumbnailKey: string;
}

/** The two files of a stored image row. */
export function imageFiles(image: ProductImageRow): StoredImageFiles {
  return { imageKey: image.image_key, thumbnailKey: image.thumbnail_key };
}

type CreateProduct = z.output<typeof createProductInputSchema>;
type UpdateProduct = z.output<typeof updateProductInputSchema>;

/** The products with status Active, now: the dashboard's Live Products. */
export async function countLiveProducts(db: Kysely<GameDatabase>): Promise<number> {
  const row = await db
    .selectFrom('products')
    .where('status', '=', PRODUCT_STATUS.active)
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function findProduct(db: Kysely<GameDatabase>, productID: string): Promise<StoredProduct | undefined> {
  const [product, varieties, images] = await Promise.all([
    db.selectFrom('products').selectAll().where('product_id', '=', productID).executeTakeFirst(),
    db.selectFrom('product_varieties').selectAll().where('product_id', '=', productID).orderBy('position').execute(),
    db.selectFrom('product_images').selectAll().where('product_id', '=', productID).orderBy('position').execute(),
  ]);
  return product && { product, varieties, images };
}

/** A row of the product list, with its first image's thumbnail key. */
interface ProductSummaryRow {
  product: ProductRow;
  varietyCount: number;
  thumbnailKey: string | null;
}

const SORT_COLUMNS = {
  updatedAt: 'updated_at',
  name: 'name',
  productID: 'product_id',
  price: 'price',
  status: 'status',
} as const satisfies Record<ProductListQuery['sort'], keyof ProductRow>;

/** One page of the product list (the admin list protocol), filtered and sorted on the server. */
export async function listProducts(
  db: Kysely<GameDatabase>,
  query: ProductListQuery,
): Promise<AdminListPage<ProductSummaryRow>> {
  let filtered = db.selectFrom('products');
  if (query.search) filtered = filtered.where(containsText(['name', 'product_id'], query.search));
  if (query.status !== undefined) filtered = filtered.where('status', '=', query.status);
  if (query.digitalDouble) filtered = filtered.where('is_digital_double', '=', query.digitalDouble === 'yes' ? 1 : 0);
  const { rows: products, ...page } = await fetchListPage(
    filtered,
    filtered.selectAll().orderBy(SORT_COLUMNS[query.sort], query.order).orderBy('product_id', query.order),
    query,
  );
  const ids = products.map((product) => product.product_id);
  const [varietyCounts, firstImages] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .selectFrom('product_varieties')
            .where('product_id', 'in', ids)
            .groupBy('product_id')
            .select((eb) => ['product_id', eb.fn.countAll<string | number>().as('varieties')])
            .execute(),
          db
            .selectFrom('product_images')
            .where('product_id', 'in', ids)
            .where('position', '=', 0)
            .select(['product_id', 'thumbnail_key'])
            .execute(),
        ]);
  const varietiesOf = new Map(varietyCounts.map((row) => [row.product_id, Number(row.varieties)]));
  const thumbnailOf = new Map(firstImages.map((row) => [row.product_id, row.thumbnail_key]));
  return {
    ...page,
    rows: products.map((product) => ({
      product,
      varietyCount: varietiesOf.get(product.product_id) ?? 0,
      thumbnailKey: thumbnailOf.get(product.product_id) ?? null,
    })),
  };
}

interface VarietyInput {
  varietyID: string;
  varietyName: string;
  stripeID: string;
  quantity: number;
}

/** The variety rows of a save, in the order given, with the stock figures the lifetime rule gives each. */
function varietyValues(
  productID: string,
  varieties: readonly VarietyInput[],
  previous: (varietyID: string) => StoredStock | undefined,
): ProductVarietyRow[] {
  return varieties.map((variety, position) => {
    const stock = nextStock(previous(variety.varietyID), variety.quantity);
    return {
      product_id: productID,
      variety_id: variety.varietyID,
      position,
      variety_name: variety.varietyName,
      stripe_id: variety.stripeID,
      quantity: stock.quantity,
      original_quantity: stock.originalQuantity,
      lifetime_quantity: stock.lifetimeQuantity,
    };
  });
}

/**
 * Creates a product, Inactive, with its varieties (docs/product.md §5.4): each variety's original and lifetime
 * quantity start at its quantity, and totalQuantity is their sum. A taken id, also one taken by a
 * create running at the same moment, is refused by the database's key.
 */
export async function createProduct(
  db: Kysely<GameDatabase>,
  input: CreateProduct,
  context: AdminChange,
): Promise<void> {
  const now = (context.now ?? new Date()).toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      await appendAdminLog(trx, {
        action: ADMIN_ACTIONS.create,
        environment: context.environment,
        admin: context.admin,
        data: { productID: input.productID, name: input.name, price: input.price, varieties: input.varieties.length },
        ...(context.now ? { now: context.now } : {}),
      });
      await trx
        .insertInto('products')
        .values({
          product_id: input.productID,
          name: input.name,
          description: input.description,
          price: input.price,
          is_digital_double: input.isDigitalDouble ? 1 : 0,
          release_date: input.releaseDate === null ? null : new Date(input.releaseDate).toISOString(),
          total_quantity: input.varieties.reduce((sum, variety) => sum + variety.quantity, 0),
          status: PRODUCT_STATUS.inactive,
          version: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await trx
        .insertInto('product_varieties')
        .values(varietyValues(input.productID, input.varieties, () => undefined))
        .execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ProductExistsError(input.productID);
    throw error;
  }
}

/** A product's fields as its log entries read them: its status by name, each variety by name and quantity. */
function productLogFields(product: {
  name: string;
  description: string;
  price: number;
  isDigitalDouble: boolean;
  releaseDate: string | null;
  status: number;
  varieties: readonly { varietyName: string; quantity: number }[];
}) {
  return {
    name: product.name,
    description: product.description,
    price: product.price,
    isDigitalDouble: product.isDigitalDouble,
    releaseDate: product.releaseDate === null ? null : new Date(product.releaseDate).toISOString(),
    status: PRODUCT_STATUS_LABELS[product.status as ProductStatus] ?? String(product.status),
    varieties: product.varieties.map(({ varietyName, quantity }) => ({ varietyName, quantity })),
  };
}

export interface ProductUpdate {
  input: UpdateProduct;
  /** Images uploaded with this save, already stored, appended after the kept ones in this order. */
  newImages: readonly StoredImageFiles[];
}

/**
 * Saves the edit screen's whole product in one transaction: the version check, the lifetime rule
 * for every variety, removed varieties and images gone, images in their new order. Answers the
 * files of the images the save removed, to delete once it has committed.
 */
export async function updateProduct(
  db: Kysely<GameDatabase>,
  productID: string,
  update: ProductUpdate,
  context: AdminChange,
): Promise<StoredImageFiles[]> {
  const { input, newImages } = update;
  const now = (context.now ?? new Date()).toISOString();
  return db.transaction().execute(async (trx) => {
    const stored = await findProduct(trx, productID);
    if (!stored) throw new ProductNotFoundError(productID);
    if (stored.product.version !== input.version) throw new ProductVersionConflictError();

    const storedImages = new Map(stored.images.map((image) => [image.image_key, image]));
    const kept = input.images.map((image) => image.key);
    if (new Set(kept).size !== kept.length || kept.some((key) => !storedImages.has(key))) {
      throw new UnknownProductImageError();
    }
    const keptSet = new Set(kept);
    const removedImages = stored.images.filter((image) => !keptSet.has(image.image_key)).map(imageFiles);
    const storedVarieties = new Map(stored.varieties.map((variety) => [variety.variety_id, variety]));
    const removedVarieties = stored.varieties
      .map((variety) => variety.variety_id)
      .filter((id) => !input.varieties.some((variety) => variety.varietyID === id));

    await appendAdminLog(trx, {
      action: ADMIN_ACTIONS.update,
      environment: context.environment,
      admin: context.admin,
      data: {
        ...editData(
          { productID, version: input.version + 1 },
          productLogFields({
            ...stored.product,
            isDigitalDouble: stored.product.is_digital_double === 1,
            releaseDate: stored.product.release_date,
            varieties: stored.varieties.map((variety) => ({
              varietyName: variety.variety_name,
              quantity: variety.quantity,
            })),
          }),
          productLogFields(input),
        ),
        ...(newImages.length > 0 ? { imagesAdded: newImages.length } : {}),
        ...(removedImages.length > 0 ? { imagesRemoved: removedImages.length } : {}),
      },
      ...(context.now ? { now: context.now } : {}),
    });

    // The version in the WHERE makes a save that raced past the check above (PostgreSQL's row lock
    // lets the second writer through once the first commits) change nothing.
    const updated = await trx
      .updateTable('products')
      .set({
        name: input.name,
        description: input.description,
        price: input.price,
        is_digital_double: input.isDigitalDouble ? 1 : 0,
        release_date: input.releaseDate === null ? null : new Date(input.releaseDate).toISOString(),
        status: input.status,
        version: input.version + 1,
        updated_at: now,
      })
      .where('product_id', '=', productID)
      .where('version', '=', input.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new ProductVersionConflictError();

    if (removedVarieties.length > 0) {
      await trx
        .deleteFrom('product_varieties')
        .where('product_id', '=', productID)
        .where('variety_id', 'in', removedVarieties)
        .execute();
    }
    const varieties = varietyValues(productID, input.varieties, (varietyID) => {
      const previous = storedVarieties.get(varietyID);
      return (
        previous && {
          quantity: previous.quantity,
          originalQuantity: previous.original_quantity,
          lifetimeQuantity: previous.lifetime_quantity,
        }
      );
    });
    await trx
      .insertInto('product_varieties')
      .values(varieties)
      .onConflict((conflict) =>
        conflict.columns(['product_id', 'variety_id']).doUpdateSet((eb) => ({
          position: eb.ref('excluded.position'),
          variety_name: eb.ref('excluded.variety_name'),
          stripe_id: eb.ref('excluded.stripe_id'),
          quantity: eb.ref('excluded.quantity'),
          original_quantity: eb.ref('excluded.original_quantity'),
          lifetime_quantity: eb.ref('excluded.lifetime_quantity'),
        })),
      )
      .execute();

    if (removedImages.length > 0) {
      await trx
        .deleteFrom('product_images')
        .where(
          'image_key',
          'in',
          removedImages.map((image) => image.imageKey),
        )
        .execute();
    }
    const images = [...kept.map((key) => imageFiles(storedImages.get(key) as ProductImageRow)), ...newImages];
    if (images.length > 0) {
      await trx
        .insertInto('product_images')
        .values(
          images.map((image, position) => ({
            product_id: productID,
            image_key: image.imageKey,
            thumbnail_key: image.thumbnailKey,
            position,
          })),
        )
        .onConflict((conflict) =>
          conflict.column('image_key').doUpdateSet((eb) => ({ position: eb.ref('excluded.position') })),
        )
        .execute();
    }
    return removedImages;
  });
}

/**
 * Writes products as given, replacing rows of the same ids (the demo seed restores its products
 * with it). Not an admin change, so no admin-log entry; run it in the caller's transaction.
 */
export async function putProducts(
  db: Kysely<GameDatabase>,
  products: readonly { product: ProductRow; varieties: readonly ProductVarietyRow[] }[],
): Promise<void> {
  for (const { product, varieties } of products) {
    const { product_id: _id, ...changes } = product;
    await db
      .insertInto('products')
      .values(product)
      .onConflict((conflict) => conflict.column('product_id').doUpdateSet(changes))
      .execute();
    await db.deleteFrom('product_varieties').where('product_id', '=', product.product_id).execute();
    await db
      .insertInto('product_varieties')
      .values([...varieties])
      .execute();
  }
}
