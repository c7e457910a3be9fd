import { z } from 'zod/mini';
import { adminListPageSchema, adminListQuerySchema } from './admin-list';
import { adminEnvironmentParamsSchema, type Environment } from './environments';
import { USER_ID_MAX_LENGTH } from './identity';
import { personSchema } from './people';
import { segmentIdSchema } from './segments/schemas';

/*
 * Push notifications (docs/product.md §7.6): an admin sends a message to the phones of a recipient category
 * of one environment, now or at a time, through '{env}-push-sendbatch' {recipientCategory, sendSchedule,
 * activeDateTime, sendDate, userIDs, title, body}, and a test notification to one player's devices through
 * '{env}-push-sendtestnotificatio' {userID}. Both append their admin-log entry first.
 */

/**
 * Who a message goes to: every player of the environment with a device, the beta testers (an
 * accepted beta request there), the partners (the 'partner' key), the players the game saw since
 * activeDateTime, or the players named in userIDs: the spec's categories, which its client sends.
 */
export const PUSH_SPEC_RECIPIENT_CATEGORIES = ['everyone', 'beta-testers', 'partners', 'active', 'users'] as const;
/** The spec's categories and Outpost's own: the players of the segment named in segmentID. */
export const PUSH_RECIPIENT_CATEGORIES = [...PUSH_SPEC_RECIPIENT_CATEGORIES, 'segment'] as const;
export type PushRecipientCategory = (typeof PUSH_RECIPIENT_CATEGORIES)[number];

export const PUSH_RECIPIENT_LABELS: Record<PushRecipientCategory, string> = {
  everyone: 'Everyone',
  'beta-testers': 'Beta testers',
  partners: 'Partners',
  active: 'Active players',
  users: 'Chosen players',
  segment: 'A segment',
};

/** Sent at once, or at sendDate. */
export const PUSH_SEND_SCHEDULES = ['now', 'scheduled'] as const;
export type PushSendSchedule = (typeof PUSH_SEND_SCHEDULES)[number];

/**
 * What the platforms show: Android cuts a notification's title at about 65 characters and shows
 * about 240 of its body expanded; iOS shows about 110 of the body on the lock screen (the
 * composer's preview cuts there) and all of it expanded.
 */
export const PUSH_TITLE_MAX_LENGTH = 65;
export const PUSH_BODY_MAX_LENGTH = 240;
export const PUSH_LOCK_SCREEN_BODY_LENGTH = 110;
/** Players one message may name; a larger group is a segment. */
export const PUSH_MAX_USER_IDS = 1000;
/** How far ahead a message may be scheduled. */
export const PUSH_MAX_SCHEDULE_DAYS = 90;
/** How far back 'active' may look: presence is kept that long for the charts. */
export const PUSH_MAX_ACTIVE_DAYS = 90;
export const PUSH_REQUEST_ID_MAX_LENGTH = 100;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export const PUSH_MESSAGES = {
  title: `A title is 1 to ${PUSH_TITLE_MAX_LENGTH} characters: Android cuts longer ones.`,
  body: `A message is 1 to ${PUSH_BODY_MAX_LENGTH} characters: phones cut longer ones.`,
  recipientCategory: `recipientCategory must be one of ${PUSH_RECIPIENT_CATEGORIES.join(', ')}.`,
  sendSchedule: `sendSchedule must be ${PUSH_SEND_SCHEDULES.join(' or ')}.`,
  sendDate: 'sendDate must be when to send it, in ISO 8601 with a time zone.',
  sendDateNeeded: 'A scheduled message needs sendDate: when to send it.',
  sendDatePast: 'sendDate has passed: schedule the message for a later time, or send it now.',
  sendDateTooFar: `A message may be scheduled at most ${PUSH_MAX_SCHEDULE_DAYS} days ahead.`,
  activeDateTime: 'activeDateTime must be an instant in ISO 8601 with a time zone.',
  activeDateTimeNeeded: 'Active players are those seen since activeDateTime: give it.',
  activeDateTimeRange: `activeDateTime must be in the last ${PUSH_MAX_ACTIVE_DAYS} days.`,
  userIDs: `Name 1 to ${PUSH_MAX_USER_IDS} players in userIDs, each once.`,
  userID: 'userID must name a player.',
  segmentIDNeeded: 'A message to a segment needs segmentID: the segment it goes to.',
  segmentID: "segmentID must be a segment's ID: 1 to 40 lower-case letters, digits and '-'.",
  requestID: `requestID names this message so a retry sends nothing twice: 1 to ${PUSH_REQUEST_ID_MAX_LENGTH} letters, digits, '.', '_' or '-'.`,
} as const;

const instant = (message: string) => z.iso.datetime({ offset: true, error: message });
const userIdSchema = z
  .string({ error: PUSH_MESSAGES.userID })
  .check(
    z.trim(),
    z.minLength(1, { error: PUSH_MESSAGES.userID }),
    z.maxLength(USER_ID_MAX_LENGTH, { error: PUSH_MESSAGES.userID }),
  );
const userIdListSchema = z.array(userIdSchema, { error: PUSH_MESSAGES.userIDs });

/**
 * The body as it comes: the seven fields of docs/product.md §7.6, and Outpost's requestID. The original client sends
 * all seven whatever the category and schedule, with null, "" or a leftover value in those that do
 * not apply; such a field is taken as any text (a list, for userIDs) and read no further.
 */
const pushSendBatchFieldsSchema = z.object({
  recipientCategory: z.enum(PUSH_RECIPIENT_CATEGORIES, { error: PUSH_MESSAGES.recipientCategory }),
  sendSchedule: z.enum(PUSH_SEND_SCHEDULES, { error: PUSH_MESSAGES.sendSchedule }),
  activeDateTime: z.optional(z.nullable(z.string({ error: PUSH_MESSAGES.activeDateTime }))),
  sendDate: z.optional(z.nullable(z.string({ error: PUSH_MESSAGES.sendDate }))),
  userIDs: z.optional(z.nullable(z.union([z.array(z.string()), z.string()], { error: PUSH_MESSAGES.userIDs }))),
  /** Outpost's own: the segment a 'segment' message goes to (taken as any text where it does not apply). */
  segmentID: z.optional(z.nullable(z.string({ error: PUSH_MESSAGES.segmentID }))),
  title: z
    .string({ error: PUSH_MESSAGES.title })
    .check(
      z.trim(),
      z.minLength(1, { error: PUSH_MESSAGES.title }),
      z.maxLength(PUSH_TITLE_MAX_LENGTH, { error: PUSH_MESSAGES.title }),
    ),
  body: z
    .string({ error: PUSH_MESSAGES.body })
    .check(
      z.trim(),
      z.minLength(1, { error: PUSH_MESSAGES.body }),
      z.maxLength(PUSH_BODY_MAX_LENGTH, { error: PUSH_MESSAGES.body }),
    ),
  /** Outpost's own: the composer names each message, so a retried send is the same message. */
  requestID: z.optional(
    z
      .string({ error: PUSH_MESSAGES.requestID })
      .check(z.regex(/^[A-Za-z0-9._-]{1,100}$/, { error: PUSH_MESSAGES.requestID })),
  ),
});
type PushSendBatchFields = z.output<typeof pushSendBatchFieldsSchema>;

/** A message as read from its body: the fields its category and schedule take, the others null. */
export interface PushSendBatch {
  recipientCategory: PushRecipientCategory;
  sendSchedule: PushSendSchedule;
  /** 'active': its players were seen in the game since then. */
  activeDateTime: string | null;
  /** 'scheduled': when it goes. */
  sendDate: string | null;
  /** 'users': its players, each once. */
  userIDs: string[] | null;
  /** 'segment': the segment whose players it goes to. */
  segmentID: string | null;
  title: string;
  body: string;
  requestID?: string;
  /** Each field given that does not apply, named with why it was ignored. */
  warnings: string[];
}

/** What a field that does not apply says when it was given: it is ignored, and why. */
export const PUSH_WARNINGS = {
  sendDate: 'sendDate was ignored: a message sent now goes at once.',
  activeDateTime: (category: PushRecipientCategory) =>
    `activeDateTime was ignored: it picks active players, and this message goes to ${PUSH_RECIPIENT_LABELS[category].toLowerCase()}.`,
  userIDs: (category: PushRecipientCategory) =>
    `userIDs was ignored: it names chosen players, and this message goes to ${PUSH_RECIPIENT_LABELS[category].toLowerCase()}.`,
  segmentID: (category: PushRecipientCategory) =>
    `segmentID was ignored: it names a segment, and this message goes to ${PUSH_RECIPIENT_LABELS[category].toLowerCase()}.`,
} as const;

/** A field's value, or what is wrong with it. */
type Read<Value> = { value: Value } | { problem: string };

/** Whether the client filled a field: null, blank text and an empty list are fields left empty. */
const given = (value: string | readonly string[] | null | undefined) =>
  typeof value === 'string' ? value.trim() !== '' : value != null && value.length > 0;

/** An instant a field must give, in ISO 8601 with a zone. */
function readInstant(value: string | null | undefined, needed: string, malformed: string): Read<string> {
  if (!given(value)) return { problem: needed };
  const parsed = z.safeParse(instant(malformed), value);
  return parsed.success ? { value: parsed.data } : { problem: malformed };
}

/** What is wrong with sending a message at `at`, seen at `now` (a schedule and a reschedule alike), or null. */
export function pushSendDateProblem(at: Date, now: Date): string | null {
  if (at.getTime() <= now.getTime()) return PUSH_MESSAGES.sendDatePast;
  if (at.getTime() > now.getTime() + PUSH_MAX_SCHEDULE_DAYS * DAY_MS) return PUSH_MESSAGES.sendDateTooFar;
  return null;
}

function readSendDate(value: string | null | undefined, now: Date): Read<string> {
  const read = readInstant(value, PUSH_MESSAGES.sendDateNeeded, PUSH_MESSAGES.sendDate);
  if ('problem' in read) return read;
  const problem = pushSendDateProblem(new Date(read.value), now);
  return problem ? { problem } : read;
}

function readActiveDateTime(value: string | null | undefined, now: Date): Read<string> {
  const read = readInstant(value, PUSH_MESSAGES.activeDateTimeNeeded, PUSH_MESSAGES.activeDateTime);
  if ('problem' in read) return read;
  const since = Date.parse(read.value);
  // An hour's slack: "the last 90 days" reckoned on the admin's screen arrives a moment later.
  if (since > now.getTime() || since < now.getTime() - PUSH_MAX_ACTIVE_DAYS * DAY_MS - HOUR_MS) {
    return { problem: PUSH_MESSAGES.activeDateTimeRange };
  }
  return read;
}

function readUserIDs(value: string | readonly string[] | null | undefined): Read<string[]> {
  if (typeof value === 'string' || value == null) return { problem: PUSH_MESSAGES.userIDs };
  const parsed = z.safeParse(userIdListSchema, value);
  if (!parsed.success) return { problem: parsed.error.issues[0]?.message ?? PUSH_MESSAGES.userIDs };
  const ids = parsed.data;
  if (ids.length === 0 || ids.length > PUSH_MAX_USER_IDS || new Set(ids).size !== ids.length) {
    return { problem: PUSH_MESSAGES.userIDs };
  }
  return { value: ids };
}

function readSegmentID(value: string | null | undefined): Read<string> {
  if (!given(value)) return { problem: PUSH_MESSAGES.segmentIDNeeded };
  const parsed = z.safeParse(segmentIdSchema, value);
  return parsed.success ? { value: parsed.data } : { problem: PUSH_MESSAGES.segmentID };
}

/**
 * Reads a message's fields at `now`. A field its category or schedule takes must be right (a
 * schedule needs a date ahead of now, active players a recent instant, chosen players their ids);
 * one they do not take is ignored, and named in the warnings when it was given, whatever it holds.
 */
export function readPushSendBatch(
  fields: PushSendBatchFields,
  now: Date,
): { ok: true; batch: PushSendBatch } | { ok: false; problems: string[] } {
  const { recipientCategory, sendSchedule } = fields;
  const problems: string[] = [];
  const warnings: string[] = [];
  /** The field when it applies (a problem with it noted), else null (a warning when it was given). */
  const applying = <Value>(
    applies: boolean,
    read: () => Read<Value>,
    raw: string | readonly string[] | null | undefined,
    warning: string,
  ) => {
    if (!applies) {
      if (given(raw)) warnings.push(warning);
      return null;
    }
    const result = read();
    if ('problem' in result) {
      problems.push(result.problem);
      return null;
    }
    return result.value;
  };
  const sendDate = applying(
    sendSchedule === 'scheduled',
    () => readSendDate(fields.sendDate, now),
    fields.sendDate,
    PUSH_WARNINGS.sendDate,
  );
  const activeDateTime = applying(
    recipientCategory === 'active',
    () => readActiveDateTime(fields.activeDateTime, now),
    fields.activeDateTime,
    PUSH_WARNINGS.activeDateTime(recipientCategory),
  );
  const userIDs = applying(
    recipientCategory === 'users',
    () => readUserIDs(fields.userIDs),
    fields.userIDs,
    PUSH_WARNINGS.userIDs(recipientCategory),
  );
  const segmentID = applying(
    recipientCategory === 'segment',
    () => readSegmentID(fields.segmentID),
    fields.segmentID,
    PUSH_WARNINGS.segmentID(recipientCategory),
  );
  if (problems.length > 0) return { ok: false, problems };
  const { title, body, requestID } = fields;
  return {
    ok: true,
    batch: {
      recipientCategory,
      sendSchedule,
      activeDateTime,
      sendDate,
      userIDs,
      segmentID,
      title,
      body,
      ...(requestID === undefined ? {} : { requestID }),
      warnings,
    },
  };
}

/** '{env}-push-sendbatch': the fields as docs/product.md §7.6 names them, read into a message by readPushSendBatch. */
export const pushSendBatchInputSchema = z.pipe(
  pushSendBatchFieldsSchema,
  z.transform((fields, context): PushSendBatch => {
    const read = readPushSendBatch(fields, new Date());
    if (read.ok) return read.batch;
    for (const message of read.problems) context.issues.push({ code: 'custom', message, input: fields });
    return z.NEVER;
  }),
);
/** The body as a client sends it. */
export type PushSendBatchInput = z.input<typeof pushSendBatchInputSchema>;

export const pushTestInputSchema = z.object({ userID: userIdSchema });

/** A message's life: waiting for its time, being sent, done, stopped by an admin, or given up. */
export const PUSH_MESSAGE_STATES = ['scheduled', 'sending', 'sent', 'cancelled', 'failed'] as const;
export type PushMessageState = (typeof PUSH_MESSAGE_STATES)[number];

export const PUSH_STATE_LABELS: Record<PushMessageState, string> = {
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

/** Who a message goes to, as the history and the calendar name it: a segment by its name, or by its ID once it is deleted. */
export function pushAudienceText(
  message: Pick<PushMessage, 'recipientCategory' | 'segmentID' | 'segmentName'>,
): string {
  if (message.recipientCategory !== 'segment') return PUSH_RECIPIENT_LABELS[message.recipientCategory];
  return `Segment “${message.segmentName ?? message.segmentID ?? ''}”`;
}

/** The endpoints' names, one per environment (docs/product.md §7.6). */
export const pushSendBatchName = (environment: Environment) => `${environment}-push-sendbatch` as const;
export const pushSendTestName = (environment: Environment) => `${environment}-push-sendtestnotificatio` as const;

/** A message as the history shows it. */
export const pushMessageSchema = z.object({
  messageID: z.string(),
  title: z.string(),
  body: z.string(),
  recipientCategory: z.enum(PUSH_RECIPIENT_CATEGORIES),
  activeDateTime: z.nullable(z.string()),
  /** How many players were chosen ('users'); the ids are on the message, not in the history. */
  chosenPlayers: z.int(),
  /** The segment it goes to ('segment'), and its name now: null once the segment is deleted. */
  segmentID: z.nullable(z.string()),
  segmentName: z.nullable(z.string()),
  sendSchedule: z.enum(PUSH_SEND_SCHEDULES),
  sendDate: z.string(),
  state: z.enum(PUSH_MESSAGE_STATES),
  /** Devices the message was handed to and how they fared; pruned: gone for good, forgotten. */
  sent: z.int(),
  failed: z.int(),
  pruned: z.int(),
  /** The admin who sent it. */
  createdBy: personSchema,
  createdAt: z.string(),
  startedAt: z.nullable(z.string()),
  finishedAt: z.nullable(z.string()),
  lastError: z.nullable(z.string()),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;

/** What '{env}-push-sendbatch' answers: the message, and the fields given that it ignored (PUSH_WARNINGS). */
export const pushSendBatchResultSchema = z.extend(pushMessageSchema, { warnings: z.array(z.string()) });
export type PushSendBatchResult = z.infer<typeof pushSendBatchResultSchema>;

export const pushMessageListQuerySchema = adminListQuerySchema(['createdAt', 'sendDate'] as const, {
  state: z.optional(z.enum(PUSH_MESSAGE_STATES, { error: `state must be one of ${PUSH_MESSAGE_STATES.join(', ')}.` })),
});
export const pushMessagePageSchema = adminListPageSchema(pushMessageSchema);
export type PushMessagePage = z.infer<typeof pushMessagePageSchema>;

export const pushMessageParamsSchema = z.extend(adminEnvironmentParamsSchema, { messageID: z.string() });

/** POST /api/admin/:env/push/messages/:messageID/reschedule: a scheduled message's new send date (the scheduling rules, checked by the server). */
export const reschedulePushInputSchema = z.object({ sendDate: instant(PUSH_MESSAGES.sendDate) });
export type ReschedulePushInput = z.infer<typeof reschedulePushInputSchema>;

/** POST /api/admin/:env/push/audience: how many a message would reach now. */
export const pushAudienceInputSchema = z
  .object({
    recipientCategory: z.enum(PUSH_RECIPIENT_CATEGORIES, { error: PUSH_MESSAGES.recipientCategory }),
    activeDateTime: z.optional(z.nullable(instant(PUSH_MESSAGES.activeDateTime))),
    userIDs: z.optional(z.nullable(z.array(userIdSchema, { error: PUSH_MESSAGES.userIDs }))),
    segmentID: z.optional(z.nullable(segmentIdSchema)),
  })
  .check(
    z.refine((input) => input.recipientCategory !== 'segment' || Boolean(input.segmentID), {
      error: PUSH_MESSAGES.segmentIDNeeded,
      path: ['segmentID'],
    }),
  );
export const pushAudienceSchema = z.object({ players: z.int(), devices: z.int() });
export type PushAudience = z.infer<typeof pushAudienceSchema>;

/** The test notification's answer, as the admin sees it (and it is logged). */
export const pushTestResultSchema = z.object({
  userID: z.string(),
  devices: z.int(),
  outcomes: z.array(
    z.object({
      /** The token's first characters: enough to tell devices apart, not to send to one. */
      device: z.string(),
      status: z.enum(['sent', 'failed', 'unregistered']),
      detail: z.nullable(z.string()),
    }),
  ),
});
export type PushTestResult = z.infer<typeof pushTestResultSchema>;

/** How many of the newest outbox entries the push screen shows. */
export const PUSH_OUTBOX_LIMIT = 50;

/**
 * GET /api/admin/:env/push/outbox: where the environment's pushes go (FCM, or the outbox on a
 * machine without its credentials), and the outbox's newest entries: the phones of a test machine.
 */
export const pushOutboxSchema = z.object({
  transport: z.enum(['fcm', 'outbox']),
  entries: z.array(
    z.object({
      id: z.string(),
      device: z.string(),
      title: z.string(),
      body: z.string(),
      sentAt: z.string(),
    }),
  ),
});
export type PushOutbox = z.infer<typeof pushOutboxSchema>;

export const CANCEL_ONLY_SCHEDULED = 'Only a scheduled message can be cancelled: this one has started or ended.';
/** A message moved (from the calendar) once it started or ended is refused (409), as a cancel is. */
export const RESCHEDULE_ONLY_SCHEDULED = 'Only a scheduled message can be rescheduled: this one has started or ended.';
/** A retry must repeat its message: the same requestID with other content is refused (409). */
export const REQUEST_ID_REUSED =
  'This requestID already names a different message: send a new message with a new requestID.';
/**
 * A message whose audience has no device now is refused (400), by the composer before it asks and by the send
 * endpoint: it would reach no one, and a confirmation is no guard against that.
 */
export const noAudienceDevicesMessage = (environment: Environment) =>
  `No phone of this audience is registered for push in ${environment}, so the message would reach no one. Players’ phones register when they allow notifications in the game: pick another audience or send it later.`;
export const noDevicesMessage = (userID: string, environment: Environment) =>
  `The player ${userID} has no device registered for push in ${environment}.`;

/** A message to a segment the environment does not have (400): none was, or it was deleted since it was chosen. */
export const unknownPushSegmentMessage = (segmentID: string, environment: Environment) =>
  `There is no segment "${segmentID}" in ${environment}: it may have been deleted. Nothing was sent.`;

export const unknownPushPlayersMessage = (userIDs: readonly string[]) =>
  `${userIDs.length === 1 ? 'This player does' : 'These players do'} not exist: ${userIDs.map((id) => `"${id}"`).join(', ')}. Nothing was sent.`;
