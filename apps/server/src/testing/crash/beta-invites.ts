import type { InviteClaim } from '@outpost/contracts/beta';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { putTestInvite } from '../../beta/testing';
import type { GameDatabase } from '../../database';
import type { SignedIn } from '../../identity/testing';
import { type CrashWorkload, claimRace } from './load';

const INVITES = 80;
/** Players claiming one invite at once. */
const BURST = 3;

/** Invites a player shares with friends: each goes to one claimer. */
export async function prepareBetaInvites(db: Kysely<GameDatabase>, prefix: string): Promise<string[]> {
  const invites = Array.from({ length: INVITES }, (_, index) => `${prefix}-beta-${index}`);
  for (const inviteID of invites) await putTestInvite(db, { inviteID, source: `${prefix}-sharer` });
  return invites;
}

/**
 * Claims of a player's beta invites, several players at once on each: every acknowledged claim is
 * stored, no invite has more than one claimer, and an invite is marked claimed exactly when it has
 * its claim row.
 */
export function betaInviteLoad(players: readonly SignedIn[], invites: readonly string[]): CrashWorkload {
  const race = claimRace(players, invites, {
    size: BURST,
    path: (inviteID) => `/api/account/invites/${inviteID}/claim`,
    acknowledged: (answer) => answer.status === 200 && (answer.body as InviteClaim).newlyClaimed,
  });
  const { won } = race;
  return {
    name: 'beta invite claims',
    turn: race.turn,
    underWay: () => won.length >= 10,
    async check({ game }) {
      const claims = await game.selectFrom('invite_claims').select(['invite_id', 'user_id']).execute();
      const rows = await game.selectFrom('invites').select(['invite_id', 'claimed']).execute();
      expect(
        won.filter(
          ({ inviteID, userId }) => !claims.some((row) => row.invite_id === inviteID && row.user_id === userId),
        ),
        'acknowledged claims missing',
      ).toEqual([]);
      for (const invite of rows) {
        const claimers = claims.filter((claim) => claim.invite_id === invite.invite_id);
        expect(claimers.length, `claimers of ${invite.invite_id}`).toBe(invite.claimed);
      }
      const acknowledged = new Set(won.map(({ inviteID }) => inviteID));
      expect(acknowledged.size, 'one acknowledged claim per invite').toBe(won.length);
      return new Map();
    },
  };
}
