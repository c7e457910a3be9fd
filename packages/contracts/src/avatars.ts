import { z } from 'zod/mini';
import { slug } from './fields';
import { idempotencyKeyField } from './idempotency';
import { USER_ID_MAX_LENGTH } from './identity';

/**
 * Avatars players claim (docs/product.md §1.1; create-avatar-experience with its claimedBy, §3.16; claim-avatar,
 * §7.1): each avatar is claimed at most once per player, and counts its claims.
 */

export const AVATAR_ID_MAX_LENGTH = 64;

export const AVATAR_MESSAGES = {
  avatarID: `Avatar IDs use lower-case letters, digits and '-' (at most ${AVATAR_ID_MAX_LENGTH} characters).`,
  userID: 'userID must be the id of your account.',
  notYours: 'You can only claim avatars for your own account.',
  notFound: 'There is no avatar with this ID.',
  claimed: 'Avatar claimed! It is waiting for you in the game.',
  alreadyClaimed: 'You have already claimed this avatar.',
} as const;

export const avatarIDSchema = slug(AVATAR_ID_MAX_LENGTH, AVATAR_MESSAGES.avatarID);

/** GET /api/fn/claim-avatar (docs/product.md §7.1): query avatarID and userID, which must be the caller's own. */
export const claimAvatarQuerySchema = z.object({
  avatarID: avatarIDSchema,
  userID: z
    .string({ error: AVATAR_MESSAGES.userID })
    .check(
      z.trim(),
      z.minLength(1, { error: AVATAR_MESSAGES.userID }),
      z.maxLength(USER_ID_MAX_LENGTH, { error: AVATAR_MESSAGES.userID }),
    ),
  ...idempotencyKeyField,
});

/**
 * claim-avatar's answer (JSON, 200), the same shape for a repeat: `newlyClaimed` false and the
 * message say the avatar was already this player's, and nothing was written, so a retry is harmless.
 */
export const avatarClaimSchema = z.object({
  avatarID: z.string(),
  userID: z.string(),
  /** ISO 8601: when this player first claimed it. */
  claimedAt: z.string(),
  newlyClaimed: z.boolean(),
  /** The avatar's claims, this one included. */
  claimedCount: z.number(),
  message: z.string(),
});
export type AvatarClaim = z.infer<typeof avatarClaimSchema>;

/** An avatar as a viewer sees it: with when they claimed it, or null (always null for a visitor). */
export const avatarSchema = z.object({
  avatarID: z.string(),
  name: z.string(),
  description: z.string(),
  /** ISO 8601. */
  created: z.string(),
  claimedCount: z.number(),
  claimedAt: z.nullable(z.string()),
});
export type Avatar = z.infer<typeof avatarSchema>;

/** GET /api/avatars: every avatar, oldest first. */
export const avatarListSchema = z.object({ avatars: z.array(avatarSchema) });
export type AvatarList = z.infer<typeof avatarListSchema>;
