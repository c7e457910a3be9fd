import { z } from 'zod/mini';
import type { Environment } from './environments';
import { wholeNumber } from './fields';
import { USER_ID_MAX_LENGTH } from './identity';
import { itemIdSchema } from './items';

/**
 * Reward distribution (spec §7 `{env}-admin-distributereward`, issue 12 point 9): an admin gives
 * credits and items of items-master to a list of players, with a reason. A reward is named by its
 * requestID: sending it again (a retry, a double click, concurrent repeats) gives nothing twice.
 * Recipients are user ids only: no audience ('all players', 'beta players') is offered, since a
 * call is capped at REWARD_MAX_RECIPIENTS and the beta programme's data is not there yet.
 */

/** Players one call may reward; a larger list is sent in several calls, each with its own requestID. */
export const REWARD_MAX_RECIPIENTS = 500;
export const REWARD_MAX_CREDITS = 1_000_000;
export const REWARD_MAX_ITEMS = 50;
export const REWARD_MAX_ITEM_QUANTITY = 100;
export const REWARD_REASON_MAX_LENGTH = 200;
export const REWARD_REQUEST_ID_MAX_LENGTH = 100;

export const REWARD_MESSAGES = {
  requestID: `requestID names this reward so a retry gives nothing twice: 1 to ${REWARD_REQUEST_ID_MAX_LENGTH} letters, digits, '.', '_' or '-'.`,
  userIDs: `Give the user IDs of 1 to ${REWARD_MAX_RECIPIENTS} players; send a longer list in several rewards.`,
  userID: 'A user ID cannot be empty.',
  userIDsUnique: 'Each player may appear once in a reward.',
  credits: `Credits must be a whole number from 0 to ${REWARD_MAX_CREDITS.toLocaleString('en-US')}.`,
  items: `A reward can give at most ${REWARD_MAX_ITEMS} different items.`,
  quantity: `An item's quantity must be a whole number from 1 to ${REWARD_MAX_ITEM_QUANTITY}.`,
  itemsUnique: 'List each item once, with its quantity.',
  reasonRequired: 'Say why the players get this reward.',
  reasonTooLong: `A reason can be at most ${REWARD_REASON_MAX_LENGTH} characters.`,
  nothingToGive: 'A reward must give credits, at least one item, or both.',
} as const;

/** Spec §7: the callable's name, one per environment. */
export const distributeRewardCallableName = (environment: Environment) =>
  `${environment}-admin-distributereward` as const;

export const unknownUsersMessage = (userIDs: readonly string[]) =>
  `${userIDs.length === 1 ? 'This player does' : 'These players do'} not exist: ${userIDs.map((id) => `"${id}"`).join(', ')}. Nothing was given.`;

/** The admin-log action of a distribution; the reward screen links to the log filtered by it. */
export const REWARD_ADMIN_ACTION = 'reward.distribute';

/** A requestID sent again with other credits, items or reason: a new reward needs a new id. */
export const rewardRequestReusedMessage = (requestID: string, distributedAt: string) =>
  `The request ID "${requestID}" was used on ${distributedAt} for a different reward (other credits, items or reason). Use a new request ID for a new reward.`;
/** `details.code` of that refusal (409). */
export const REQUEST_REUSED_CODE = 'request-reused';

export const rewardItemSchema = z.object({
  itemID: itemIdSchema,
  quantity: z._default(wholeNumber(REWARD_MESSAGES.quantity, 1, REWARD_MAX_ITEM_QUANTITY), 1),
});
export type RewardItem = z.output<typeof rewardItemSchema>;

/** The callable's `data`: the reward data of spec §3's admin log entry. */
export const distributeRewardInputSchema = z
  .object({
    requestID: z.string({ error: REWARD_MESSAGES.requestID }).check(
      z.trim(),
      z.regex(new RegExp(`^[A-Za-z0-9._-]{1,${REWARD_REQUEST_ID_MAX_LENGTH}}$`), {
        error: REWARD_MESSAGES.requestID,
      }),
    ),
    userIDs: z
      .array(
        z
          .string({ error: REWARD_MESSAGES.userID })
          .check(
            z.trim(),
            z.minLength(1, { error: REWARD_MESSAGES.userID }),
            z.maxLength(USER_ID_MAX_LENGTH, { error: REWARD_MESSAGES.userID }),
          ),
        { error: REWARD_MESSAGES.userIDs },
      )
      .check(
        z.minLength(1, { error: REWARD_MESSAGES.userIDs }),
        z.maxLength(REWARD_MAX_RECIPIENTS, { error: REWARD_MESSAGES.userIDs }),
        z.refine((ids) => new Set(ids).size === ids.length, { error: REWARD_MESSAGES.userIDsUnique }),
      ),
    credits: z._default(wholeNumber(REWARD_MESSAGES.credits, 0, REWARD_MAX_CREDITS), 0),
    items: z._default(
      z.array(rewardItemSchema, { error: REWARD_MESSAGES.items }).check(
        z.maxLength(REWARD_MAX_ITEMS, { error: REWARD_MESSAGES.items }),
        z.refine((items) => new Set(items.map((item) => item.itemID)).size === items.length, {
          error: REWARD_MESSAGES.itemsUnique,
        }),
      ),
      [],
    ),
    reason: z
      .string({ error: REWARD_MESSAGES.reasonRequired })
      .check(
        z.trim(),
        z.minLength(1, { error: REWARD_MESSAGES.reasonRequired }),
        z.maxLength(REWARD_REASON_MAX_LENGTH, { error: REWARD_MESSAGES.reasonTooLong }),
      ),
  })
  .check(
    z.refine((input) => input.credits > 0 || input.items.length > 0, {
      error: REWARD_MESSAGES.nothingToGive,
      path: ['credits'],
    }),
  );
export type DistributeRewardInput = z.input<typeof distributeRewardInputSchema>;
export type RewardRequest = z.output<typeof distributeRewardInputSchema>;

/**
 * What a distribution answers: the reward (as first distributed under this requestID) and to whom
 * it went. Each player in `given` received `credits` and `items` with this call; each in
 * `alreadyGiven` had received them from an earlier call with the same requestID, and got nothing now.
 */
export const distributeRewardResultSchema = z.object({
  requestID: z.string(),
  reason: z.string(),
  credits: z.int(),
  items: z.array(z.object({ itemID: z.string(), quantity: z.int() })),
  /** When and by which admin this requestID was first distributed (ISO 8601, user id). */
  distributedAt: z.string(),
  distributedBy: z.string(),
  given: z.array(z.string()),
  alreadyGiven: z.array(z.string()),
});
export type DistributeRewardResult = z.infer<typeof distributeRewardResultSchema>;
