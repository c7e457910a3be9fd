import { PARTNER_KEY } from '@outpost/contracts/partners';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { GameDatabase, IdentityDatabase } from '../database';
import { addProfileKey } from '../identity/index';
import type { JobDefinition } from '../platform/jobs/runner';

/*
 * A partner invite's claim writes two stores that share no transaction: the claim (the invite,
 * the partner's link, the join reward) in the game store, and the 'partner' key in the identity
 * store. The claim commits first, marked `key_pending`; the key is added, then the mark cleared.
 * A stop in between (a kill, a crash, the identity store failing) leaves the mark, never a key
 * without its claim, and the marked claims are finished when the app starts and every minute
 * after. Adding a key the profile holds changes nothing, so a pass meeting a claim still under
 * way, or another instance's pass, does nothing twice.
 */

export interface KeyGrantStores {
  identity: Kysely<IdentityDatabase>;
  /** The store the players claim invites in (APP_ENV's). */
  game: Kysely<GameDatabase>;
}

/** How often the job looks for claims whose key a stop left ungiven. */
export const KEY_GRANT_INTERVAL_MS = 60_000;
/** Marked claims finished per pass; there are only ever the few a stop cut. */
const PASS_SIZE = 100;

/**
 * Gives a committed claim's claimer the 'partner' key, then clears the claim's mark. A claimer
 * without a profile (their account deleted meanwhile) has nothing to hold it: the mark goes all
 * the same.
 */
export async function grantPartnerKey(stores: KeyGrantStores, claim: { inviteID: string; userId: string }) {
  await addProfileKey(stores.identity, claim.userId, PARTNER_KEY);
  await stores.game
    .updateTable('partner_invites')
    .set({ key_pending: 0 })
    .where('invite_id', '=', claim.inviteID)
    .where('claimed_by', '=', claim.userId)
    .execute();
}

/** Finishes the claims whose key is still to be given; answers how many it finished. */
export async function finishPendingKeyGrants(stores: KeyGrantStores): Promise<number> {
  const marked = await stores.game
    .selectFrom('partner_invites')
    .select(['invite_id', 'claimed_by'])
    .where('key_pending', '=', 1)
    .orderBy('claimed_at')
    .limit(PASS_SIZE)
    .execute();
  let finished = 0;
  for (const { invite_id, claimed_by } of marked) {
    if (claimed_by === null) continue;
    await grantPartnerKey(stores, { inviteID: invite_id, userId: claimed_by });
    finished += 1;
  }
  return finished;
}

/** The periodic pass, run once across instances (and by the app's start: finishKeyGrantsAtStart). */
export function keyGrantJob(stores: KeyGrantStores): JobDefinition {
  return {
    name: 'partners.finish-key-grants',
    everyMs: KEY_GRANT_INTERVAL_MS,
    run: async () => {
      await finishPendingKeyGrants(stores);
    },
  };
}

/**
 * The app's start finishes the marked claims before the first request: after a kill, the next
 * periodic run the killed process scheduled is still up to a minute away. A failure is logged and
 * the start goes on; the job tries again.
 */
export function finishKeyGrantsAtStart(app: FastifyInstance, stores: KeyGrantStores): void {
  app.addHook('onReady', async () => {
    try {
      const finished = await finishPendingKeyGrants(stores);
      if (finished > 0) app.log.info({ finished }, 'Partner invite claims a stop cut short got their partner key.');
    } catch (error) {
      app.log.error(
        { err: error },
        'Could not finish the partner invite claims a stop cut short; the job tries again.',
      );
    }
  });
}
