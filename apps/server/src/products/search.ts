import { adminProductPath } from '@outpost/contracts/admin-routes';
import type { SearchSource } from '../domain';
import { containsText } from '../platform/db/text-search';

/** The back office's search among products: those whose name or id holds the query. */
export const searchProducts: SearchSource = async ({ game }, query, limit) =>
  (
    await game
      .selectFrom('products')
      .select(['product_id', 'name', 'is_digital_double'])
      .where(containsText(['name', 'product_id'], query))
      .orderBy('name')
      .limit(limit)
      .execute()
  ).map((row) => ({
    kind: 'product' as const,
    id: row.product_id,
    title: row.name,
    detail: row.is_digital_double ? 'Digital double' : 'Merch',
    path: adminProductPath(row.product_id),
  }));
