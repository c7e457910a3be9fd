import { adminUserPath } from '@outpost/contracts/admin-routes';
import type { SearchSource } from '../../domain';
import { findUsers, profilesOf } from './search';

/**
 * The back office's search among accounts: the account whose id the query is, then those whose
 * display name or email address matches it, in the user search's order (search.ts).
 */
export const searchPlayers: SearchSource = async ({ identity }, query, limit) => {
  const { ranked } = await findUsers(identity, query, limit);
  const ids = [...new Set([query, ...ranked.map(({ document }) => document.user_id)])];
  const accounts = await profilesOf(identity, ids);
  return ids
    .flatMap((id) => {
      const account = accounts.get(id);
      if (!account) return [];
      const title = account.display_name ? `@${account.display_name}` : account.email;
      const detail = account.display_name ? account.email : 'No display name yet';
      return [{ kind: 'player' as const, id, title, detail, path: adminUserPath(id) }];
    })
    .slice(0, limit);
};
