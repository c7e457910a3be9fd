import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../database';
import { isPostgres } from '../platform/db/dialect';
import { insertProfile } from './queries';

/*
 * The demo's players: the accounts the demo's reports are about, so the moderation story goes from a trending
 * issue to the reported player's page. They have no sign-in method (no password), and their addresses are in
 * the reserved .invalid domain, so no mail is ever sent to them.
 */

/** A demo player: the name the demo's reports file them under (without the @). */
export interface DemoPlayer {
  userID: string;
  displayName: string;
  /** Days before the seed that the account was made. */
  daysAgo: number;
}

export const DEMO_PLAYERS: readonly DemoPlayer[] = [
  { userID: 'demo-player-crate-raider', displayName: 'crate_raider', daysAgo: 40 },
  { userID: 'demo-player-free-g00wiy', displayName: 'free_g00wiy', daysAgo: 12 },
];

const DAY_MS = 86_400_000;

/**
 * Makes the demo's players once; a demo player already there is left as it is (a moderator may have suspended it),
 * and a display name a real player took first is theirs: that demo player is then made without a profile.
 */
export async function seedDemoPlayers(identity: Kysely<IdentityDatabase>, now: Date): Promise<void> {
  for (const player of DEMO_PLAYERS) {
    const created = new Date(now.getTime() - player.daysAgo * DAY_MS).toISOString();
    await identity
      .insertInto('auth_users')
      .values({
        id: player.userID,
        name: player.displayName,
        email: `${player.displayName}@demo.outpost.invalid`,
        // The column is a boolean on PostgreSQL, an integer on SQLite.
        email_verified: isPostgres(identity) ? false : 0,
        image: null,
        created_at: created,
        updated_at: created,
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    await insertProfile(identity, { userId: player.userID, displayName: player.displayName, created });
  }
}
