import type { Domain } from '../domain';
import { productsMigrations } from './migrations/index';
import { countLiveProducts } from './queries';
import { registerProductRoutes } from './routes';
import { searchProducts } from './search';
import { seedProducts } from './seed';

/** Products (docs/product.md §3.1): what the game sells, with their varieties, stock and images. */
export const domain: Domain = {
  name: 'products',
  migrations: { game: productsMigrations },
  seed: seedProducts,
  register(app, { stores, files, config }) {
    registerProductRoutes(app, {
      game: stores.game,
      files,
      imageMaxBytes: config.imageMaxBytes,
      stripeConfigured: (environment) => config.stripe[environment] !== undefined,
    });
  },
  search: searchProducts,
  counts: { liveProducts: ({ game }) => countLiveProducts(game) },
};
