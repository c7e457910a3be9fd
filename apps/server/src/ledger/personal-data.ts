import type { GameDatabase } from '../database';
import { anonymiseColumns, type PersonalDataPart, replaceInText } from '../platform/personal-data';
import { listClaimedItems } from './inventory';
import { getBalance, wholeLedger } from './ledger';

/**
 * Credits and items: the ledger is the record of what was bought, won and spent, so it stays,
 * balance included, under the anonymous id (its sums still add up); the download has all of it.
 */
export const creditsPersonalData: PersonalDataPart<GameDatabase> = {
  async export(db, { userId }) {
    const [balance, history, items] = await Promise.all([
      getBalance(db, userId),
      wholeLedger(db, userId),
      listClaimedItems(db, userId),
    ]);
    return { credits: { balance, history }, items };
  },
  async erase(trx, subject) {
    // The balance joins the anonymous one: a sweep finds a balance a late request began anew.
    await trx
      .insertInto('credit_balances')
      .expression((eb) =>
        eb
          .selectFrom('credit_balances')
          .select((select) => [select.val(subject.anonymousId).as('user_id'), 'balance'])
          .where('user_id', '=', subject.userId),
      )
      .onConflict((conflict) =>
        conflict
          .column('user_id')
          .doUpdateSet((eb) => ({ balance: eb('credit_balances.balance', '+', eb.ref('excluded.balance')) })),
      )
      .execute();
    await trx.deleteFrom('credit_balances').where('user_id', '=', subject.userId).execute();
    await anonymiseColumns(trx, { credit_ledger: ['user_id'], claimed_items: ['user_id'] }, subject);
    // References name their cause, and some causes name the player (`code:<code>:<userID>`).
    await replaceInText(
      trx,
      { credit_ledger: ['reference'], claimed_items: ['reference'] },
      subject.userId,
      subject.anonymousId,
    );
  },
};
