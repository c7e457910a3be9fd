import { SUSPENSION_MESSAGES } from '@outpost/contracts/account-lifecycle-text';
import type { Person } from '@outpost/contracts/people';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../database';
import { FunctionError } from '../platform/http/errors';
import { peopleOf } from './queries';

/** The account a back-office route about one player names, or 404 when no account has that id (or it was deleted). */
export async function requireAccount(identity: Kysely<IdentityDatabase>, userID: string): Promise<Person> {
  const person = (await peopleOf(identity, [userID])).get(userID);
  if (!person?.email) throw new FunctionError('not-found', SUSPENSION_MESSAGES.noUser(userID));
  return person;
}
