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

/**
 * A change of the player's game inventory (docs/product.md §3.16 claimed-items), with what caused it: items
 * granted, or taken back by support (source ITEM_TAKE_BACK_SOURCE, a negative quantity, staff's reason).
 */
export const claimedItemSchema = z.object({
  itemID: z.string(),
  /** The item's name in items-master; its id when the catalogue no longer has it. */
  name: z.string(),
  /** Items added (positive) or taken back (negative). */
  quantity: z.int(),
  source: z.string(),
  /** Staff's reason, which the player reads, on a take-back; absent on a grant. */
  note: z.optional(z.string()),
  claimedAt: z.string(),
});
export type ClaimedItem = z.infer<typeof claimedItemSchema>;

/** The source of an inventory row that takes items back (the player page's take-back). */
export const ITEM_TAKE_BACK_SOURCE = 'takeBack';

/** How the player's item history names a take-back, before staff's reason ("Taken back by support: Given twice"). */
export const ITEM_TAKE_BACK_LABEL = 'Taken back by support';

/** What a take-back row says: its label and staff's reason. */
export const itemTakeBackText = (note: string | null | undefined) =>
  note ? `${ITEM_TAKE_BACK_LABEL}: ${note}` : ITEM_TAKE_BACK_LABEL;

/** GET /api/account/items: the newest first, at most ACCOUNT_ITEMS_LIMIT. */
export const ACCOUNT_ITEMS_LIMIT = 200;
export const accountItemsSchema = z.object({ items: z.array(claimedItemSchema) });
export type AccountItems = z.infer<typeof accountItemsSchema>;
