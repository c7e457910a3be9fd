import { z } from 'zod/mini';

/**
 * A person as the back office names them wherever a user id is stored (a log's admin, a report's
 * filer, an order's buyer): their display name and email, never the raw id on its own. Only the
 * user's own page shows the id.
 */
export const personSchema = z.object({
  userID: z.string(),
  /** Null for an account whose player has not picked a display name yet. */
  displayName: z.nullable(z.string()),
  /** Null once the account is deleted: the stored id then names nobody. */
  email: z.nullable(z.string()),
});
export type Person = z.infer<typeof personSchema>;

/** What stands in for the name of an account whose player has not picked one yet. */
export const UNNAMED_PERSON = 'A player with no display name yet';

/** How a person is named in a sentence or a cell: "@BossAdmin", or what stands in for a name. */
export function personName(person: Person): string {
  if (person.displayName) return `@${person.displayName}`;
  return person.email === null ? 'A deleted account' : UNNAMED_PERSON;
}

/** The person of `userID` among those looked up by id, or what stands in for an id no account has. */
export const personIn = (people: ReadonlyMap<string, Person>, userID: string): Person =>
  people.get(userID) ?? { userID, displayName: null, email: null };
