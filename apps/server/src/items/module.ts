import type { Domain } from '../domain';
import { itemMigrations } from './migrations/index';
import { registerItemRoutes } from './routes';
import { searchItems } from './search';
import { seedItems } from './seed';

/** items-master and purchasables: the game's items, and what players may buy with credits. */
export const domain: Domain = {
  name: 'items',
  migrations: { game: itemMigrations },
  search: searchItems,
  seed: seedItems,
  register(app, { stores, domains }) {
    registerItemRoutes(app, { game: stores.game, itemUses: domains.flatMap((domain) => domain.itemUses ?? []) });
  },
};
