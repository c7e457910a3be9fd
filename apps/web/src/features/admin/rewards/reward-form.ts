import {
  type DistributeRewardResult,
  distributeRewardInputSchema,
  type EveryoneReward,
  REWARD_AUDIENCE_LABELS,
  REWARD_EVERYONE,
  type RewardRequest,
  type RewardRequestAudience,
  rewardSendAtProblem,
  scheduleEveryoneRewardInputSchema,
} from '@outpost/contracts/rewards';
import type { z } from 'zod/mini';
import { isUnanswered } from '../../../lib/callable';
import { type Checked, checkWith, numberValue } from '../components/form-check';
import { formatInstant, fromLocalDateTime, toLocalDateTime } from '../components/local-time';

/*
 * The reward form as typed and its check with the contracts' schema the callable parses with.
 * A form holds one requestID from its start: the server gives a requestID's reward once per
 * player, so a double submit or a retry of the same form gives nothing twice.
 */

/** A requestID for a new form: unique, and in the characters the schema allows. */
export function newRequestID(): string {
  return `reward-${crypto.randomUUID()}`;
}

/** A player picked from the search, shown by name in the recipients. */

/** One item row as typed; `key` keeps the row while its item is edited. */
export interface ItemDraft {
  key: string;
  itemID: string;
  quantity: string;
}

/** The choice of a segment among the reward's recipients: its players, found by the server at the send. */
export const SEGMENT_RECIPIENTS = 'segment';

/** Whom the form sends to: an audience (or everyone), a segment, or null for the players chosen. */
export type RecipientKind = RewardRequestAudience | typeof SEGMENT_RECIPIENTS | null;

export interface RewardDraft {
  /** The audience the reward goes to (or everyone, or a segment), or null for the players chosen (picked and pasted). */
  audience: RecipientKind;
  /** The segment chosen when the reward goes to a segment; '' before one is. */
  segmentID: string;
  /** User IDs pasted in, separated by spaces, commas or new lines. */
  pasted: string;
  credits: string;
  items: ItemDraft[];
  reason: string;
  /** A reward to everyone given at a time rather than now (Outpost's own: the callable sends at once). */
  sendLater: boolean;
  /** That time as a datetime-local input holds it, in the admin's zone; '' before one is chosen. */
  sendAt: string;
}

let nextKey = 0;
export function blankItem(): ItemDraft {
  nextKey += 1;
  return { key: `item-${nextKey}`, itemID: '', quantity: '1' };
}

/**
 * A new form's draft; `at` (the calendar's "New" at a time, `?at=`) starts it as a reward to everyone
 * given then, the one kind of reward that waits for a time.
 */
export const newRewardDraft = (at: string | null = null): RewardDraft => ({
  audience: at ? REWARD_EVERYONE : null,
  segmentID: '',
  pasted: '',
  credits: '',
  items: [],
  reason: '',
  sendLater: at !== null,
  sendAt: toLocalDateTime(at),
});

/** Whether the draft schedules its reward (to everyone, at a time) rather than sending it now. */
export const isScheduled = (draft: RewardDraft) => draft.audience === REWARD_EVERYONE && draft.sendLater;

/** Whom the request names for the draft's choice: the segment, the audience, or the players chosen. */
function recipientsOf(userIDs: string[], draft: RewardDraft) {
  if (draft.audience === SEGMENT_RECIPIENTS) return { segmentID: draft.segmentID };
  return draft.audience ? { audience: draft.audience } : { userIDs };
}

/** An issue in the form's words: a problem with one item names its row ("Item 2: …"). */
function describeItem(issue: z.core.$ZodIssue): string {
  const [list, index] = issue.path;
  return list === 'items' && typeof index === 'number' ? `Item ${index + 1}: ${issue.message}` : issue.message;
}

/**
 * The reward as the callable takes it, to the draft's audience or segment or else to `userIDs` (the
 * players chosen); a problem with one item names its row ("Item 2: …").
 */
export function checkReward(requestID: string, userIDs: string[], draft: RewardDraft): Checked<RewardRequest> {
  return checkWith(
    distributeRewardInputSchema,
    {
      requestID,
      ...recipientsOf(userIDs, draft),
      credits: numberValue(draft.credits),
      items: draft.items.map((item) => ({ itemID: item.itemID.trim(), quantity: numberValue(item.quantity) })),
      reason: draft.reason,
    },
    { order: ['userIDs', 'segmentID', 'credits', 'items', 'reason'], markFields: true, describe: describeItem },
  );
}

export type ScheduledReward = z.output<typeof scheduleEveryoneRewardInputSchema>;

/**
 * A reward to everyone at the draft's time, as the schedule route takes it: the contracts' schema, then the
 * time's rules (still to come, not too far ahead), so the screen says what the server would.
 */
export function checkScheduledReward(
  requestID: string,
  draft: RewardDraft,
  now = new Date(),
): Checked<ScheduledReward> {
  const checked = checkWith(
    scheduleEveryoneRewardInputSchema,
    {
      requestID,
      credits: numberValue(draft.credits),
      items: draft.items.map((item) => ({ itemID: item.itemID.trim(), quantity: numberValue(item.quantity) })),
      reason: draft.reason,
      sendAt: fromLocalDateTime(draft.sendAt) ?? '',
    },
    { order: ['credits', 'items', 'reason', 'sendAt'], markFields: true, describe: describeItem },
  );
  if (!checked.ok) return checked;
  const problem = rewardSendAtProblem(new Date(checked.value.sendAt), now);
  return problem ? { ok: false, message: problem, fields: { sendAt: problem } } : checked;
}

/** What a scheduling says once the server took it. */
export function scheduledText(sendAt: string): string {
  return `Reward scheduled for everyone at ${formatInstant(sendAt)}: the players there are then get it, in batches. It is in the list below, where it can be moved or cancelled until it starts.`;
}

/** What the reward gives each player, in words: "500 credits and 2 × Boba Tea". */
export function rewardText(reward: {
  credits: number;
  /** Each item by its name once known (an answer's, or the editor's suggestions), else by its id. */
  items: readonly { itemID: string; quantity: number; name?: string | undefined }[];
}): string {
  const parts = [
    ...(reward.credits > 0 ? [`${reward.credits.toLocaleString('en-US')} credits`] : []),
    ...reward.items.map((item) => `${item.quantity} × ${item.name ?? item.itemID}`),
  ];
  return parts.join(' and ');
}

export const playerCount = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'player' : 'players'}`;

/** How far a reward to everyone has got: "1,000 of 2,541" (players reached of those counted at the send). */
export function progressText(reward: Pick<EveryoneReward, 'reached' | 'playersAtSend'>): string {
  return `${reward.reached.toLocaleString('en-US')} of ${reward.playersAtSend.toLocaleString('en-US')}`;
}

/** What a send to everyone says: queued (or resumed) for the job, or done already. */
export function everyoneSentText(result: Pick<EveryoneReward, 'state' | 'reached' | 'playersAtSend'>): string {
  if (result.state === 'done') {
    return `Nothing was sent twice: this reward to everyone is done, ${playerCount(result.reached)} reached.`;
  }
  return `Reward queued for everyone: a background job gives it to about ${playerCount(result.playersAtSend)}, in batches. Its progress is in the list below.`;
}

/** What a send that got its answer says: how many it reached, or that everyone had the reward. */
export function sentText(result: Pick<DistributeRewardResult, 'audience' | 'segment' | 'given'>): string {
  if (result.given.length > 0) return `Reward sent to ${playerCount(result.given.length)}.`;
  const everyone = result.audience
    ? `every player in ${REWARD_AUDIENCE_LABELS[result.audience]}`
    : result.segment
      ? `every player in the segment “${result.segment.name}”`
      : 'every player listed';
  return `Nothing was sent twice: ${everyone} had this reward already.`;
}

/**
 * What a failed send says. Without an answer nobody knows whether the reward went out, so the
 * admin is told to send the same form again (same requestID: nobody gets it twice) rather than
 * that it was not sent, which would invite a changed reward under the same requestID.
 */
export function sendFailure(error: Error): { outcomeKnown: boolean; text: string } {
  // Without the server's answer the reward may have gone out all the same.
  if (isUnanswered(error)) {
    return {
      outcomeKnown: false,
      text: `It is not known whether the reward was sent: ${error.message} Press Send reward again: it keeps its request ID, so no player gets it twice.`,
    };
  }
  return { outcomeKnown: true, text: `The reward was not sent. ${error.message}` };
}
