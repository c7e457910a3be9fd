import { z } from 'zod/mini';
import { adminListPageSchema, adminListQuerySchema } from './admin-list';
import { environmentSchema } from './environments';
import { booleanQuery, slug, wholeNumber } from './fields';
import { itemIdSchema } from './items';
import { personSchema } from './people';

/**
 * The partner referral programme (docs/product.md §1.1, §3.6, §4.4, §6.3, §9.1): partners'
 * referral links and the players who joined through them, referral-rewards and their tiers,
 * partner invites and config/partners.
 */

/**
 * The reward a referral link names unless a partner invite or config/partners says otherwise
 * (docs/product.md §9.1).
 */
export const DEFAULT_PARTNER_REWARD_ID = 'standard-partner-reward';
/** A referral link's type (docs/product.md §3.6). */
export const REFERRAL_LINK_TYPE = 'partner';
/** The profile key that makes a player a partner (docs/product.md §6.3). */
export const PARTNER_KEY = 'partner';
/** config/partners is a configuration document of each environment's store. */
export const PARTNERS_CONFIG_ID = 'config/partners';

/** A referral link's id is 'partner_{creator}' (docs/product.md §3.6). */
export const referralLinkID = (creator: string) => `partner_${creator}`;

export const PARTNER_INVITE_ID_MAX_LENGTH = 64;
export const REWARD_ID_MAX_LENGTH = 64;
export const REWARD_NAME_MAX_LENGTH = 80;
export const REWARD_MAX_TIERS = 20;
export const TIER_MAX_ITEMS = 10;
export const TIER_MAX_CREDITS = 1_000_000;
export const JOIN_MESSAGE_MAX_LENGTH = 500;
/** Partner invites one bulk call changes. */
export const PARTNER_INVITE_BULK_MAX = 500;
/** The referred players a partner sees by name. */
export const RECENT_REFERRALS = 10;
/** The latest players of each partner's claimedBy that the admin partner list names. */
export const PARTNER_LIST_CLAIMED_BY = 20;
/** A referral link is for new players: accounts at most this many days old when they join. */
export const REFERRAL_NEW_PLAYER_DAYS = 7;

export const PARTNER_MESSAGES = {
  inviteID: `Partner invite codes use lower-case letters, digits and '-' (at most ${PARTNER_INVITE_ID_MAX_LENGTH} characters).`,
  rewardID: `Reward IDs use lower-case letters, digits and '-' (at most ${REWARD_ID_MAX_LENGTH} characters).`,
  tierID: "Tier IDs use lower-case letters, digits and '-' (at most 40 characters).",
  rewardName: `A reward needs a name of at most ${REWARD_NAME_MAX_LENGTH} characters.`,
  tiers: `A reward has 1 to ${REWARD_MAX_TIERS} tiers, each with its own ID.`,
  referrals: 'A tier needs a whole number of referrals, at least 1.',
  credits: `A tier gives a whole number of credits from 0 to ${TIER_MAX_CREDITS}.`,
  tierItems: `A tier gives at most ${TIER_MAX_ITEMS} different items.`,
  joinMessage: `The join message can be at most ${JOIN_MESSAGE_MAX_LENGTH} characters.`,
  bulkIDs: `Choose 1 to ${PARTNER_INVITE_BULK_MAX} partner invites, each once.`,
  delivered: 'delivered must be true or false.',
  tierWithoutReward: 'A join reward tier needs the join reward it belongs to.',
  referralNotFound: 'This referral link does not exist or is no longer active. Check the link you were sent.',
  programmeClosed: 'The partner programme is not taking new players right now.',
  referralOwn: 'This is your own referral link: share it with new players instead.',
  alreadyReferred: 'You have already joined through a referral link; a player can be referred only once.',
  alreadyReferredHere: 'You have already joined through this referral link.',
  notANewPlayer: `Referral links are for new players: only accounts created in the last ${REFERRAL_NEW_PLAYER_DAYS} days can join through one.`,
  notAPartner: 'Only partners have a referral link. Claim a partner invite code first.',
  tierNotFound: 'Your referral reward has no tier with this ID.',
  tierAlreadyClaimed: 'You have already claimed this tier.',
  partnerInviteNotFound: 'There is no partner invite with this code. Check the code you were given.',
  partnerInviteClaimed: 'This partner invite has already been claimed.',
  alreadyPartner: 'You are already a partner; keep the code for someone else.',
  profileRequired: 'Choose a display name for your profile before you become a partner.',
  partnerInviteMissing: 'There is no partner invite with this code.',
} as const;

export const tierNotReachedMessage = (referrals: number, count: number) =>
  `This tier opens at ${referrals} referrals; you have ${count}.`;
export const partnerInviteTakenMessage = (inviteID: string) => `The partner invite code "${inviteID}" already exists.`;
export const rewardTakenMessage = (rewardID: string) => `A referral reward "${rewardID}" already exists.`;
export const unknownRewardMessage = (rewardID: string) => `There is no referral reward "${rewardID}".`;
export const unknownTierMessage = (rewardID: string, tierID: string) =>
  `The referral reward "${rewardID}" has no tier "${tierID}".`;
export const claimedPartnerInviteMessage = (inviteID: string) =>
  `The partner invite "${inviteID}" has been claimed: its code can no longer be changed or deleted.`;
export const claimedTiersMessage = (tierIDs: readonly string[]) =>
  `Partners have already claimed the tiers ${tierIDs.map((id) => `"${id}"`).join(', ')} of this reward: keep their IDs (their thresholds, credits and items can change), so nobody is paid for one tier twice.`;
export const unknownPartnerInvitesMessage = (inviteIDs: readonly string[]) =>
  `These partner invites do not exist: ${inviteIDs.map((id) => `"${id}"`).join(', ')}. Nothing was changed.`;

// ── referral-rewards ────────────────────────────────────────────────────────────────────────

export const rewardIDSchema = slug(REWARD_ID_MAX_LENGTH, PARTNER_MESSAGES.rewardID);
export const tierIDSchema = slug(40, PARTNER_MESSAGES.tierID);

/** One tier: claimable once the link's referral count reaches `referrals`. */
export const rewardTierSchema = z.object({
  tierID: tierIDSchema,
  referrals: wholeNumber(PARTNER_MESSAGES.referrals, 1, 1_000_000),
  credits: wholeNumber(PARTNER_MESSAGES.credits, 0, TIER_MAX_CREDITS),
  /** Item ids of items-master, each once. */
  items: z._default(
    z.array(itemIdSchema).check(
      z.maxLength(TIER_MAX_ITEMS, { error: PARTNER_MESSAGES.tierItems }),
      z.refine((items) => new Set(items).size === items.length, { error: PARTNER_MESSAGES.tierItems }),
    ),
    [],
  ),
});
export type RewardTier = z.output<typeof rewardTierSchema>;

/** A reward's tiers, each ID once: what an admin saves and what a stored reward is read through. */
export const rewardTiersSchema = z.array(rewardTierSchema, { error: PARTNER_MESSAGES.tiers }).check(
  z.minLength(1, { error: PARTNER_MESSAGES.tiers }),
  z.maxLength(REWARD_MAX_TIERS, { error: PARTNER_MESSAGES.tiers }),
  z.refine((tiers) => new Set(tiers.map((tier) => tier.tierID)).size === tiers.length, {
    error: PARTNER_MESSAGES.tiers,
  }),
);

/** PUT /api/admin/:env/referral-rewards/:rewardID: a reward's name and tiers, replaced whole. */
export const referralRewardInputSchema = z.object({
  name: z
    .string({ error: PARTNER_MESSAGES.rewardName })
    .check(
      z.trim(),
      z.minLength(1, { error: PARTNER_MESSAGES.rewardName }),
      z.maxLength(REWARD_NAME_MAX_LENGTH, { error: PARTNER_MESSAGES.rewardName }),
    ),
  tiers: rewardTiersSchema,
});
export type ReferralRewardInput = z.output<typeof referralRewardInputSchema>;

/** POST /api/admin/:env/referral-rewards: a new reward document. */
export const createReferralRewardInputSchema = z.extend(referralRewardInputSchema, { rewardID: rewardIDSchema });
export type CreateReferralRewardInput = z.output<typeof createReferralRewardInputSchema>;

/** A referral-rewards document (docs/product.md §3.16); tiers ordered by their referral threshold. */
export const referralRewardSchema = z.object({
  rewardID: z.string(),
  name: z.string(),
  tiers: z.array(z.object({ tierID: z.string(), referrals: z.int(), credits: z.int(), items: z.array(z.string()) })),
  updatedAt: z.string(),
});
export type ReferralReward = z.infer<typeof referralRewardSchema>;

export const referralRewardListQuerySchema = adminListQuerySchema(['rewardID', 'updatedAt'] as const, {}, 'asc');
export type ReferralRewardListQuery = z.infer<typeof referralRewardListQuerySchema>;
export const referralRewardListPageSchema = adminListPageSchema(referralRewardSchema);
export const referralRewardParamsSchema = z.object({ env: environmentSchema, rewardID: rewardIDSchema });

// ── config/partners ─────────────────────────────────────────────────────────────────────────

export const partnersConfigSchema = z.object({
  /** When false, nobody joins through a referral link. */
  programmeOpen: z.boolean({ error: 'programmeOpen must be true or false.' }),
  /** The reward of a link created on demand (a partner invite may name another). */
  defaultRewardID: rewardIDSchema,
  /** Shown on the /join page under the partner's name. */
  joinMessage: z
    .string({ error: PARTNER_MESSAGES.joinMessage })
    .check(z.trim(), z.maxLength(JOIN_MESSAGE_MAX_LENGTH, { error: PARTNER_MESSAGES.joinMessage })),
});
export type PartnersConfig = z.infer<typeof partnersConfigSchema>;

export const DEFAULT_PARTNERS_CONFIG: PartnersConfig = {
  programmeOpen: true,
  defaultRewardID: DEFAULT_PARTNER_REWARD_ID,
  joinMessage: 'Join the resistance: build your base, meet the crew and explore the world with us.',
};

// ── Referral links: the player's side ───────────────────────────────────────────────────────

export const referralIDSchema = z
  .string({ error: PARTNER_MESSAGES.referralNotFound })
  .check(z.minLength(1), z.maxLength(64), z.regex(/^[a-z0-9]+$/, { error: PARTNER_MESSAGES.referralNotFound }));
export const referralParamsSchema = z.object({ referralID: referralIDSchema });
export const tierParamsSchema = z.object({ tierID: tierIDSchema });

/** `details.code` of each refused join, tier claim or partner invite claim. */
export type PartnerRefusal =
  | 'referral-not-found'
  | 'programme-closed'
  | 'referral-own'
  | 'already-referred'
  | 'not-a-new-player'
  | 'not-a-partner'
  | 'tier-not-found'
  | 'tier-not-reached'
  | 'tier-already-claimed'
  | 'partner-invite-not-found'
  | 'partner-invite-claimed'
  | 'already-partner'
  | 'profile-required';

/**
 * GET /api/referrals/:referralID (public): what the /join page shows, and for a signed-in viewer
 * whether they can join through it.
 */
export const referralLandingSchema = z.object({
  referralID: z.string(),
  partnerDisplayName: z.string(),
  joinMessage: z.string(),
  programmeOpen: z.boolean(),
  /**
   * null for a visitor. 'not-new': the account is older than REFERRAL_NEW_PLAYER_DAYS days, so
   * joining would be refused with 'not-a-new-player'.
   */
  viewer: z.nullable(z.enum(['can-join', 'own-link', 'joined-here', 'joined-elsewhere', 'not-new'])),
});
export type ReferralLanding = z.infer<typeof referralLandingSchema>;

/** POST /api/account/referrals/:referralID/join, no body. */
export const referralJoinSchema = z.object({
  referralID: z.string(),
  partnerDisplayName: z.string(),
  joined: z.string(),
});
export type ReferralJoin = z.infer<typeof referralJoinSchema>;

const tierStateSchema = z.object({
  tierID: z.string(),
  referrals: z.int(),
  credits: z.int(),
  items: z.array(z.object({ itemID: z.string(), name: z.string() })),
  state: z.enum(['locked', 'claimable', 'claimed']),
  claimedAt: z.nullable(z.string()),
});
export type TierState = z.infer<typeof tierStateSchema>;

/** A referral link (docs/product.md §3.6), claimedBy as the count of players who joined through it. */
export const referralLinkSchema = z.object({
  linkID: z.string(),
  creator: z.string(),
  type: z.literal(REFERRAL_LINK_TYPE),
  referralID: z.string(),
  rewardID: z.string(),
  created: z.string(),
  referralCount: z.int(),
  /** The tier ids claimed, in claim order. */
  rewardTierClaims: z.array(z.string()),
});
export type ReferralLink = z.infer<typeof referralLinkSchema>;

/** GET /api/account/referral-link: the partner's link (created on demand), tiers and latest referrals. */
export const accountReferralSchema = z.discriminatedUnion('partner', [
  z.object({ partner: z.literal(false) }),
  z.object({
    partner: z.literal(true),
    link: referralLinkSchema,
    /** The reward's name, or null when the reward it names was never written. */
    rewardName: z.nullable(z.string()),
    tiers: z.array(tierStateSchema),
    recentReferrals: z.array(z.object({ displayName: z.string(), joined: z.string() })),
  }),
]);
export type AccountReferral = z.infer<typeof accountReferralSchema>;

/** POST /api/account/referral-link/tiers/:tierID/claim, no body. */
export const tierClaimSchema = z.object({
  tierID: z.string(),
  credits: z.int(),
  items: z.array(z.string()),
  claimedAt: z.string(),
});
export type TierClaim = z.infer<typeof tierClaimSchema>;

export const partnerInviteParamsSchema = z.object({
  inviteID: slug(PARTNER_INVITE_ID_MAX_LENGTH, PARTNER_MESSAGES.inviteID),
});

/** POST /api/account/partner-invites/:inviteID/claim, no body: the player is now a partner. */
export const partnerInviteClaimSchema = z.object({
  inviteID: z.string(),
  referralID: z.string(),
  /** The join reward credited now, or null when the invite names none. */
  joinReward: z.nullable(z.object({ credits: z.int(), items: z.array(z.string()) })),
});
export type PartnerInviteClaim = z.infer<typeof partnerInviteClaimSchema>;

// ── Back office ─────────────────────────────────────────────────────────────────────────────

/** A partner invite (docs/product.md §3.7). */
export const partnerInviteSchema = z.object({
  inviteID: z.string(),
  /** The referral-rewards document whose tier `rewardTierID` the claimer gets on claiming, or null. */
  joinRewardID: z.nullable(z.string()),
  /** The reward the claimer's referral link names, or null for config/partners' default. */
  referralRewardID: z.nullable(z.string()),
  rewardTierID: z.nullable(z.string()),
  claimed: z.boolean(),
  claimedBy: z.nullable(z.string()),
  created: z.string(),
  delivered: z.boolean(),
});
export type PartnerInvite = z.infer<typeof partnerInviteSchema>;

const optionalRewardID = z._default(z.nullable(rewardIDSchema), null);
const optionalTierID = z._default(z.nullable(tierIDSchema), null);
const inviteFields = {
  joinRewardID: optionalRewardID,
  referralRewardID: optionalRewardID,
  rewardTierID: optionalTierID,
};
const tierNeedsReward = z.refine<{ joinRewardID: string | null; rewardTierID: string | null }>(
  (invite) => (invite.joinRewardID === null) === (invite.rewardTierID === null),
  { error: PARTNER_MESSAGES.tierWithoutReward },
);

/** POST /api/admin/:env/partner-invites: created unclaimed and undelivered; a random code when none is given. */
export const createPartnerInviteInputSchema = z
  .object({ inviteID: z.optional(partnerInviteParamsSchema.shape.inviteID), ...inviteFields })
  .check(tierNeedsReward);
export type CreatePartnerInvite = z.output<typeof createPartnerInviteInputSchema>;

/** PUT /api/admin/:env/partner-invites/:inviteID: its rewards, and its code when `inviteID` differs. */
export const updatePartnerInviteInputSchema = z
  .object({ inviteID: partnerInviteParamsSchema.shape.inviteID, ...inviteFields })
  .check(tierNeedsReward);
export type UpdatePartnerInvite = z.output<typeof updatePartnerInviteInputSchema>;

export const partnerInviteAdminParamsSchema = z.extend(partnerInviteParamsSchema, { env: environmentSchema });

const bulkIDs = z.array(partnerInviteParamsSchema.shape.inviteID, { error: PARTNER_MESSAGES.bulkIDs }).check(
  z.minLength(1, { error: PARTNER_MESSAGES.bulkIDs }),
  z.maxLength(PARTNER_INVITE_BULK_MAX, { error: PARTNER_MESSAGES.bulkIDs }),
  z.refine((ids) => new Set(ids).size === ids.length, { error: PARTNER_MESSAGES.bulkIDs }),
);

/** POST /api/admin/:env/partner-invites/delivered: all or none. */
export const markDeliveredInputSchema = z.object({
  inviteIDs: bulkIDs,
  delivered: z.boolean({ error: PARTNER_MESSAGES.delivered }),
});
export const markDeliveredSchema = z.object({ updated: z.array(z.string()) });

/** POST /api/admin/:env/partner-invites/delete-undelivered: the undelivered unclaimed go, the others stay. */
export const deleteUndeliveredInputSchema = z.object({ inviteIDs: bulkIDs });
export const deleteUndeliveredSchema = z.object({
  deleted: z.array(z.string()),
  /** Delivered or claimed ones, kept: someone holds their code, or a partner claimed it. */
  kept: z.array(z.string()),
});
export type DeleteUndelivered = z.infer<typeof deleteUndeliveredSchema>;

export const deletedPartnerInviteSchema = z.object({ inviteID: z.string() });

export const partnerInviteListQuerySchema = adminListQuerySchema(['created', 'inviteID'] as const, {
  delivered: booleanQuery('delivered'),
  claimed: booleanQuery('claimed'),
});
export type PartnerInviteListQuery = z.infer<typeof partnerInviteListQuerySchema>;
/** A row of the partner invite list: the player of `claimedBy` named. */
export const adminPartnerInviteSchema = z.extend(partnerInviteSchema, { claimer: z.nullable(personSchema) });
export type AdminPartnerInvite = z.infer<typeof adminPartnerInviteSchema>;
export const partnerInviteListPageSchema = adminListPageSchema(adminPartnerInviteSchema);

/** A player listed as a partner (docs/product.md §6.3), with their link in the environment, if they have one yet. */
export const partnerSchema = z.object({
  userID: z.string(),
  displayName: z.string(),
  email: z.string(),
  referralID: z.nullable(z.string()),
  rewardID: z.nullable(z.string()),
  referralCount: z.int(),
  /**
   * claimedBy (docs/product.md §3.6): the latest PARTNER_LIST_CLAIMED_BY players who joined through the
   * link, newest first.
   */
  claimedBy: z.array(personSchema),
  /** The tiers claimed of the reward the link names now. */
  rewardTierClaims: z.array(z.string()),
});
export type Partner = z.infer<typeof partnerSchema>;

export const partnerListQuerySchema = adminListQuerySchema(['displayName', 'created'] as const, {}, 'asc');
export type PartnerListQuery = z.infer<typeof partnerListQuerySchema>;
export const partnerListPageSchema = adminListPageSchema(partnerSchema);
