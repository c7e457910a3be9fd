import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';

const SEEDED_KEY = 'demo_seeded_at';

/** Records that the demo data set was written (inside the seeding transaction). */
export async function markSeeded(db: Kysely<GameDatabase>, now: Date): Promise<void> {
  await db
    .insertInto('store_meta')
    .values({ key: SEEDED_KEY, value: now.toISOString() })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: now.toISOString() }))
    .execute();
}

/** When the demo data set was last written (ISO 8601), or undefined if it never was. */
export async function demoSeededAt(db: Kysely<GameDatabase>): Promise<string | undefined> {
  const marker = await db.selectFrom('store_meta').select('value').where('key', '=', SEEDED_KEY).executeTakeFirst();
  return marker?.value;
}

/** Whether the demo data set was ever written; a store whose demo rows were deleted stays seeded. */
export async function wasSeeded(db: Kysely<GameDatabase>): Promise<boolean> {
  return (await demoSeededAt(db)) !== undefined;
}
