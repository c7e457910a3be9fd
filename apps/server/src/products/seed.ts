import { PRODUCT_STATUS, type ProductStatus } from '@outpost/contracts/products';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import type { SeedFiles } from '../domain';
import { DEMO_IMAGE_TIMESTAMP, demoImageTag, renderDemoImage } from '../platform/images/demo-image';
import { type ProductArt, productArtSvg } from './demo-art';
import { nextStock } from './lifetime-quantity';
import { putProducts } from './queries';
import { storePreparedProductImages } from './uploads';

interface DemoProduct {
  id: string;
  name: string;
  description: string;
  price: number;
  digitalDouble: boolean;
  status: ProductStatus;
  varieties: [id: string, name: string, quantity: number][];
  /** Its picture, drawn at seed time. */
  art: ProductArt;
}

/** A small catalogue in each state, so the back office's list, filters and dashboard have something to show. */
const DEMO_PRODUCTS: readonly DemoProduct[] = [
  {
    id: 'outpost-hoodie',
    name: 'Outpost Hoodie',
    description: 'The hoodie the survivors wear at the outpost, in real life and as its digital double in game.',
    price: 5999,
    digitalDouble: true,
    status: PRODUCT_STATUS.active,
    varieties: [
      ['s', 'Small', 20],
      ['m', 'Medium', 35],
      ['l', 'Large', 25],
    ],
    art: { garment: 'hoodie', colour: '#3c4526', print: '#f09a4e', backdrop: ['#f1e6d2', '#b9ab93'] },
  },
  {
    id: 'radio-tee',
    name: 'Radio Tower Tee',
    description:
      'A heavyweight tee printed with the radio tower the resistance broadcasts from; goes on sale with its drop.',
    price: 3499,
    digitalDouble: true,
    status: PRODUCT_STATUS.active,
    varieties: [
      ['m', 'Medium', 15],
      ['l', 'Large', 15],
    ],
    art: { garment: 'tee', colour: '#1f1a14', print: '#f1e6d2', backdrop: ['#f4d9b8', '#c4825a'] },
  },
  {
    id: 'ration-cap',
    name: 'Ration Cap',
    description: 'A six-panel cap with the ration-crate stitch.',
    price: 2499,
    digitalDouble: false,
    status: PRODUCT_STATUS.inactive,
    varieties: [['default', 'Default', 40]],
    art: { garment: 'cap', colour: '#c4561b', print: '#f1e6d2', backdrop: ['#e4e8dc', '#8f9a80'] },
  },
  {
    id: 'founders-pin',
    name: 'Founders Pin',
    description: 'The enamel pin of the first season; no longer sold.',
    price: 999,
    digitalDouble: true,
    status: PRODUCT_STATUS.archived,
    varieties: [['default', 'Default', 0]],
    art: { garment: 'pin', colour: '#7a3512', print: '#f1e6d2', backdrop: ['#2e3a44', '#14110d'] },
  },
];

export async function seedProducts(db: Kysely<GameDatabase>, now: Date, files?: SeedFiles): Promise<void> {
  const at = now.toISOString();
  await putProducts(
    db,
    DEMO_PRODUCTS.map((demo) => ({
      product: {
        product_id: demo.id,
        name: demo.name,
        description: demo.description,
        price: demo.price,
        is_digital_double: demo.digitalDouble ? 1 : 0,
        release_date: at,
        total_quantity: demo.varieties.reduce((sum, [, , quantity]) => sum + quantity, 0),
        status: demo.status,
        version: 1,
        created_at: at,
        updated_at: at,
      },
      varieties: demo.varieties.map(([id, name, quantity], position) => {
        const stock = nextStock(undefined, quantity);
        return {
          product_id: demo.id,
          variety_id: id,
          position,
          variety_name: name,
          stripe_id: `prod_demo_${demo.id.replace(/-/g, '_')}_${id}`,
          quantity: stock.quantity,
          original_quantity: stock.originalQuantity,
          lifetime_quantity: stock.lifetimeQuantity,
        };
      }),
    })),
  );
  if (files) await seedProductImages(db, files);
}

/**
 * Gives each demo product that has no image its drawing, stored as an upload of it would be (the
 * image, its thumbnail, a row); the images an admin gave a demo product stay as they are.
 */
async function seedProductImages(db: Kysely<GameDatabase>, { files, environment }: SeedFiles): Promise<void> {
  const pictured = await db
    .selectFrom('product_images')
    .select('product_id')
    .where(
      'product_id',
      'in',
      DEMO_PRODUCTS.map((demo) => demo.id),
    )
    .execute();
  const bare = DEMO_PRODUCTS.filter((demo) => !pictured.some((row) => row.product_id === demo.id));
  const drawn = await Promise.all(
    bare.map(async (demo) => ({ demo, image: await renderDemoImage(productArtSvg(demo.art)) })),
  );
  for (const { demo, image } of drawn) {
    const stored = await storePreparedProductImages([{ fileName: demo.id, image, tag: demoImageTag(image) }], {
      files,
      environment,
      productID: demo.id,
      timestamp: DEMO_IMAGE_TIMESTAMP,
    });
    await db
      .insertInto('product_images')
      .values(
        stored.map((keys, position) => ({
          product_id: demo.id,
          image_key: keys.imageKey,
          thumbnail_key: keys.thumbnailKey,
          position,
        })),
      )
      .execute();
  }
}
