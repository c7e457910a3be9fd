import type { AdminFeedback, AdminInvite, AdminInviteRow, Feedback } from '@outpost/contracts/beta';
import { ADMIN_INVITE_SOURCE } from '@outpost/contracts/beta';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../database';
import { peopleOf } from '../identity/index';

/*
 * The staff's beta lists with the people behind their user ids named, read from the identity
 * store after the game store's rows: the two are separate databases, never joined.
 */

type People = Awaited<ReturnType<typeof peopleOf>>;

/** The person of an id peopleOf was asked about (it answers every id it is given). */
const personIn = (people: People, userID: string) => people.get(userID) ?? { userID, displayName: null, email: null };

export async function feedbackWithSenders(
  identity: Kysely<IdentityDatabase>,
  entries: readonly Feedback[],
): Promise<AdminFeedback[]> {
  const people = await peopleOf(
    identity,
    entries.map((entry) => entry.userID),
  );
  return entries.map((entry) => ({ ...entry, sender: personIn(people, entry.userID) }));
}

export async function invitesWithPeople(
  identity: Kysely<IdentityDatabase>,
  invites: readonly AdminInvite[],
): Promise<AdminInviteRow[]> {
  const sharing = (invite: AdminInvite) => (invite.source === ADMIN_INVITE_SOURCE ? [] : [invite.source]);
  const people = await peopleOf(
    identity,
    invites.flatMap((invite) => [...sharing(invite), ...invite.claimedBy]),
  );
  return invites.map((invite) => ({
    ...invite,
    sourcePerson: invite.source === ADMIN_INVITE_SOURCE ? null : personIn(people, invite.source),
    claimedByPeople: invite.claimedBy.map((userID) => personIn(people, userID)),
  }));
}
