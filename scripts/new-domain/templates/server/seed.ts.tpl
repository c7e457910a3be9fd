import type { Create__Pascal__EntryInput } from '@outpost/contracts/__kebab__/schemas';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { seed__Pascal__Entries } from './queries';

/** The demo's __words__ entries. */
export const DEMO___CONST___ENTRIES: readonly Create__Pascal__EntryInput[] = [
  { entryID: 'first', name: 'First of the season', score: 1200, playerID: null, endsAt: null },
  { entryID: 'second', name: 'Runner-up', score: 900, playerID: null, endsAt: null },
];

export function seed__Pascal__(db: Kysely<GameDatabase>, now: Date): Promise<void> {
  return seed__Pascal__Entries(db, DEMO___CONST___ENTRIES, now);
}
