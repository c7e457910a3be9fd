import { BETA_CONFIG_ID, DEFAULT_BETA_CONFIG } from '@outpost/contracts/beta';
import type { Kysely } from 'kysely';
import { seedConfigDocument } from '../backoffice/index';
import type { GameDatabase } from '../database';
import { seedAdminInvite } from './invites';
import { seedObjectives } from './objectives';

/*
 * The beta programme's demo data: two testing objectives, beta-config/v1 and an admin invite
 * code that any player may claim. Rows an admin changed stay as they are.
 */

/** The demo admin invite: a player signs up and claims it at /account. */
export const DEMO_INVITE_CODE = 'outpost-beta';

const DEMO_OBJECTIVES = [
  {
    objectiveID: 'first-base',
    title: 'Build your first container base',
    description: 'Place at least three shipping containers and decorate one room. Tell us what felt awkward.',
    active: true,
  },
  {
    objectiveID: 'lobby-chat',
    title: 'Say hello in the lobby',
    description: 'Join the lobby, chat with another survivor and try an emote. Was anything hard to find?',
    active: true,
  },
] as const;

export async function seedBeta(db: Kysely<GameDatabase>, now: Date): Promise<void> {
  await seedObjectives(db, DEMO_OBJECTIVES, now);
  await seedConfigDocument(db, BETA_CONFIG_ID, { ...DEFAULT_BETA_CONFIG }, now);
  await seedAdminInvite(db, { inviteID: DEMO_INVITE_CODE, createdBy: 'demo-seed', validDays: 365, now });
}
