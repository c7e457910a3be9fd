import type { GameDatabase } from '../database';
import { anonymiseColumns, type PersonalDataPart } from '../platform/personal-data';

/**
 * Rewards given: a distribution's "once per player" is a row per player, so it stays under the
 * anonymous id, as a distribution an admin sent keeps them as its sender.
 */
export const rewardPersonalData: PersonalDataPart<GameDatabase> = {
  async export(db, { userId }) {
    const received = await db
      .selectFrom('reward_recipients')
      .innerJoin('reward_distributions', 'reward_distributions.request_id', 'reward_recipients.request_id')
      .select([
        'reward_distributions.reason',
        'reward_distributions.credits',
        'reward_distributions.items',
        'reward_recipients.given_at',
      ])
      .where('reward_recipients.user_id', '=', userId)
      .orderBy('reward_recipients.given_at')
      .execute();
    return {
      rewardsReceived: received.map((row) => ({
        reason: row.reason,
        credits: row.credits,
        items: JSON.parse(row.items) as unknown,
        givenAt: row.given_at,
      })),
    };
  },
  erase: (trx, subject) =>
    anonymiseColumns(trx, { reward_recipients: ['user_id'], reward_distributions: ['distributed_by'] }, subject),
};
