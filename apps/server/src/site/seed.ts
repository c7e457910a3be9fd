import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { insertEmailSignups } from './queries';

const DEMO_SIGNUPS = 128;

/** Demo early-access list: reserved example.com addresses, so nothing is ever mailed. */
export async function seedSite(db: Kysely<GameDatabase>, now: Date): Promise<void> {
  const rows = Array.from({ length: DEMO_SIGNUPS }, (_, index) => ({
    email: `survivor-${String(index + 1).padStart(3, '0')}@example.com`,
    source: 'demo',
    createdAt: new Date(now.getTime() - index * 3_600_000).toISOString(),
  }));
  // Through the list's own insert, so its count moves by the rows really added (none on a re-seed).
  await insertEmailSignups(db, rows);
}
