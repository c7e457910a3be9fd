import { z } from 'zod/mini';
import { adminListPageSchema, adminListQuerySchema } from './admin-list';
import { environmentSchema } from './environments';
import { wholeNumber } from './fields';
import { itemIdSchema, namedItemSchema } from './items';

/**
 * Redemption codes ("claim codes", docs/product.md §3.8, §5.6, §7.9). A claim-codes document is a batch: one
 * claimCodeID, its batch details and its codes, each code redeemable `uses` times, once per player, for the
 * batch's credits and reward items.
 */

/** The most codes one batch may hold: a print run, not a bulk import. */
export const CLAIM_CODE_MAX_BATCH_QUANTITY = 1000;
export const CLAIM_CODE_MAX_USES = 1_000_000;
export const CLAIM_CODE_MAX_CREDITS = 100_000_000;
export const CLAIM_CODE_MAX_REWARDS = 50;
export const CLAIM_CODE_BATCH_NAME_MAX_LENGTH = 120;
export const CLAIM_CODE_TYPE_MAX_LENGTH = 40;
/** A custom code name, as typed (before spaces become hyphens and it is URL-encoded). */
export const CLAIM_CODE_CUSTOM_NAME_MAX_LENGTH = 40;
/** Anything longer than an encoded custom name cannot be a code, so a redeem refuses it unread. */
export const CLAIM_CODE_MAX_LENGTH = 400;

/** A generated code is two groups of 3 lower-case letters or digits joined by '-' (docs/product.md §5.6, §9.1). */
export const GENERATED_CODE_PATTERN = /^[a-z0-9]{3}-[a-z0-9]{3}$/;

export const CLAIM_CODE_MESSAGES = {
  batchNameRequired: 'Please enter a batch name.',
  typeRequired: 'Please enter a type: what the codes are for, e.g. promo or giveaway.',
  usesInvalid: `Uses must be a whole number from 1 to ${CLAIM_CODE_MAX_USES}.`,
  creditsInvalid: `Credits must be a whole number from 0 to ${CLAIM_CODE_MAX_CREDITS}.`,
  quantityInvalid: `Batch quantity must be a whole number from 1 to ${CLAIM_CODE_MAX_BATCH_QUANTITY}.`,
  rewardsInvalid: 'Rewards are a list of item IDs.',
  tooManyRewards: `A batch can grant at most ${CLAIM_CODE_MAX_REWARDS} reward items.`,
  nothingToGrant: 'A code must grant credits, at least one reward, or both.',
  customNameOnlyForOne: 'A custom code name can only be used when the batch quantity is 1.',
  customNameInvalid: `A custom code name has 1 to ${CLAIM_CODE_CUSTOM_NAME_MAX_LENGTH} characters.`,
  codeRequired: 'Please enter a code.',
  codeBroken: 'That code has a broken character in it. Please type it again.',
  customNameBroken: 'The custom code name has a broken character in it. Please type it again.',
  notFound: 'That code does not exist. Check it and try again.',
  usedUp: 'This code has been used up.',
  alreadyRedeemed: 'You have already redeemed this code.',
  noFreeNames: 'Could not find unused code names for this batch. Please try again.',
  created: 'Codes created!',
  empty: 'No code batches found.',
} as const;

/** A custom name that another code of the environment already has (409). */
export const claimCodeTakenMessage = (code: string, environment: string) =>
  `The code "${code}" already exists in ${environment}. Choose another name.`;

/**
 * A lone UTF-16 surrogate is no character anyone typed (a paste cut in half): encodeURIComponent
 * throws on it, which answered a redeem with 500 (found by the API fuzz), so the inputs refuse it.
 */
const LONE_SURROGATE = /\p{Cs}/u;
const wellFormed = (text: string) => !LONE_SURROGATE.test(text);

/** Reads an encoded code back as typed text; text that is not valid percent-encoding stays as it is. */
function decodeCodeText(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The rule for a custom name (docs/product.md §5.6): spaces become hyphens (a run of them one hyphen), the text is
 * lowercased and URL-encoded. A code a player types goes through the same rule, so "Summer Sale",
 * " summer-sale " and "SUMMER-SALE" all find the code "summer-sale", and an encoded form pasted
 * from a link ("caf%C3%A9") finds the code made from "café". Generated codes pass through unchanged.
 */
export function claimCodeName(text: string): string {
  // The inputs refuse a lone surrogate; a form's preview of one shows the replacement character.
  const typed = decodeCodeText(text.trim())
    .trim()
    .replace(/\p{Cs}/gu, '\ufffd');
  return encodeURIComponent(typed.replace(/\s+/g, '-').toLowerCase());
}

const requiredText = (message: string, max: number, tooLong: string) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, { error: message }), z.maxLength(max, { error: tooLong }));

/**
 * POST /api/admin/:env/claim-codes (docs/product.md §7.9's inputs): batchName, type, uses, batchQuantity,
 * rewards, optional custom code name, credits. A custom name is allowed only for a batch of one.
 */
export const createClaimCodeBatchInputSchema = z
  .object({
    batchName: requiredText(
      CLAIM_CODE_MESSAGES.batchNameRequired,
      CLAIM_CODE_BATCH_NAME_MAX_LENGTH,
      `A batch name can be at most ${CLAIM_CODE_BATCH_NAME_MAX_LENGTH} characters.`,
    ),
    /** What the batch is for, a short label of the admin's choosing (promo, giveaway, partner…). */
    type: requiredText(
      CLAIM_CODE_MESSAGES.typeRequired,
      CLAIM_CODE_TYPE_MAX_LENGTH,
      `A type can be at most ${CLAIM_CODE_TYPE_MAX_LENGTH} characters.`,
    ),
    /** How many players may redeem each code. */
    uses: wholeNumber(CLAIM_CODE_MESSAGES.usesInvalid, 1, CLAIM_CODE_MAX_USES),
    batchQuantity: wholeNumber(CLAIM_CODE_MESSAGES.quantityInvalid, 1, CLAIM_CODE_MAX_BATCH_QUANTITY),
    /** Credits each redemption adds. */
    credits: wholeNumber(CLAIM_CODE_MESSAGES.creditsInvalid, 0, CLAIM_CODE_MAX_CREDITS),
    /** Item ids of items-master each redemption grants; one listed twice is granted twice. */
    rewards: z._default(
      z
        .array(itemIdSchema, { error: CLAIM_CODE_MESSAGES.rewardsInvalid })
        .check(z.maxLength(CLAIM_CODE_MAX_REWARDS, { error: CLAIM_CODE_MESSAGES.tooManyRewards })),
      [],
    ),
    /** Empty or absent: the codes are generated. */
    customCodeName: z.optional(
      z
        .string({ error: CLAIM_CODE_MESSAGES.customNameInvalid })
        .check(
          z.trim(),
          z.maxLength(CLAIM_CODE_CUSTOM_NAME_MAX_LENGTH, { error: CLAIM_CODE_MESSAGES.customNameInvalid }),
          z.refine(wellFormed, { error: CLAIM_CODE_MESSAGES.customNameBroken }),
        ),
    ),
  })
  .check(
    z.refine((input) => input.credits > 0 || input.rewards.length > 0, {
      error: CLAIM_CODE_MESSAGES.nothingToGrant,
      path: ['credits'],
    }),
    z.refine((input) => !input.customCodeName || input.batchQuantity === 1, {
      error: CLAIM_CODE_MESSAGES.customNameOnlyForOne,
      path: ['customCodeName'],
    }),
  );
export type CreateClaimCodeBatchInput = z.input<typeof createClaimCodeBatchInputSchema>;
export type CreateClaimCodeBatch = z.output<typeof createClaimCodeBatchInputSchema>;

/** A claim-codes document (docs/product.md §3.8): a batch and its codes. */
export const claimCodeBatchSchema = z.object({
  claimCodeID: z.string(),
  batchName: z.string(),
  type: z.string(),
  /** How many players may redeem each code. */
  uses: z.int(),
  credits: z.int(),
  rewards: z.array(z.string()),
  /** The rewards named, in the same order: what staff read instead of the item ids. */
  rewardItems: z.array(namedItemSchema),
  /** False once every code is used up. */
  isAvailable: z.boolean(),
  /** Codes with uses left. */
  availableCodes: z.array(z.string()),
  /** Codes used up. */
  usedCodes: z.array(z.string()),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
});
export type ClaimCodeBatch = z.infer<typeof claimCodeBatchSchema>;

/** A row of the admin list: the batch without its code lists, with their counts. */
export const claimCodeBatchSummarySchema = z.object({
  claimCodeID: z.string(),
  batchName: z.string(),
  type: z.string(),
  uses: z.int(),
  credits: z.int(),
  rewards: z.array(z.string()),
  rewardItems: z.array(namedItemSchema),
  isAvailable: z.boolean(),
  availableCount: z.int(),
  usedCount: z.int(),
  createdAt: z.string(),
});
export type ClaimCodeBatchSummary = z.infer<typeof claimCodeBatchSummarySchema>;

export const CLAIM_CODE_SORTABLE = ['createdAt', 'batchName', 'type'] as const;

/**
 * GET /api/admin/:env/claim-codes: newest first; docs/product.md §4.5 loads only available batches, so that is
 * the default and `show=all` adds the used-up ones; `search` matches a batch name or claimCodeID.
 */
export const claimCodeListQuerySchema = adminListQuerySchema(CLAIM_CODE_SORTABLE, {
  search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  show: z._default(z.enum(['available', 'all'], { error: 'show must be available or all.' }), 'available'),
});
export type ClaimCodeListQuery = z.infer<typeof claimCodeListQuerySchema>;
export const claimCodeListPageSchema = adminListPageSchema(claimCodeBatchSummarySchema);

/** The `:claimCodeID` of a batch's admin routes. */
export const claimCodeParamsSchema = z.object({
  env: environmentSchema,
  claimCodeID: z.string().check(z.minLength(1), z.maxLength(100)),
});

/** GET /api/admin/:env/claim-codes/:claimCodeID: docs/product.md §8.5, a missing batch is null, not an error. */
export const claimCodeBatchOrNullSchema = z.nullable(claimCodeBatchSchema);

/** DELETE /api/admin/:env/claim-codes/:claimCodeID */
export const deletedClaimCodeBatchSchema = z.object({ claimCodeID: z.string() });

/** POST /api/account/redeem-code */
export const redeemCodeInputSchema = z.object({
  code: z
    .string({ error: CLAIM_CODE_MESSAGES.codeRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: CLAIM_CODE_MESSAGES.codeRequired }),
      z.maxLength(CLAIM_CODE_MAX_LENGTH, { error: CLAIM_CODE_MESSAGES.notFound }),
      z.refine(wellFormed, { error: CLAIM_CODE_MESSAGES.codeBroken }),
    ),
});
export type RedeemCodeInput = z.input<typeof redeemCodeInputSchema>;

/**
 * What a redemption granted, and the player's balance after it. `rewardItems` names the item ids
 * of `rewards`, in the same order: what the player reads ("Salute Emote", never `emote-salute`).
 */
export const redeemCodeResultSchema = z.object({
  code: z.string(),
  credits: z.int(),
  rewards: z.array(z.string()),
  rewardItems: z.array(namedItemSchema),
  balance: z.int(),
});
export type RedeemCodeResult = z.infer<typeof redeemCodeResultSchema>;
