import type { Premium, SubscriptionChannel } from '@outpost/contracts/subscriptions/schemas';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { premiumUntil } from './state-machine';
import { statusOf } from './subscription-events';

const NO_PREMIUM: Premium = { premium: false, until: null, channel: null, state: null };

/**
 * What a player's subscriptions give them at `now`, whatever the channel: the one whose premium
 * lasts longest, or, when none gives it, the latest reported (so a player sees why it ended).
 */
export async function readPremium(db: Kysely<GameDatabase>, userId: string, now = new Date()): Promise<Premium> {
  const rows = await db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).execute();
  const at = now.toISOString();
  let best: Premium = NO_PREMIUM;
  let latest: { at: string; premium: Premium } | undefined;
  for (const row of rows) {
    const status = statusOf(row);
    if (status.state === null) continue;
    const until = premiumUntil(status);
    const premium: Premium = {
      premium: until !== null && until > at,
      until: until !== null && until > at ? until : null,
      channel: row.channel as SubscriptionChannel,
      state: status.state,
    };
    if (premium.premium && (!best.premium || (premium.until ?? '') > (best.until ?? ''))) best = premium;
    if (!latest || (status.lastEventAt ?? '') > latest.at) latest = { at: status.lastEventAt ?? '', premium };
  }
  return best.premium ? best : (latest?.premium ?? NO_PREMIUM);
}
