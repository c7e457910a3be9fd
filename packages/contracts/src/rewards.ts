import { z } from 'zod/mini';
import { adminListPageSchema, adminListQuerySchema } from './admin-list';
import { type Environment, environmentSchema } from './environments';
import { wholeNumber } from './fields';
import { USER_ID_MAX_LENGTH } from './identity';
import { itemIdSchema } from './items';
import { personSchema } from './people';
import { SEGMENT_ID_MAX } from './segments/schemas';

/**
 * Reward distribution (docs/product.md §7.6 `{env}-admin-distributereward`): an admin gives
 * credits and items of items-master to a list of players or to an audience, with a reason. A
 * reward is named by its requestID: sending it again (a retry, a double click, concurrent repeats)
 * gives nothing twice. Audiences are the bounded groups Outpost keeps data for, given in the
 * call; 'everyone' would outgrow one call's REWARD_MAX_RECIPIENTS, so the call records it and a
 * background job gives it in batches. Outpost's own `segmentID` names a segment instead (segments/schemas.ts),
 * its players found at the send and bounded as an audience's are.
 */

/** Players one call may reward; a larger list is sent in several calls, each with its own requestID. */
export const REWARD_MAX_RECIPIENTS = 500;

/**
 * The audiences a reward may go to, resolved by the server when it is sent: 'beta-testers' are
 * the players whose beta request in the environment is accepted, 'partners' the accounts whose
 * keys include 'partner'.
 */
export const REWARD_AUDIENCES = ['beta-testers', 'partners'] as const;
export type RewardAudience = (typeof REWARD_AUDIENCES)[number];

/** How the screens and messages name each audience. */
export const REWARD_AUDIENCE_LABELS: Record<RewardAudience, string> = {
  'beta-testers': 'Beta testers',
  partners: 'Partners',
};

/** Who each audience is, in the screen's words. */
export const REWARD_AUDIENCE_DESCRIPTIONS: Record<RewardAudience, string> = {
  'beta-testers': 'Players whose beta request in this environment is accepted.',
  partners: "Players with the 'partner' key.",
};

/**
 * Every player account of the environment: given by a background job in batches, not by the call,
 * which answers at once with the distribution's state.
 */
export const REWARD_EVERYONE = 'everyone';
export type RewardEveryone = typeof REWARD_EVERYONE;
/** Whom a request may name besides userIDs: an audience, or everyone. */
export const REWARD_REQUEST_AUDIENCES = [...REWARD_AUDIENCES, REWARD_EVERYONE] as const;
export type RewardRequestAudience = (typeof REWARD_REQUEST_AUDIENCES)[number];

const audienceList = REWARD_REQUEST_AUDIENCES.map((audience) => `'${audience}'`).join(' or ');
export const REWARD_MAX_CREDITS = 1_000_000;
export const REWARD_MAX_ITEMS = 50;
export const REWARD_MAX_ITEM_QUANTITY = 100;
export const REWARD_REASON_MAX_LENGTH = 200;
export const REWARD_REQUEST_ID_MAX_LENGTH = 100;
/** How far ahead a reward to everyone may be scheduled, as a push may (push-messages.ts). */
export const REWARD_MAX_SCHEDULE_DAYS = 90;

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
  audience: `audience must be ${audienceList}.`,
  segmentID: 'Choose the segment the reward goes to.',
  noRecipients: `Say who gets the reward: userIDs (1 to ${REWARD_MAX_RECIPIENTS} players), an audience (${audienceList}) or a segmentID.`,
  bothRecipients: 'Give userIDs, an audience or a segment, one of them.',
  sendAt: 'sendAt must be when to give the reward, a date and time in ISO 8601 with a time zone.',
  sendAtPast: 'That time has passed: choose a time still to come, or send the reward now.',
  sendAtTooFar: `A reward may be scheduled at most ${REWARD_MAX_SCHEDULE_DAYS} days ahead.`,
} as const;

/** The callable's name, one per environment (docs/product.md §7.6). */
export const distributeRewardCallableName = (environment: Environment) =>
  `${environment}-admin-distributereward` as const;

export const unknownUsersMessage = (userIDs: readonly string[]) =>
  `${userIDs.length === 1 ? 'This player does' : 'These players do'} not exist: ${userIDs.map((id) => `"${id}"`).join(', ')}. Nothing was given.`;

/** How the messages name a segment a reward goes to. */
const segmentLabel = (name: string) => `The segment “${name}”`;

const emptyMessage = (label: string, kind: 'audience' | 'segment', environment: Environment) =>
  `${label}: nobody is in this ${kind} in ${environment} yet. Nothing was given.`;

const tooLargeMessage = (label: string, kind: 'audience' | 'segment', environment: Environment, size: number) =>
  `${label}: this ${kind} has ${size.toLocaleString('en-US')} players in ${environment}, more than the ${REWARD_MAX_RECIPIENTS} one reward may reach. Nothing was given; send it to chosen players instead, at most ${REWARD_MAX_RECIPIENTS} per reward.`;

/** An audience with nobody in it when the reward is sent (400). */
export const emptyAudienceMessage = (audience: RewardAudience, environment: Environment) =>
  emptyMessage(REWARD_AUDIENCE_LABELS[audience], 'audience', environment);

/** An audience larger than one call may reward (400): nobody gets anything, not even a part of it. */
export const audienceTooLargeMessage = (audience: RewardAudience, environment: Environment, size: number) =>
  tooLargeMessage(REWARD_AUDIENCE_LABELS[audience], 'audience', environment, size);

/** A segment with nobody in it when the reward is sent (400), by its name. */
export const emptySegmentMessage = (name: string, environment: Environment) =>
  emptyMessage(segmentLabel(name), 'segment', environment);

/** A segment larger than one call may reward (400), by its name: nobody gets anything. */
export const segmentTooLargeMessage = (name: string, environment: Environment, size: number) =>
  tooLargeMessage(segmentLabel(name), 'segment', environment, size);

/** A segmentID no segment of the environment has (400): deleted, or never made. */
export const unknownSegmentMessage = (segmentID: string, environment: Environment) =>
  `There is no segment "${segmentID}" in ${environment}: it may have been deleted. Nothing was given.`;

/** The admin-log action of a distribution; the reward screen links to the log filtered by it. */
export const REWARD_ADMIN_ACTION = 'reward.distribute';

/** A requestID sent again with other credits, items or reason: a new reward needs a new id. */
export const rewardRequestReusedMessage = (requestID: string, distributedAt: string) =>
  `The request ID "${requestID}" was used on ${distributedAt} for a different reward (other credits, items or reason). Use a new request ID for a new reward.`;
/** `details.code` of that refusal (409). */
export const REQUEST_REUSED_CODE = 'request-reused';

/** Sends of one requestID racing each other so long that this one gave up (409); nothing was given by it. */
export const rewardSendRacedMessage = (requestID: string) =>
  `Other sends of the request ID "${requestID}" were reaching the same players at the same time, so this one gave nothing. Send it again: nobody gets the reward twice.`;

/** How many of the ways to name recipients a request uses: exactly one is valid. */
const recipientsNamed = (input: { userIDs?: unknown; audience?: unknown; segmentID?: unknown }) =>
  [input.userIDs, input.audience, input.segmentID].filter((named) => named !== undefined).length;

export const rewardItemSchema = z.object({
  itemID: itemIdSchema,
  quantity: z._default(wholeNumber(REWARD_MESSAGES.quantity, 1, REWARD_MAX_ITEM_QUANTITY), 1),
});
export type RewardItem = z.output<typeof rewardItemSchema>;

/** What a reward is named by and gives, whoever it goes to: the callable's fields and a scheduled reward's. */
const requestIDField = z.string({ error: REWARD_MESSAGES.requestID }).check(
  z.trim(),
  z.regex(new RegExp(`^[A-Za-z0-9._-]{1,${REWARD_REQUEST_ID_MAX_LENGTH}}$`), {
    error: REWARD_MESSAGES.requestID,
  }),
);
const creditsField = z._default(wholeNumber(REWARD_MESSAGES.credits, 0, REWARD_MAX_CREDITS), 0);
const itemsField = z._default(
  z.array(rewardItemSchema, { error: REWARD_MESSAGES.items }).check(
    z.maxLength(REWARD_MAX_ITEMS, { error: REWARD_MESSAGES.items }),
    z.refine((items) => new Set(items.map((item) => item.itemID)).size === items.length, {
      error: REWARD_MESSAGES.itemsUnique,
    }),
  ),
  [],
);
const reasonField = z
  .string({ error: REWARD_MESSAGES.reasonRequired })
  .check(
    z.trim(),
    z.minLength(1, { error: REWARD_MESSAGES.reasonRequired }),
    z.maxLength(REWARD_REASON_MAX_LENGTH, { error: REWARD_MESSAGES.reasonTooLong }),
  );
const givesSomething = z.refine<{ credits: number; items: readonly unknown[] }>(
  (input) => input.credits > 0 || input.items.length > 0,
  { error: REWARD_MESSAGES.nothingToGive, path: ['credits'] },
);

/**
 * The callable's `data`: the reward data of docs/product.md §3.10's admin log entry, for userIDs, an audience
 * or a segment. A segmentID is checked against the environment's segments when the reward is sent.
 */
export const distributeRewardInputSchema = z
  .object({
    requestID: requestIDField,
    userIDs: z.optional(
      z
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
    ),
    audience: z.optional(z.enum(REWARD_REQUEST_AUDIENCES, { error: REWARD_MESSAGES.audience })),
    segmentID: z.optional(
      z
        .string({ error: REWARD_MESSAGES.segmentID })
        .check(
          z.trim(),
          z.minLength(1, { error: REWARD_MESSAGES.segmentID }),
          z.maxLength(SEGMENT_ID_MAX, { error: REWARD_MESSAGES.segmentID }),
        ),
    ),
    credits: creditsField,
    items: itemsField,
    reason: reasonField,
  })
  .check(
    z.refine((input) => recipientsNamed(input) > 0, { error: REWARD_MESSAGES.noRecipients }),
    z.refine((input) => recipientsNamed(input) < 2, { error: REWARD_MESSAGES.bothRecipients }),
    givesSomething,
  );
export type DistributeRewardInput = z.input<typeof distributeRewardInputSchema>;
export type RewardRequest = z.output<typeof distributeRewardInputSchema>;

/** The segment a reward went to: its ID and its name when the reward was sent. */
export const rewardSegmentSchema = z.object({ segmentID: z.string(), name: z.string() });
export type RewardSegment = z.infer<typeof rewardSegmentSchema>;

/** An item a reward gives, and how many of it. */
const givenItemSchema = z.object({ itemID: z.string(), quantity: z.int() });
/** The same, with the item's name from items-master: what the screens show. */
export const namedRewardItemSchema = z.extend(givenItemSchema, { name: z.string() });
export type NamedRewardItem = z.infer<typeof namedRewardItemSchema>;

/**
 * What a distribution answers: the reward (as first distributed under this requestID) and to whom
 * it went. Each player in `given` received `credits` and `items` with this call; each in
 * `alreadyGiven` had received them from an earlier call with the same requestID, and got nothing
 * now. `audience` is the audience this call named and `segment` the segment, with its name at the send
 * (the members of either as the server found them are `given` and `alreadyGiven`); both are null for a
 * call naming userIDs.
 */
export const distributeRewardRecordSchema = z.object({
  requestID: z.string(),
  reason: z.string(),
  credits: z.int(),
  items: z.array(givenItemSchema),
  /** When and by which admin this requestID was first distributed (ISO 8601, user id). */
  distributedAt: z.string(),
  distributedBy: z.string(),
  audience: z.nullable(z.enum(REWARD_AUDIENCES)),
  segment: z.nullable(rewardSegmentSchema),
  given: z.array(z.string()),
  alreadyGiven: z.array(z.string()),
});
export type DistributeRewardRecord = z.infer<typeof distributeRewardRecordSchema>;

/**
 * The distribution as the callable answers it: the record, its items named and the people it names as people.
 * `recipients` are the players of `given` and `alreadyGiven` for a call naming userIDs, none for an audience
 * or a segment (counted, not named: it may be hundreds).
 */
export const distributeRewardResultSchema = z.extend(distributeRewardRecordSchema, {
  items: z.array(namedRewardItemSchema),
  distributor: personSchema,
  recipients: z.array(personSchema),
});
export type DistributeRewardResult = z.infer<typeof distributeRewardResultSchema>;

/*
 * 'everyone': the call appends its admin-log entry, records the distribution and queues its job;
 * the job walks the accounts in batches of REWARD_MAX_RECIPIENTS, ordered by id, each batch's
 * grants and the distribution's checkpoint committed together, so a run taken over after a crash
 * goes on where the last batch ended and nobody gets the reward twice.
 */

/**
 * scheduled: waiting for its time (sendAt), Outpost's own (the reward screen and the calendar); queued: waiting
 * for the job; running: batches under way; done: every player reached; failed: given up (send it again to
 * resume); cancelled: called off while scheduled, nothing given.
 */
export const EVERYONE_REWARD_STATES = ['scheduled', 'queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type EveryoneRewardState = (typeof EVERYONE_REWARD_STATES)[number];
/** The states of one the callable sent: what its answer says (a scheduled one's requestID is refused there). */
export const SENT_EVERYONE_REWARD_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type SentEveryoneRewardState = (typeof SENT_EVERYONE_REWARD_STATES)[number];

export const EVERYONE_REWARD_STATE_LABELS: Record<EveryoneRewardState, string> = {
  scheduled: 'Scheduled',
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** The screen's name for everyone in an environment. */
export const everyoneLabel = (environment: Environment) => `Everyone in ${environment}`;

/** One 'everyone' distribution: the reward, its state and how far its job has got. */
export const everyoneRewardRecordSchema = z.object({
  requestID: z.string(),
  reason: z.string(),
  credits: z.int(),
  items: z.array(givenItemSchema),
  distributedAt: z.string(),
  distributedBy: z.string(),
  state: z.enum(SENT_EVERYONE_REWARD_STATES),
  /** The players counted when it was sent (a scheduled one: when its time came; 0 before): about how many the job will reach. */
  playersAtSend: z.int(),
  /** The players it has given the reward to so far. */
  reached: z.int(),
  startedAt: z.nullable(z.string()),
  finishedAt: z.nullable(z.string()),
  /** Why it failed, when it did. */
  lastError: z.nullable(z.string()),
});
export type EveryoneRewardRecord = z.infer<typeof everyoneRewardRecordSchema>;

/** One 'everyone' distribution as the screens show it: its items named, who sent it as a person. */
export const everyoneRewardSchema = z.extend(everyoneRewardRecordSchema, {
  items: z.array(namedRewardItemSchema),
  distributor: personSchema,
});
export type EveryoneReward = z.infer<typeof everyoneRewardSchema>;

/** The call's answer for 'everyone': the distribution as it stands (queued, or further when sent again). */
export const everyoneRewardResultSchema = z.extend(everyoneRewardSchema, { audience: z.literal(REWARD_EVERYONE) });
export type EveryoneRewardResult = z.infer<typeof everyoneRewardResultSchema>;
export type EveryoneRewardRecordResult = EveryoneRewardRecord & { audience: typeof REWARD_EVERYONE };

/** What the callable answers: who got the reward (userIDs, an audience, a segment), or the queued distribution (everyone). */
export const distributeRewardAnswerSchema = z.union([distributeRewardResultSchema, everyoneRewardResultSchema]);
export type DistributeRewardAnswer = z.infer<typeof distributeRewardAnswerSchema>;

/**
 * A reward to everyone as the reward screen and the calendar list it: any state, scheduled and cancelled among
 * them, and when it goes or went (`sendAt`: the time it was scheduled for, or its send for one sent at once).
 */
export const everyoneRewardRunSchema = z.extend(everyoneRewardSchema, {
  state: z.enum(EVERYONE_REWARD_STATES),
  sendAt: z.string(),
});
export type EveryoneRewardRun = z.infer<typeof everyoneRewardRunSchema>;
/** The same before its items are named and its sender is a person: what the server reads. */
export type EveryoneRewardRunRecord = Omit<EveryoneRewardRecord, 'state'> & {
  state: EveryoneRewardState;
  sendAt: string;
};

/** GET /api/admin/:env/rewards/everyone: the 'everyone' distributions, newest first (the admin list protocol). */
/** Listed by when each one goes (`sendAt`, the list's When), not by when it was recorded: a reward scheduled for next week sorts after today's. */
export const everyoneRewardListQuerySchema = adminListQuerySchema(['sendAt'] as const, {});
export const everyoneRewardPageSchema = adminListPageSchema(everyoneRewardRunSchema);
export type EveryoneRewardPage = z.infer<typeof everyoneRewardPageSchema>;

const sendAtField = z.iso.datetime({ offset: true, error: REWARD_MESSAGES.sendAt });

/**
 * POST /api/admin/:env/rewards/everyone/schedule: a reward to everyone given at `sendAt` (Outpost's own; the
 * callable sends at once). Its requestID names it as the callable's does: sent again, it is the same reward.
 * Its players are counted when its time comes.
 */
export const scheduleEveryoneRewardInputSchema = z
  .object({
    requestID: requestIDField,
    credits: creditsField,
    items: itemsField,
    reason: reasonField,
    sendAt: sendAtField,
  })
  .check(givesSomething);
export type ScheduleEveryoneRewardInput = z.input<typeof scheduleEveryoneRewardInputSchema>;

/** POST /api/admin/:env/rewards/everyone/:requestID/reschedule: the new time of a scheduled one. */
export const rescheduleEveryoneRewardInputSchema = z.object({ sendAt: sendAtField });

/** The path of one reward to everyone. */
export const everyoneRewardParamsSchema = z.object({
  env: environmentSchema,
  requestID: z.string().check(z.minLength(1), z.maxLength(REWARD_REQUEST_ID_MAX_LENGTH)),
});

const DAY_MS = 86_400_000;

/** What is wrong with `at` as a scheduled reward's time, or null: still to come, at most REWARD_MAX_SCHEDULE_DAYS ahead. */
export function rewardSendAtProblem(at: Date, now: Date): string | null {
  if (at.getTime() <= now.getTime()) return REWARD_MESSAGES.sendAtPast;
  if (at.getTime() > now.getTime() + REWARD_MAX_SCHEDULE_DAYS * DAY_MS) return REWARD_MESSAGES.sendAtTooFar;
  return null;
}

/** A reschedule or cancel of one that is no longer scheduled (409): its job has started it, it ended, or it was cancelled. */
export const rewardNotScheduledMessage = (operation: 'reschedule' | 'cancel') =>
  `Only a scheduled reward can be ${operation === 'cancel' ? 'cancelled' : 'rescheduled'}: this one has started, ended or was cancelled.`;

/** A requestID no reward to everyone of the environment has (404). */
export const unknownEveryoneRewardMessage = (requestID: string, environment: Environment) =>
  `There is no reward to everyone "${requestID}" in ${environment}.`;

/** The callable sent a requestID that names a scheduled or cancelled reward (409): nothing was given. */
export const rewardRequestScheduledMessage = (requestID: string, state: 'scheduled' | 'cancelled') =>
  state === 'scheduled'
    ? `The request ID "${requestID}" names a reward to everyone that is scheduled: it is given at its time. Move or cancel it on the reward screen, or use a new request ID to send a reward now.`
    : `The request ID "${requestID}" names a reward to everyone that was cancelled. Use a new request ID to send it.`;

/** The admin-log actions of scheduled rewards to everyone (the reward screen and the calendar). */
export const REWARD_SCHEDULE_ADMIN_ACTIONS = {
  schedule: 'reward.schedule',
  reschedule: 'reward.reschedule',
  cancel: 'reward.cancel',
} as const;

/** GET /api/admin/:env/rewards/everyone/players: how many players 'everyone' reaches if sent now. */
export const everyonePlayersSchema = z.object({ players: z.int() });
