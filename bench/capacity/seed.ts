import { createClaimCodeBatchInputSchema } from '@outpost/contracts/claim-codes';
import { createClaimCodeBatch } from '../../apps/server/src/claim-codes/queries';
import type { AppStores } from '../../apps/server/src/database';
import type { Dialect } from '../../apps/server/src/platform/db/stores';
import { seedDemoData } from '../../apps/server/src/seed';
import { equipShoppers, openCheckoutDrop } from '../http/checkout';
import { seedBenchMachine, signUpStaffMember } from '../http/seed';
import { openSessions } from '../remote-config/callers';
import { publishThroughAdminApi } from '../remote-config/suite';
import { benchUser, SEARCH_USERS, seedSearchUsers } from '../search/users';
import { DROP_UNITS } from './mix';

/*
 * A launch's data: the demo site, SEARCH_USERS accounts (the players are the first of them), the
 * spin machine, a limited drop, launch codes, and the published remote configuration.
 */

/** Launch codes, each redeemable once per player by every player (a streamer's, a newsletter's …). */
export const LAUNCH_CODES = Array.from({ length: 20 }, (_, index) => `LAUNCH${String(index + 1).padStart(2, '0')}`);
/** Credits a launch code adds. */
const CODE_CREDITS = 50;
const STAFF_NAME = 'bench-launch-ops';

/** What the server's process needs no part in: the stores written directly, before it starts. */
export async function seedLaunch(stores: AppStores, dialect: Dialect): Promise<void> {
  const game = stores.game.development;
  await seedDemoData(stores, 'development');
  await seedSearchUsers(stores.identity, dialect);
  await seedBenchMachine(game);
  await openCheckoutDrop(game, DROP_UNITS);
  for (const code of LAUNCH_CODES) {
    const input = createClaimCodeBatchInputSchema.parse({
      batchName: `Launch ${code}`,
      type: 'promo',
      uses: 1_000_000,
      batchQuantity: 1,
      credits: CODE_CREDITS,
      customCodeName: code,
    });
    await createClaimCodeBatch(game, input, { environment: 'development', admin: STAFF_NAME });
  }
}

/**
 * With the server up: staff sign up through the app's own route and publish the bench's remote
 * configuration (remote-config/template.ts) through the admin API; `players` players get bearer
 * sessions (copies of the staff's session row: a sign-in hashes a password for half a second by
 * design, so the sessions are made here, once, not signed in during the load), an order profile
 * and credits. Answers the players' `Authorization` values, player i being benchUser(i).
 */
export async function signInPlayers(
  origin: string,
  publicUrl: string,
  stores: AppStores,
  players: number,
): Promise<string[]> {
  if (players > SEARCH_USERS)
    throw new Error(`At most ${SEARCH_USERS} players (the seeded accounts); asked ${players}.`);
  const authorization = await signUpStaffMember(origin, publicUrl, stores.identity, {
    name: STAFF_NAME,
    keys: ['staff'],
  });
  await publishThroughAdminApi(origin, authorization);
  const staff = await stores.identity
    .selectFrom('auth_users')
    .select('id')
    .where('email', '=', `${STAFF_NAME}@example.com`)
    .executeTakeFirstOrThrow();
  const userIds = Array.from({ length: players }, (_, index) => benchUser(index).id);
  const bearers = await openSessions(stores.identity, staff.id, userIds);
  await equipShoppers(stores.game.development, userIds);
  return bearers;
}
