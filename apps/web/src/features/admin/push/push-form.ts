import {
  PUSH_LOCK_SCREEN_BODY_LENGTH,
  PUSH_MAX_USER_IDS,
  PUSH_MESSAGES,
  type PushAudience,
  type PushMessage,
  type PushRecipientCategory,
  type PushSendBatchInput,
  type PushSendBatchResult,
  type PushSendSchedule,
  pushSendBatchInputSchema,
  readPushSendBatch,
} from '@outpost/contracts/push-messages';
import { z } from 'zod/mini';
import { type ChosenPlayer, recipientIDs } from '../components/chosen-players';
import { formatInstant, fromLocalDateTime, toLocalDateTime } from '../components/local-time';

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
  /** 'segment': the chosen segment's ID, '' before one is chosen. */
  segmentID: string;
  sendSchedule: PushSendSchedule;
  /** A datetime-local value, in the admin's time zone. */
  sendAt: string;
  /** Names this message for the life of the form: a second press of Send is the same message. */
  requestID: string;
}

/** A blank message: sent now, or scheduled for `sendAt` (ISO) when the calendar chose a time. */
export const newPushDraft = (sendAt: string | null = null): PushDraft => ({
  title: '',
  body: '',
  recipientCategory: 'everyone',
  activeDays: '7',
  chosen: [],
  userIDs: '',
  segmentID: '',
  sendSchedule: sendAt === null ? 'now' : 'scheduled',
  sendAt: toLocalDateTime(sendAt),
  requestID: `push-${crypto.randomUUID()}`,
});

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** The draft's audience as the server reads it, or null while a field it needs is not a value yet. */
export interface AudienceQuery {
  recipientCategory: PushRecipientCategory;
  activeDateTime: string | null;
  userIDs: string[] | null;
  /** 'segment' only. */
  segmentID?: string;
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
  if (draft.recipientCategory === 'segment') {
    return draft.segmentID === ''
      ? null
      : { recipientCategory: 'segment', activeDateTime: null, userIDs: null, segmentID: draft.segmentID };
  }
  return { recipientCategory: draft.recipientCategory, activeDateTime: null, userIDs: null };
}

/** The active window's days, said when it is not a whole number of days from 1 to 90. */
export const ACTIVE_DAYS_MESSAGE = 'Active players are those seen in the last 1 to 90 days: give a whole number.';

/** The composer's fields a refusal can point at, keyed as the form keys its errors. */
export type PushField = 'title' | 'body' | 'activeDays' | 'userIDs' | 'segmentID' | 'sendAt';

/** The composer's fields from top to bottom. */
const PUSH_FIELD_ORDER: readonly PushField[] = ['title', 'body', 'activeDays', 'userIDs', 'segmentID', 'sendAt'];

/** What the segment's choice says when none (or no known one) is chosen. */
export const CHOOSE_SEGMENT_MESSAGE = 'Choose the segment it goes to.';

/** The server's words for a field it names by its wire name, said in the form's words at the form's field. */
const FIELD_OF_PROBLEM: Readonly<Record<string, { field: PushField; text: string }>> = {
  [PUSH_MESSAGES.sendDateNeeded]: { field: 'sendAt', text: 'Give the date and time to send it at.' },
  [PUSH_MESSAGES.sendDate]: { field: 'sendAt', text: 'Give the date and time to send it at.' },
  [PUSH_MESSAGES.sendDatePast]: { field: 'sendAt', text: 'This time has passed: pick a later one, or send it now.' },
  [PUSH_MESSAGES.sendDateTooFar]: { field: 'sendAt', text: PUSH_MESSAGES.sendDateTooFar },
  [PUSH_MESSAGES.userIDs]: {
    field: 'userIDs',
    text: `Choose 1 to ${PUSH_MAX_USER_IDS} players by name, or give their user IDs.`,
  },
  [PUSH_MESSAGES.userID]: { field: 'userIDs', text: 'Each user ID must name a player.' },
  [PUSH_MESSAGES.segmentIDNeeded]: { field: 'segmentID', text: CHOOSE_SEGMENT_MESSAGE },
  [PUSH_MESSAGES.segmentID]: { field: 'segmentID', text: CHOOSE_SEGMENT_MESSAGE },
};

/**
 * Each field at fault, with its first message: the schema's issues, and the audience's and time's problems (which the
 * schema reads only once the title and message pass, so an empty form is told about all of them at once). Problems
 * of no field of the form are left out.
 */
function fieldsAtFault(
  issues: readonly z.core.$ZodIssue[],
  problems: readonly string[],
): Partial<Record<PushField, string>> {
  const fields: Partial<Record<PushField, string>> = {};
  for (const issue of issues) {
    const named = issue.path[0];
    const at: { field: PushField; text: string } | undefined =
      named === 'title' || named === 'body' ? { field: named, text: issue.message } : FIELD_OF_PROBLEM[issue.message];
    if (at) fields[at.field] ??= at.text;
  }
  for (const problem of problems) {
    const at = FIELD_OF_PROBLEM[problem];
    if (at) fields[at.field] ??= at.text;
  }
  return fields;
}

/**
 * The draft as the endpoint's input, or what is wrong with it: each field at fault with its message (the
 * contracts' words, in the form's words where those name a wire field), or one message for the form.
 */
export function checkPushDraft(
  draft: PushDraft,
  now: Date,
):
  | { ok: true; input: PushSendBatchInput }
  | { ok: false; message: string; fields: Partial<Record<PushField, string>> } {
  const audience = audienceOf(draft, now);
  const activeDays = draft.recipientCategory === 'active' && !audience ? { activeDays: ACTIVE_DAYS_MESSAGE } : {};
  // Only the fields the audience and the time take: the composer has nothing for the server to ignore.
  const input: PushSendBatchInput = {
    recipientCategory: draft.recipientCategory,
    sendSchedule: draft.sendSchedule,
    activeDateTime: audience?.activeDateTime ?? null,
    sendDate: draft.sendSchedule === 'scheduled' ? fromLocalDateTime(draft.sendAt) : null,
    userIDs: draft.recipientCategory === 'users' ? recipientIDs(draft.chosen, draft.userIDs) : null,
    segmentID: draft.recipientCategory === 'segment' ? draft.segmentID : null,
    title: draft.title.trim(),
    body: draft.body.trim(),
    requestID: draft.requestID,
  };
  const parsed = z.safeParse(pushSendBatchInputSchema, input);
  const issues = parsed.success ? [] : parsed.error.issues;
  const read = readPushSendBatch(input, now);
  const fields = { ...activeDays, ...fieldsAtFault(issues, read.ok ? [] : read.problems) };
  const first = PUSH_FIELD_ORDER.map((field) => fields[field]).find(Boolean) ?? issues[0]?.message;
  if (first) return { ok: false, message: first, fields };
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

/** Who a message goes to, as the history names it (the calendar names it so too). */
export { pushAudienceText as audienceText } from '@outpost/contracts/push-messages';

/** "1 device of 1 player", "1,204 devices of 980 players". */
export function reachText({ devices, players }: PushAudience): string {
  return `${countOf(devices, 'device')} of ${countOf(players, 'player')}`;
}

/** "1 device", "1,204 devices". */
const countOf = (count: number, noun: string) => `${count.toLocaleString()} ${count === 1 ? noun : `${noun}s`}`;

/** "1,204 sent · 3 failed · 2 pruned". */
export function countsText(message: Pick<PushMessage, 'sent' | 'failed' | 'pruned'>): string {
  return `${message.sent.toLocaleString()} sent · ${message.failed.toLocaleString()} failed · ${message.pruned.toLocaleString()} pruned`;
}
