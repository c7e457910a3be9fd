import type { AdminListPage } from '@outpost/contracts/admin-list';
import { personIn } from '@outpost/contracts/people';
import type { AdminPayPalTransaction, PayPalTransaction } from '@outpost/contracts/shop';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../database';
import { peopleOf } from '../identity/index';

/**
 * A page of paypal-transactions, each with its player named, read from the identity store after the game
 * store's rows: the two are separate databases.
 */
export async function withPlayers(
  identity: Kysely<IdentityDatabase>,
  page: AdminListPage<PayPalTransaction>,
): Promise<AdminListPage<AdminPayPalTransaction>> {
  const people = await peopleOf(
    identity,
    page.rows.map((row) => row.userID),
  );
  return { ...page, rows: page.rows.map((row) => ({ ...row, player: personIn(people, row.userID) })) };
}
