import { createHash } from 'node:crypto';

/**
 * The token the game sets on a store purchase to name the player (StoreKit's appAccountToken, which
 * must be a UUID; Google Play's obfuscated account id): a UUID derived from the Outpost user id, the
 * same every time, that names no one outside Outpost. GET /api/store/account-token answers it.
 */
export function storeAccountTokenOf(userId: string): string {
  const bytes = createHash('sha256').update(`outpost-store-account:${userId}`).digest().subarray(0, 16);
  // RFC 9562's version (5: name-based) and variant bits, so stores that check the format accept it.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whether a purchase's account token names this player: their token, or (Google Play allows it) their user id. */
export function namesPlayer(accountToken: string, userId: string): boolean {
  return accountToken === userId || accountToken.toLowerCase() === storeAccountTokenOf(userId);
}
