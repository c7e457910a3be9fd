import type { GameDatabase } from '../database';
import { anonymiseColumns, type PersonalDataPart } from '../platform/personal-data';

/**
 * A player's subscriptions are sales records: they stay under the anonymous id (a refund or a
 * store's report can still arrive for them); the download has them with every report.
 */
export const subscriptionsPersonalData: PersonalDataPart<GameDatabase> = {
  async export(db, { userId }) {
    const subscriptions = await db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('subscription_id')
      .execute();
    const events = await db
      .selectFrom('subscription_events')
      .select(['subscription_id', 'kind', 'at', 'until'])
      .where('subscription_id', 'in', subscriptions.map((row) => row.subscription_id).concat(['']))
      .orderBy('at')
      .execute();
    return {
      subscriptions: subscriptions.map((row) => ({
        channel: row.channel,
        state: row.state,
        periodEnd: row.period_end,
        history: events
          .filter((event) => event.subscription_id === row.subscription_id)
          .map(({ kind, at, until }) => ({ kind, at, until })),
      })),
    };
  },
  erase: (trx, subject) => anonymiseColumns(trx, { subscriptions: ['user_id'] }, subject),
};
