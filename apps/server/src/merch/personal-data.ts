import { ACCOUNT_DELETION_MESSAGES } from '@outpost/contracts/account-lifecycle-text';
import type { MerchShipping } from '@outpost/contracts/merch';
import { shortNumber } from '@outpost/contracts/short-numbers';
import type { GameDatabase } from '../database';
import { anonymiseColumns, type NamedRows, ownedRows, type PersonalDataPart } from '../platform/personal-data';
import { hydrateOrders, releasePlayerReservations } from './merch-orders';

/** What a never-paid order keeps of where it was to go: nothing (every field the contract names, empty). */
const NO_SHIPPING: MerchShipping = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  countryCode: '',
  cut: '',
  sizes: { shirtSize: '', hoodieSize: '', pantSize: '', shoeSize: '' },
  address: { line1: '', line2: '', city: '', state: '', zipcode: '', country: '' },
};

/** A contact message names the account that sent it, or none when sent signed out. */
const CONTACTS: NamedRows = {
  names: 'email',
  writtenAt: 'created_at',
  account: { column: 'user_id', signedOut: null },
};

/**
 * Merch: the order profile, drop subscriptions and contact messages are the player's own and go
 * with the account (a drop subscription needs an account, so is the player's by it alone; a
 * contact message sent signed out is theirs by address, as `ownedRows` says). Orders are sales
 * records: a paid one (shipped, refunded, still to ship) stays whole, address included, as the law
 * asks of sales and as its parcel needs, under the anonymous id; one never paid (expired,
 * cancelled) keeps no address. An order still holding stock while it waits for payment must be
 * paid or cancelled first: deleting would leave a payment with no one to ship to (one placed by a
 * request under way as the deletion began is cancelled by the erase).
 */
export const merchPersonalData: PersonalDataPart<GameDatabase> = {
  async blocker(db, { userId }) {
    const open = await db
      .selectFrom('merch_orders')
      .innerJoin('payment_orders', 'payment_orders.order_id', 'merch_orders.order_id')
      .select('payment_orders.order_number')
      .where('merch_orders.user_id', '=', userId)
      .where('merch_orders.status', '=', 'reserved')
      .orderBy('merch_orders.order_time')
      .executeTakeFirst();
    return open && ACCOUNT_DELETION_MESSAGES.openMerchOrder(shortNumber(open.order_number));
  },
  async export(db, subject) {
    const [profile, orders, subscriptions, contacts] = await Promise.all([
      db.selectFrom('user_order_settings').selectAll().where('user_id', '=', subject.userId).executeTakeFirst(),
      db.selectFrom('merch_orders').selectAll().where('user_id', '=', subject.userId).orderBy('order_time').execute(),
      db
        .selectFrom('merch_drop_subscriptions')
        .selectAll()
        .where('user_id', '=', subject.userId)
        .orderBy('created_at')
        .execute(),
      db.selectFrom('merch_contacts').selectAll().where(ownedRows(subject, CONTACTS)).orderBy('contact_id').execute(),
    ]);
    return {
      orderProfile: profile ? { ...JSON.parse(profile.profile), updatedAt: profile.updated_at } : null,
      merchOrders: await hydrateOrders(db, orders),
      dropSubscriptions: subscriptions.map((row) => ({
        dropID: row.drop_id,
        email: row.email,
        subscribedAt: row.created_at,
        notifiedAt: row.notified_at,
      })),
      contactMessages: contacts.map((row) => ({
        name: row.name,
        email: row.email,
        subject: row.subject,
        message: row.message,
        sentAt: row.created_at,
      })),
    };
  },
  async erase(trx, subject) {
    await releasePlayerReservations(trx, subject.userId);
    await trx.deleteFrom('user_order_settings').where('user_id', '=', subject.userId).execute();
    await trx.deleteFrom('merch_drop_subscriptions').where('user_id', '=', subject.userId).execute();
    await trx.deleteFrom('merch_contacts').where(ownedRows(subject, CONTACTS)).execute();
    await trx
      .updateTable('merch_orders')
      .set({ shipping: JSON.stringify(NO_SHIPPING) })
      .where('user_id', '=', subject.userId)
      .where('paid_at', 'is', null)
      .where('status', 'in', ['expired', 'cancelled'])
      .execute();
    await anonymiseColumns(trx, { merch_orders: ['user_id'], merch_refunds: ['admin'] }, subject);
  },
};
