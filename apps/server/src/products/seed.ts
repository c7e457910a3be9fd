import { PRODUCT_STATUS, type ProductStatus } from '@outpost/contracts/products';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../stores';
import { nextStock } from './lifetime-quantity';
import { putProducts } from './queries';

interface DemoProduct {
  id: string;
  name: string;
  description: string;
  price: number;
  digitalDouble: boolean;
  status: ProductStatus;
  varieties: [id: string, name: string, quantity: number][];
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
  },
  {
    id: 'ration-cap',
    name: 'Ration Cap',
    description: 'A six-panel cap with the ration-crate stitch.',
    price: 2499,
    digitalDouble: false,
    status: PRODUCT_STATUS.inactive,
    varieties: [['default', 'Default', 40]],
  },
  {
    id: 'founders-pin',
    name: 'Founders Pin',
    description: 'The enamel pin of the first season; no longer sold.',
    price: 999,
    digitalDouble: true,
    status: PRODUCT_STATUS.archived,
    varieties: [['default', 'Default', 0]],
  },
];

export async function seedProducts(db: Kysely<GameDatabase>, now: Date): Promise<void> {
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
}
