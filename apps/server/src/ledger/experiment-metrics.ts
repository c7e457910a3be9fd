import type { ExperimentMetricSource } from '../domain';
import { byChunks } from '../experiments/index';
import { SPENDING } from './segment-attributes';

/** Credits each player spent (spins, merch) from their exposure to `until`, as experiments' goal metric (0 for none). */
export const LEDGER_EXPERIMENT_METRICS: readonly ExperimentMetricSource[] = [
  {
    metric: 'creditsSpentPerPlayer',
    async values({ game }, exposures, until) {
      const values = new Map(exposures.map((exposure): [string, number] => [exposure.userId, 0]));
      const exposedAt = new Map(exposures.map((exposure) => [exposure.userId, exposure.exposedAt.toISOString()]));
      await byChunks(exposures, async (userIds, since) => {
        const rows = await game
          .selectFrom('credit_ledger')
          .select(['user_id', 'amount', 'created_at'])
          .where('user_id', 'in', userIds)
          .where('reason', 'in', SPENDING)
          .where('amount', '<', 0)
          .where('created_at', '>=', since)
          .where('created_at', '<', until.toISOString())
          .execute();
        for (const row of rows) {
          if (row.created_at < (exposedAt.get(row.user_id) ?? '')) continue;
          values.set(row.user_id, (values.get(row.user_id) ?? 0) - row.amount);
        }
      });
      return values;
    },
  },
];
