import type { Kysely } from 'kysely';
import type { AttestationTables } from './tables';

/**
 * Records a solved challenge's nonce. Returns false when it was recorded before: the primary
 * key decides, so of several concurrent exchanges of one solution exactly one gets true.
 */
export async function claimChallenge(db: Kysely<AttestationTables>, nonce: string, expiresAt: Date): Promise<boolean> {
  const result = await db
    .insertInto('attestation_used_challenges')
    .values({ nonce, expires_at: expiresAt.toISOString() })
    .onConflict((conflict) => conflict.column('nonce').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Deletes the records of challenges that expired before `before`; returns how many. */
export async function pruneUsedChallenges(db: Kysely<AttestationTables>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('attestation_used_challenges')
    .where('expires_at', '<', before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
