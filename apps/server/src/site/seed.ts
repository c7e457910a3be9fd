import type { Kysely } from 'kysely';
import type { GameDatabase } from '../platform/db/schema';

const DEMO_SIGNUPS = 128;

/** Demo early-access list: reserved example.com addresses, so nothing is ever mailed. */
export async function seedSite(db: Kysely<GameDatabase>, now: Date): Promise<void> {
  const rows = Array.from({ length: DEMO_SIGNUPS }, (_, index) => ({
    email: `survivor-${String(index + 1).padStart(3, '0')}@example.com`,
    source: 'demo',
    created_at: new Date(now.getTime() - index * 3_600_000).toISOString(),
  }));
  await db
    .insertInto('email_signups')
    .values(rows)
    .onConflict((conflict) => conflict.column('email').doNothing())
    .execute();
}
