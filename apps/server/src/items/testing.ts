import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { putItems } from './queries';

/**
 * Test helper for domains that name items (prizes, code rewards): puts these ids into
 * items-master directly, each named after itself, so validation with findMissingItems passes.
 */
export function putTestItems(db: Kysely<GameDatabase>, itemIDs: readonly string[], now = new Date()): Promise<void> {
  return putItems(
    db,
    itemIDs.map((itemID) => ({ item_id: itemID, name: itemID, updated_at: now.toISOString() })),
  );
}

/** Items of items-master with names unlike their ids, for tests that check an answer names them. */
export function putNamedTestItems(
  db: Kysely<GameDatabase>,
  names: Readonly<Record<string, string>>,
  now = new Date(),
): Promise<void> {
  return putItems(
    db,
    Object.entries(names).map(([itemID, name]) => ({ item_id: itemID, name, updated_at: now.toISOString() })),
  );
}
