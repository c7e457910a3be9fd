import { creditsForCents, type MerchProduct, type ShopMerchDrop } from '@outpost/contracts/merch';
import { PRODUCT_STATUS } from '@outpost/contracts/products';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import type { FileStore } from '../platform/storage/file-store';

/*
 * What the merch shop shows players: Active products with their varieties' stock left (reservations already
 * taken out), images and price in dollars and credits; the drops that open some of them, with whether each is
 * open and whether it sold out.
 */

export interface MerchCatalogueParts {
  products: MerchProduct[];
  drops: ShopMerchDrop[];
}

export async function readMerchCatalogue(
  db: Kysely<GameDatabase>,
  files: Pick<FileStore, 'url'>,
  options: { now: Date; creditsPerUSD: number },
): Promise<MerchCatalogueParts> {
  const at = options.now.toISOString();
  const products = await db
    .selectFrom('products')
    .selectAll()
    .where('status', '=', PRODUCT_STATUS.active)
    .orderBy('name')
    .execute();
  const ids = products.map((product) => product.product_id);
  if (ids.length === 0) return { products: [], drops: [] };
  const [varieties, images, dropProducts] = await Promise.all([
    db.selectFrom('product_varieties').selectAll().where('product_id', 'in', ids).orderBy('position').execute(),
    db.selectFrom('product_images').selectAll().where('product_id', 'in', ids).orderBy('position').execute(),
    db
      .selectFrom('merch_drop_products')
      .innerJoin('merch_drops', 'merch_drops.drop_id', 'merch_drop_products.drop_id')
      .select([
        'merch_drops.drop_id',
        'merch_drops.name',
        'merch_drops.opens_at',
        'merch_drop_products.product_id',
        'merch_drop_products.position',
      ])
      .orderBy('merch_drops.opens_at')
      .orderBy('merch_drop_products.position')
      .execute(),
  ]);

  const dropOf = new Map(dropProducts.map((row) => [row.product_id, row]));
  const merch = products.map((product): MerchProduct => {
    const own = varieties.filter((variety) => variety.product_id === product.product_id);
    const drop = dropOf.get(product.product_id);
    const soldOut = own.every((variety) => variety.quantity <= 0);
    return {
      productID: product.product_id,
      name: product.name,
      description: product.description,
      isDigitalDouble: Boolean(product.is_digital_double),
      price: product.price,
      priceCredits: creditsForCents(product.price, options.creditsPerUSD),
      images: images
        .filter((image) => image.product_id === product.product_id)
        .map((image) => ({ url: files.url(image.image_key), thumbnailUrl: files.url(image.thumbnail_key) })),
      varieties: own.map((variety) => ({
        varietyID: variety.variety_id,
        varietyName: variety.variety_name,
        stock: Math.max(0, variety.quantity),
      })),
      dropID: drop?.drop_id ?? null,
      orderable: !soldOut && (!drop || drop.opens_at <= at),
      soldOut,
    };
  });

  const drops = new Map<string, ShopMerchDrop>();
  for (const row of dropProducts) {
    const product = merch.find((item) => item.productID === row.product_id);
    if (!product) continue;
    const drop = drops.get(row.drop_id) ?? {
      dropID: row.drop_id,
      name: row.name,
      opensAt: row.opens_at,
      products: [],
      open: row.opens_at <= at,
      soldOut: false,
    };
    drop.products.push(row.product_id);
    drops.set(row.drop_id, drop);
  }
  for (const drop of drops.values()) {
    drop.soldOut = drop.open && drop.products.every((id) => merch.find((item) => item.productID === id)?.soldOut);
  }
  return { products: merch, drops: [...drops.values()] };
}
