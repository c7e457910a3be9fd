import type { LedgerReason } from '@outpost/contracts/economy';
import type { SegmentAttributeSource } from '../domain';
import { withinPlayers } from '../segments/index';

/** What a player pays credits for: spins (machines and drops) and merch. */
export const SPENDING: readonly LedgerReason[] = ['spin', 'merch'];

/** Each player's credits, for segments: the balance, and what they paid in credits. */
export const LEDGER_SEGMENT_ATTRIBUTES: readonly SegmentAttributeSource[] = [
  {
    attribute: 'creditsHeld',
    async values({ game }, players) {
      const rows = await withinPlayers(game.selectFrom('credit_balances'), 'user_id', players)
        .select(['user_id', 'balance'])
        .execute();
      return rows.map((row) => ({ userId: row.user_id, value: row.balance }));
    },
  },
  {
    attribute: 'creditsSpent',
    async values({ game }, players) {
      const rows = await withinPlayers(game.selectFrom('credit_ledger'), 'user_id', players)
        .select((eb) => ['user_id', eb.fn.sum<number | string>('amount').as('total')])
        .where('reason', 'in', SPENDING)
        .where('amount', '<', 0)
        .groupBy('user_id')
        .execute();
      return rows.map((row) => ({ userId: row.user_id, value: -Number(row.total) }));
    },
  },
];
