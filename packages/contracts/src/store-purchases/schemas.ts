import { z } from 'zod/mini';
import { premiumSchema } from '../subscriptions/schemas';

/*
 * The game's purchases in its own stores (the App Store, Google Play): what the game sends after the
 * store took the money, and what Outpost granted for it, once per store transaction.
 */

export const GAME_STORE_NAMES = { 'app-store': 'the App Store', 'google-play': 'Google Play' } as const;
export type GameStoreName = keyof typeof GAME_STORE_NAMES;

/** POST /api/store/app-store/purchases: the StoreKit 2 signed transaction (JWS) the game got. */
export const appStorePurchaseSchema = z.object({
  signedTransaction: z
    .string()
    .check(z.minLength(1, 'Send the signed transaction StoreKit gave the game.'), z.maxLength(32_768)),
});
export type AppStorePurchase = z.infer<typeof appStorePurchaseSchema>;

/** POST /api/store/google-play/purchases: the purchase token Google Play Billing gave the game. */
export const googlePlayPurchaseSchema = z.object({
  productId: z.string().check(z.minLength(1, 'Send the product id of the purchase.'), z.maxLength(200)),
  purchaseToken: z
    .string()
    .check(z.minLength(1, 'Send the purchase token Google Play gave the game.'), z.maxLength(4096)),
  type: z.enum(['consumable', 'subscription']),
});
export type GooglePlayPurchase = z.infer<typeof googlePlayPurchaseSchema>;

/** What a store purchase granted: credits for a pack, or premium; the same answer for a repeat. */
export const storeGrantSchema = z.object({
  store: z.enum(['app-store', 'google-play']),
  transactionId: z.string(),
  kind: z.enum(['credit-pack', 'premium']),
  /** The pack's credits, for a credit pack. */
  credits: z.nullable(z.int()),
  /** The player's balance now, for a credit pack. */
  balance: z.nullable(z.int()),
  /** The player's premium now, for the subscription. */
  premium: z.nullable(premiumSchema),
  /** When Outpost first granted this transaction (ISO 8601): earlier than now for a repeat. */
  grantedAt: z.string(),
  /** False when this transaction had been granted before (the game retried, or the store told Outpost first). */
  firstGrant: z.boolean(),
});
export type StoreGrant = z.infer<typeof storeGrantSchema>;

/** How a refunded or revoked credit pack came back out of the ledger. */
export const storeReversalSchema = z.object({
  kind: z.enum(['refund', 'revoke']),
  at: z.string(),
  /** Credits taken back from the balance. */
  creditsTakenBack: z.int(),
  /** Credits the player had already spent, which could not be taken back. */
  creditsAlreadySpent: z.int(),
});
export type StoreReversal = z.infer<typeof storeReversalSchema>;

/** A store purchase as the player and staff see it. */
export const storePurchaseSchema = z.object({
  store: z.enum(['app-store', 'google-play']),
  transactionId: z.string(),
  productId: z.string(),
  kind: z.enum(['credit-pack', 'premium']),
  credits: z.nullable(z.int()),
  /** What the store charged, in cents, when it said. */
  amountCents: z.nullable(z.int()),
  currency: z.nullable(z.string()),
  purchasedAt: z.string(),
  reversal: z.nullable(storeReversalSchema),
});
export type StorePurchase = z.infer<typeof storePurchaseSchema>;

export const storePurchaseListSchema = z.object({ purchases: z.array(storePurchaseSchema) });

/** GET /api/store/account-token: StoreKit's appAccountToken and Google Play's obfuscated account id for the player. */
export const storeAccountTokenSchema = z.object({ accountToken: z.string() });

export const STORE_PURCHASE_MESSAGES = {
  notConfigured: (store: GameStoreName) =>
    `Purchases from ${GAME_STORE_NAMES[store]} are not set up on this server, so this one could not be checked. The purchase is safe: try again later.`,
  unknownProduct: (productId: string) =>
    `There is no credit pack or premium plan sold as "${productId}", so nothing was granted.`,
  otherPlayer: 'This purchase belongs to another player, so it was not granted to you.',
  reversed: 'The store refunded or revoked this purchase, so nothing was granted.',
} as const;
