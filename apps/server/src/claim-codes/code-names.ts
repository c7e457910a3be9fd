import { newRandomID, randomBase36 } from '../platform/random-id';

/*
 * Code names as docs/product.md §5.6 has them: a generated code is two random 3-character lower-case alphanumeric
 * groups joined by '-', URL-encoded; a batch's claimCodeID is a random ID, two concatenated random
 * base-36 strings. Both come from the CSPRNG: a code is worth credits, so it must not be guessable
 * from others. Custom names follow `claimCodeName` (contracts), shared with the redeem form.
 */

/** Makes one candidate code; the batch writer retries a candidate that is taken. Tests inject their own. */
export type CodeGenerator = () => string;

/** `k3x-09a`: 36^6 (about 2.2 billion) names; URL-encoding leaves these characters as they are. */
export const generateCode: CodeGenerator = () => encodeURIComponent(`${randomBase36(3)}-${randomBase36(3)}`);

/** A batch's claimCodeID: two random base-36 strings of 8 characters, concatenated (36^16 ids). */
export function newClaimCodeID(): string {
  return newRandomID();
}
