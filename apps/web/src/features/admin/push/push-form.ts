import {
  PUSH_LOCK_SCREEN_BODY_LENGTH,
  type PushMessage,
  type PushRecipientCategory,
  type PushSendBatchInput,
  type PushSendBatchResult,
  type PushSendSchedule,
  pushSendBatchInputSchema,
} from '@outpost/contracts/push-messages';
import { z } from 'zod/mini';
import { type ChosenPlayer, recipientIDs } from '../components/chosen-players';
import { formatInstant, fromLocalDateTime } from '../components/local-time';

/** What the composer holds while the admin types. */
export interface PushDraft {
  title: string;
  body: string;
  recipientCategory: PushRecipientCategory;
  /** 'active': seen in the game in the last this many days. */
  activeDays: string;
  /** 'users': the players picked by name… */
  chosen: ChosenPlayer[];
  /** …and user IDs pasted in, one per line or separated by commas. */
  userIDs: string;
  sendSchedule: PushSendSchedule;
  /** A datetime-local value, in the admin's time zone. */
  sendAt: string;
  /** Names this message for the life of the form: a second press of Send is the same message. */
  requestID: string;
}

export const newPushDraft = (): PushDraft => ({
  title: '',
  body: '',
  recipientCategory: 'everyone',
  activeDays: '7',
  chosen: [],
  userIDs: '',
  sendSchedule: 'now',
  sendAt: '',
  requestID: `push-${crypto.randomUUID()}`,
});

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** The draft's audience as the server reads it, or null while a field it needs is not a value yet. */
export interface AudienceQuery {
  recipientCategory: PushRecipientCategory;
  activeDateTime: string | null;
  userIDs: string[] | null;
}

export function audienceOf(draft: PushDraft, now: Date): AudienceQuery | null {
  if (draft.recipientCategory === 'active') {
    const days = Number(draft.activeDays);
    if (!Number.isInteger(days) || days < 1 || days > 90) return null;
    // To the minute: the audience's query is keyed by it, and a key that moved every render would ask forever.
    const minute = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
    return {
      recipientCategory: 'active',
      activeDateTime: new Date(minute - days * DAY_MS).toISOString(),
      userIDs: null,
    };
  }
  if (draft.recipientCategory === 'users') {
    const ids = recipientIDs(draft.chosen, draft.userIDs);
    return ids.length === 0 ? null : { recipientCategory: 'users', activeDateTime: null, userIDs: ids };
  }
  return { recipientCategory: draft.recipientCategory, activeDateTime: null, userIDs: null };
}

/** The active window's days, said when it is not a whole number of days from 1 to 90. */
export const ACTIVE_DAYS_MESSAGE = 'Active players are those seen in the last 1 to 90 days: give a whole number.';

/** The draft as the endpoint's input, or what is wrong with it (the contracts' words). */
export function checkPushDraft(
  draft: PushDraft,
  now: Date,
): { ok: true; input: PushSendBatchInput } | { ok: false; message: string } {
  const audience = audienceOf(draft, now);
  if (draft.recipientCategory === 'active' && !audience) return { ok: false, message: ACTIVE_DAYS_MESSAGE };
  // Only the fields the audience and the time take: the composer has nothing for the server to ignore.
  const input: PushSendBatchInput = {
    recipientCategory: draft.recipientCategory,
    sendSchedule: draft.sendSchedule,
    activeDateTime: audience?.activeDateTime ?? null,
    sendDate: draft.sendSchedule === 'scheduled' ? fromLocalDateTime(draft.sendAt) : null,
    userIDs: draft.recipientCategory === 'users' ? recipientIDs(draft.chosen, draft.userIDs) : null,
    title: draft.title.trim(),
    body: draft.body.trim(),
    requestID: draft.requestID,
  };
  const parsed = z.safeParse(pushSendBatchInputSchema, input);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'The message is not valid.' };
  return { ok: true, input };
}

/** What the composer says once the server took the message: when it goes, and any field it ignored. */
export function sentNotice(answer: Pick<PushSendBatchResult, 'state' | 'sendDate' | 'warnings'>): string {
  const said =
    answer.state === 'scheduled'
      ? `Scheduled for ${formatInstant(answer.sendDate)}. It is in the history below until then.`
      : 'Sending. The history below follows it.';
  return [said, ...answer.warnings].join(' ');
}

/** The body as a locked phone shows it: cut with an ellipsis past what fits. */
export function lockScreenBody(body: string): string {
  const text = body.trim();
  return text.length > PUSH_LOCK_SCREEN_BODY_LENGTH ? `${text.slice(0, PUSH_LOCK_SCREEN_BODY_LENGTH - 1)}…` : text;
}

/** "1,204 sent · 3 failed · 2 pruned". */
export function countsText(message: Pick<PushMessage, 'sent' | 'failed' | 'pruned'>): string {
  return `${message.sent.toLocaleString()} sent · ${message.failed.toLocaleString()} failed · ${message.pruned.toLocaleString()} pruned`;
}

/** How often the history is read again while a message is being sent. */
export const FOLLOW_SENDING_MS = 3_000;
/** The longest wait between reads while a message is scheduled: a cancel elsewhere shows within it. */
export const FOLLOW_SCHEDULED_MS = 60_000;

/**
 * When to read the history again: soon while a message is being sent, at the earliest scheduled
 * message's time (within a minute) while one waits, which may be days, and not at all otherwise.
 */
export function followDelay(messages: readonly Pick<PushMessage, 'state' | 'sendDate'>[], now: number): number | false {
  if (messages.some((message) => message.state === 'sending')) return FOLLOW_SENDING_MS;
  const due = messages
    .filter((message) => message.state === 'scheduled')
    .map((message) => Date.parse(message.sendDate) - now);
  if (due.length === 0) return false;
  return Math.min(Math.max(Math.min(...due), FOLLOW_SENDING_MS), FOLLOW_SCHEDULED_MS);
}
