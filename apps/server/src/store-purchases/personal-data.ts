import type { GameDatabase } from '../database';
import { anonymiseColumns, type PersonalDataPart } from '../platform/personal-data';
import { readDataSharing } from './consumption';
import { listStorePurchases } from './queries';

/**
 * A player's store purchases are sales records: they stay under the anonymous id (a store's refund
 * can still arrive for them), and so do the stores' consumption requests about them; the download
 * lists them, with the player's answer on sharing their use with the stores. Erased, the answer
 * goes (an anonymous player consents to nothing).
 */
export const storePurchasesPersonalData: PersonalDataPart<GameDatabase> = {
  async export(db, { userId }) {
    const requests = await db
      .selectFrom('store_consumption_requests')
      .select(['store', 'transaction_id', 'reason', 'requested_at', 'answer', 'detail'])
      .where('user_id', '=', userId)
      .orderBy('requested_at')
      .execute();
    return {
      storePurchases: await listStorePurchases(db, userId),
      storeDataSharing: await readDataSharing(db, userId),
      storeConsumptionRequests: requests,
    };
  },
  async erase(trx, subject) {
    await trx.deleteFrom('store_data_sharing').where('user_id', '=', subject.userId).execute();
    await anonymiseColumns(trx, { store_purchases: ['user_id'], store_consumption_requests: ['user_id'] }, subject);
  },
};
