/**
 * A solved captcha challenge, remembered by its nonce until the challenge expires so the same
 * solution cannot be exchanged twice. After expiry the challenge is refused anyway, so the row
 * can go.
 */
export interface UsedChallengeTable {
  nonce: string;
  /** ISO-8601 UTC; compared as text, which orders like time because the format is fixed. */
  expires_at: string;
}

/** The attestation tables of the identity store. */
export interface AttestationTables {
  attestation_used_challenges: UsedChallengeTable;
}
