import type { AdminListPage } from '@outpost/contracts/admin-list';
import type {
  AdminMerchContact,
  AdminMerchOrder,
  AdminMerchOrderRow,
  MerchContact,
  MerchOrder,
} from '@outpost/contracts/merch';
import { personIn } from '@outpost/contracts/people';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../database';
import { peopleOf } from '../identity/index';
import type { StoredAdminMerchOrder } from './merch-orders';

/*
 * The merch back office names the people it stores by id (docs/decisions/0087-people-and-things-by-name.md):
 * an order's buyer, a refund's admin, a message's signed-in writer. Resolved in the identity store after the
 * game store's rows are read: the two are separate databases.
 */

type Identity = Kysely<IdentityDatabase>;

/** A page of orders, each with its buyer. */
export async function withBuyers(
  identity: Identity,
  page: AdminListPage<MerchOrder>,
): Promise<AdminListPage<AdminMerchOrderRow>> {
  const people = await peopleOf(
    identity,
    page.rows.map((order) => order.userID),
  );
  return { ...page, rows: page.rows.map((order) => ({ ...order, buyer: personIn(people, order.userID) })) };
}

/** One order for its screen: the buyer and each refund's admin. */
export async function namedAdminOrder(identity: Identity, order: StoredAdminMerchOrder): Promise<AdminMerchOrder> {
  const people = await peopleOf(identity, [order.userID, ...order.refunds.map((refund) => refund.admin)]);
  return {
    ...order,
    buyer: personIn(people, order.userID),
    refunds: order.refunds.map((refund) => ({ ...refund, refundedBy: personIn(people, refund.admin) })),
  };
}

/** A page of contact messages, each with the signed-in player who wrote it, if any. */
export async function withWriters(
  identity: Identity,
  page: AdminListPage<MerchContact>,
): Promise<AdminListPage<AdminMerchContact>> {
  const people = await peopleOf(
    identity,
    page.rows.flatMap((contact) => (contact.userID === null ? [] : [contact.userID])),
  );
  return {
    ...page,
    rows: page.rows.map((contact) => ({
      ...contact,
      player: contact.userID === null ? null : personIn(people, contact.userID),
    })),
  };
}
