import { personIn } from '@outpost/contracts/people';
import type {
  PremiumPlanId,
  SubscriberListPage,
  SubscriberListQuery,
  SubscriptionChannel,
  SubscriptionState,
} from '@outpost/contracts/subscriptions/schemas';
import type { Kysely } from 'kysely';
import type { GameDatabase, IdentityDatabase } from '../database';
import { peopleOf } from '../identity/index';
import { fetchListPage } from '../platform/db/list-page';

/**
 * The back office's subscribers: one page of the environment's subscriptions, filtered by channel,
 * plan and state, each with its player named (from the identity store, a separate database), and
 * the count of every channel and state above the filters.
 */
export async function listSubscribers(
  stores: { game: Kysely<GameDatabase>; identity: Kysely<IdentityDatabase> },
  query: SubscriberListQuery,
): Promise<SubscriberListPage> {
  let filtered = stores.game.selectFrom('subscriptions').where('state', 'is not', null);
  if (query.channel) filtered = filtered.where('channel', '=', query.channel);
  if (query.plan) filtered = filtered.where('plan_id', '=', query.plan);
  if (query.state) filtered = filtered.where('state', '=', query.state);
  const column = query.sort === 'periodEnd' ? 'period_end' : 'updated_at';
  const [{ rows, ...page }, summary] = await Promise.all([
    fetchListPage(
      filtered,
      filtered.selectAll().orderBy(column, query.order).orderBy('subscription_id', query.order),
      query,
    ),
    stores.game
      .selectFrom('subscriptions')
      .select(['channel', 'state', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('state', 'is not', null)
      .groupBy(['channel', 'state'])
      .orderBy('channel')
      .orderBy('state')
      .execute(),
  ]);
  const people = await peopleOf(
    stores.identity,
    rows.map((row) => row.user_id),
  );
  return {
    ...page,
    rows: rows.map((row) => ({
      subscriptionId: row.subscription_id,
      player: personIn(people, row.user_id),
      channel: row.channel as SubscriptionChannel,
      plan: row.plan_id as PremiumPlanId | null,
      state: row.state as SubscriptionState | null,
      periodEnd: row.period_end,
      updatedAt: row.updated_at,
    })),
    summary: summary.map((row) => ({
      channel: row.channel as SubscriptionChannel,
      state: row.state as SubscriptionState | null,
      count: Number(row.count),
    })),
  };
}
