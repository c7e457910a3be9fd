import {
  BACK_OFFICE_SEARCH_KINDS,
  BACK_OFFICE_SEARCH_LIMITS,
  type BackOfficeSearch,
} from '@outpost/contracts/backoffice';
import type { Environment } from '@outpost/contracts/environments';
import type { CountedStores, SearchSource } from '../domain';

const order = (kind: (typeof BACK_OFFICE_SEARCH_KINDS)[number]) => BACK_OFFICE_SEARCH_KINDS.indexOf(kind);

/**
 * The back office's search: every domain's search at once, each kind's best few, listed kind by
 * kind (players first), each domain's own order kept within its kind.
 */
export async function searchBackOffice(
  stores: CountedStores & { environment: Environment },
  sources: readonly SearchSource[],
  query: string,
): Promise<BackOfficeSearch> {
  const found = await Promise.all(
    sources.map((search) => search(stores, query, BACK_OFFICE_SEARCH_LIMITS.hitsPerKind)),
  );
  const hits = found.flat().map((hit, index) => ({ hit, index }));
  hits.sort((a, b) => order(a.hit.kind) - order(b.hit.kind) || a.index - b.index);
  return { hits: hits.map(({ hit }) => hit) };
}
