import { adminItemPath } from '@outpost/contracts/admin-routes';
import type { SearchSource } from '../domain';
import { containsText } from '../platform/db/text-search';

/** The back office's search in items-master: the items whose name or id holds the query. */
export const searchItems: SearchSource = async ({ game }, query, limit) =>
  (
    await game
      .selectFrom('items_master')
      .select(['item_id', 'name'])
      .where(containsText(['name', 'item_id'], query))
      .orderBy('name')
      .limit(limit)
      .execute()
  ).map((row) => ({
    kind: 'item' as const,
    id: row.item_id,
    title: row.name,
    detail: `Item ${row.item_id}`,
    path: adminItemPath(row.item_id),
  }));
