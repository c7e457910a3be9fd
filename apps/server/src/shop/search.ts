import { adminShopMachinePath } from '@outpost/contracts/admin-routes';
import type { SearchSource } from '../domain';
import { containsText } from '../platform/db/text-search';

/** The back office's search among the shop's machines: those whose name or id holds the query. */
export const searchMachines: SearchSource = async ({ game }, query, limit) =>
  (
    await game
      .selectFrom('machines')
      .select(['machine_id', 'name', 'available'])
      .where(containsText(['name', 'machine_id'], query))
      .orderBy('name')
      .limit(limit)
      .execute()
  ).map((row) => ({
    kind: 'machine' as const,
    id: row.machine_id,
    title: row.name,
    detail: row.available ? 'Available in the shop' : 'Not available',
    path: adminShopMachinePath(row.machine_id),
  }));
