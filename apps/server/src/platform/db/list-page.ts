import type { AdminListPage } from '@outpost/contracts/admin-list';
import type { SelectQueryBuilder } from 'kysely';

/**
 * One page of an admin list (the admin list protocol): `filtered` counts what the filters match,
 * `ordered` (the same filters, its columns and a total order) gives the page's rows. Both run at
 * once. Callers map or hydrate `rows` into their domain's shape.
 */
export async function fetchListPage<DB, TB extends keyof DB, Selected>(
  filtered: SelectQueryBuilder<DB, TB, object>,
  ordered: SelectQueryBuilder<DB, TB, Selected>,
  query: { page: number; pageSize: number },
): Promise<AdminListPage<Selected>> {
  const [count, rows] = await Promise.all([
    // Generic builders lose the selection's key to TypeScript; the row is exactly { total }.
    filtered.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow() as Promise<{
      total: string | number;
    }>,
    ordered
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);
  return { rows, total: Number(count.total), page: query.page, pageSize: query.pageSize };
}
