import type { Migration } from 'kysely';
import * as products from './2026-11-25-products';

/** The products domain's game-store migrations; never edit one that has shipped, add a new one. */
export const productsMigrations: Record<string, Migration> = {
  '2026-11-25-products': products,
};
