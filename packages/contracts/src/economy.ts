import { z } from 'zod/mini';
import { adminListPageSchema, adminListQuerySchema } from './admin-list';

/** Why a player's credits changed. */
export const LEDGER_REASONS = ['purchase', 'redemption', 'reward', 'spin', 'merch', 'refund', 'adjustment'] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

/** How a player's credit history names each reason. */
export const LEDGER_REASON_LABELS: Record<LedgerReason, string> = {
  purchase: 'Credit pack',
  redemption: 'Code redeemed',
  reward: 'Reward',
  spin: 'Machine spin',
  merch: 'Merch order',
  refund: 'Refund',
  adjustment: 'Adjustment by staff',
};

/** One change of a player's credits, as the player sees it in their history. */
export const ledgerEntrySchema = z.object({
  id: z.int(),
  /** Credits added (positive) or spent (negative). */
  amount: z.int(),
  reason: z.enum(LEDGER_REASONS),
  /** What caused it: an order, a code, a spin. */
  reference: z.string(),
  /** Why, in staff's words, for a change staff made by hand (an adjustment); null otherwise. */
  note: z.nullable(z.string()),
  balanceAfter: z.int(),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** GET /api/account/credits: the history pages newest first, through the one list protocol. */
export const creditsQuerySchema = adminListQuerySchema(['createdAt'] as const, {});
export type CreditsQuery = z.infer<typeof creditsQuerySchema>;

export const creditsSchema = z.object({
  balance: z.int().check(z.nonnegative()),
  history: adminListPageSchema(ledgerEntrySchema),
});
export type Credits = z.infer<typeof creditsSchema>;

/** An item in the player's game inventory (docs/product.md §3.16 claimed-items), with what granted it. */
export const claimedItemSchema = z.object({
  itemID: z.string(),
  /** The item's name in items-master; its id when the catalogue no longer has it. */
  name: z.string(),
  quantity: z.int(),
  source: z.string(),
  claimedAt: z.string(),
});
export type ClaimedItem = z.infer<typeof claimedItemSchema>;

/** GET /api/account/items: the newest first, at most ACCOUNT_ITEMS_LIMIT. */
export const ACCOUNT_ITEMS_LIMIT = 200;
export const accountItemsSchema = z.object({ items: z.array(claimedItemSchema) });
export type AccountItems = z.infer<typeof accountItemsSchema>;
