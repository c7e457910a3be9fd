import type { GameDatabase } from '../database';
import { anonymiseColumns, type PersonalDataPart } from '../platform/personal-data';
import { listStorePurchases } from './queries';

/**
 * A player's store purchases are sales records: they stay under the anonymous id (a store's refund
 * can still arrive for them); the download lists them.
 */
export const storePurchasesPersonalData: PersonalDataPart<GameDatabase> = {
  async export(db, { userId }) {
    return { storePurchases: await listStorePurchases(db, userId) };
  },
  erase: (trx, subject) => anonymiseColumns(trx, { store_purchases: ['user_id'] }, subject),
};
