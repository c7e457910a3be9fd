import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';

/*
 * Two demo batches: a custom code anyone can try in the shop, and a small print run of generated
 * codes for the batch screen, its CSV and its print sheet. Fixed names, so seeding again restores
 * them (uses included) rather than adding more.
 */

interface DemoBatch {
  claimCodeID: string;
  batchName: string;
  type: string;
  uses: number;
  credits: number;
  rewards: string[];
  codes: string[];
}

const DEMO_BATCHES: readonly DemoBatch[] = [
  {
    claimCodeID: 'demowelcome00001',
    batchName: 'Welcome to the Outpost',
    type: 'promo',
    uses: 1000,
    // Enough for the demo merch on sale now (the Outpost Hoodie, 5,999 credits): a new player
    // reaches every flow of the shop with this one code.
    credits: 6000,
    rewards: ['emote-salute'],
    codes: ['welcome-to-the-outpost'],
  },
  {
    claimCodeID: 'demoradiodrop002',
    batchName: 'Radio drop cards',
    type: 'giveaway',
    uses: 1,
    credits: 250,
    rewards: ['hat-ranger-beanie'],
    codes: ['r4d-10a', 'r4d-10b', 'r4d-10c', 'r4d-10d', 'r4d-10e', 'r4d-10f'],
  },
];

/** Run after the items seed: the rewards are items of items-master. */
export async function seedClaimCodes(db: Kysely<GameDatabase>, now: Date): Promise<void> {
  for (const demo of DEMO_BATCHES) {
    const batch = {
      batch_name: demo.batchName,
      type: demo.type,
      uses: demo.uses,
      credits: demo.credits,
      rewards: JSON.stringify(demo.rewards),
      is_available: 1,
      created_at: now.toISOString(),
      created_by: 'demo',
    };
    await db
      .insertInto('claim_code_batches')
      .values({ claim_code_id: demo.claimCodeID, ...batch })
      .onConflict((conflict) => conflict.column('claim_code_id').doUpdateSet(batch))
      .execute();
    // A fresh start for the demo codes: their uses back, their redemptions forgotten.
    await db.deleteFrom('claim_codes').where('claim_code_id', '=', demo.claimCodeID).execute();
    await db
      .insertInto('claim_codes')
      .values(demo.codes.map((code) => ({ code, claim_code_id: demo.claimCodeID, uses_left: demo.uses })))
      // A name an admin has since given another batch stays theirs.
      .onConflict((conflict) => conflict.column('code').doNothing())
      .execute();
  }
}
