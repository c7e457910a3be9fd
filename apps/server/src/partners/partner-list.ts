import type { AdminListPage } from '@outpost/contracts/admin-list';
import {
  PARTNER_KEY,
  PARTNER_LIST_CLAIMED_BY,
  type Partner,
  type PartnerListQuery,
  referralLinkID,
} from '@outpost/contracts/partners';
import { personIn } from '@outpost/contracts/people';
import { type Kysely, sql } from 'kysely';
import type { GameDatabase, IdentityDatabase } from '../database';
import { accountsHoldingKey, peopleOf, profileAccountEmail } from '../identity/index';
import { fetchListPage } from '../platform/db/list-page';
import { listLatestJoins, listTierClaims } from './links';

/*
 * Players whose keys include 'partner' are listed as partners (docs/product.md §6.3). The players are the
 * identity store's; their links, referral counts and claimed tiers the environment's: this is the one place
 * the two are joined for the back office.
 */

const PARTNER_SORTS = { displayName: 'profiles.display_name_key', created: 'profiles.created' } as const;

export async function listPartners(
  stores: { identity: Kysely<IdentityDatabase>; game: Kysely<GameDatabase> },
  query: PartnerListQuery,
): Promise<AdminListPage<Partner>> {
  const filtered = accountsHoldingKey(stores.identity, PARTNER_KEY);
  const { rows, ...page } = await fetchListPage(
    filtered,
    filtered
      .select((eb) => ['profiles.user_id', 'profiles.display_name', profileAccountEmail(eb).as('email')])
      // accountsHoldingKey keeps only the partners whose account there is.
      .$narrowType<{ email: string }>()
      // Sorted by an expression, not the column: ordered by the column, SQLite (which keeps no statistics)
      // walks every profile in display_name_key's order rather than sort the few partners.
      .orderBy(sql`${sql.ref(PARTNER_SORTS[query.sort])} || ''`, query.order)
      .orderBy('profiles.user_id', query.order),
    query,
  );
  const userIds = rows.map((row) => row.user_id);
  const links =
    userIds.length === 0
      ? []
      : await stores.game
          .selectFrom('referral_links')
          .selectAll()
          .where('link_id', 'in', userIds.map(referralLinkID))
          .execute();
  const linkIDs = links.map((link) => link.link_id);
  const [counts, claims, joins] = await Promise.all([
    linkIDs.length === 0
      ? []
      : stores.game
          .selectFrom('referral_joins')
          .select(['link_id', (eb) => eb.fn.countAll<string | number>().as('count')])
          .where('link_id', 'in', linkIDs)
          .groupBy('link_id')
          .execute(),
    listTierClaims(stores.game, linkIDs),
    listLatestJoins(stores.game, linkIDs, PARTNER_LIST_CLAIMED_BY),
  ]);
  const people = await peopleOf(
    stores.identity,
    joins.map((join) => join.user_id),
  );
  return {
    ...page,
    rows: rows.map((row) => {
      const link = links.find((candidate) => candidate.creator === row.user_id);
      const count = link && counts.find((candidate) => candidate.link_id === link.link_id);
      return {
        userID: row.user_id,
        displayName: row.display_name,
        email: row.email,
        referralID: link?.referral_id ?? null,
        rewardID: link?.reward_id ?? null,
        referralCount: count ? Number(count.count) : 0,
        claimedBy: joins.filter((join) => join.link_id === link?.link_id).map((join) => personIn(people, join.user_id)),
        rewardTierClaims: link
          ? claims.filter((claim) => claim.link_id === link.link_id).map((claim) => claim.tier_id)
          : [],
      };
    }),
  };
}
