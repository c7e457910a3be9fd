import { z } from 'zod/mini';
import { environmentSchema } from '../environments';
import type { Capability } from '../permissions';

/*
 * The calendar: one timeline per environment of every dated thing the back office runs (machine
 * drops and the shop's opening, merch drops, scheduled pushes, reward runs, remote-config
 * publishes, experiments). It keeps nothing of its own: each domain reads its dated things into entries, and
 * moves or cancels them with its own rules and admin-log entries. The schemas both sides parse
 * with, and the words they answer in.
 */

/** What an entry is: the domain's thing it stands for. */
export const CALENDAR_KINDS = [
  'machine-drop',
  'shop-opening',
  'merch-drop',
  'push',
  'reward-run',
  'remote-config-publish',
  'experiment',
] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];

/** How the calendar names each kind, in its legend and its "New" menu. */
export const CALENDAR_KIND_LABELS: Record<CalendarKind, string> = {
  'machine-drop': 'Machine drop',
  'shop-opening': "The shop's opening",
  'merch-drop': 'Merch drop',
  push: 'Scheduled push',
  'reward-run': 'Reward to everyone',
  'remote-config-publish': 'Remote config publish',
  experiment: 'Experiment',
};

/** The kinds in the plural, lower case, as the refusals name them ("…may see machine drops but not change them"). */
export const CALENDAR_KIND_PLURALS: Record<CalendarKind, string> = {
  'machine-drop': 'machine drops',
  'shop-opening': "the shop's opening",
  'merch-drop': 'merch drops',
  push: 'scheduled pushes',
  'reward-run': 'rewards to everyone',
  'remote-config-publish': 'remote config publishes',
  experiment: 'experiments',
};

/**
 * What each kind's own screen's reads take (the route table, api.ts): the calendar shows a kind's
 * things, and names the kind, only to viewers who hold it, so it tells no one what that screen
 * would not (push's list takes `sendPush`, the rewards to everyone `distributeRewards`).
 */
export const CALENDAR_KIND_READS = {
  'machine-drop': 'adminArea',
  'shop-opening': 'adminArea',
  'merch-drop': 'adminArea',
  push: 'sendPush',
  'reward-run': 'distributeRewards',
  'remote-config-publish': 'adminArea',
  experiment: 'adminArea',
} as const satisfies Record<CalendarKind, Capability>;

/** Where an entry stands at the moment it was read. */
export const CALENDAR_ENTRY_STATES = ['scheduled', 'under-way', 'done'] as const;
export type CalendarEntryState = (typeof CALENDAR_ENTRY_STATES)[number];

/**
 * Where a thing stands at `now` by its dates alone: to come until it starts; a window is under way
 * until it ends, a moment is done once it has come. For the sources whose things have no state but
 * their dates (drops, the shop's opening); the others say where a thing stands by its own state (a
 * push due but not yet sent is still scheduled). The web shows the state as read, and reads again
 * when the things' topics change.
 */
export function calendarEntryState(startsAt: string, endsAt: string | null, now: Date): CalendarEntryState {
  const at = now.getTime();
  if (Date.parse(startsAt) > at) return 'scheduled';
  return endsAt !== null && Date.parse(endsAt) > at ? 'under-way' : 'done';
}

export const CALENDAR_VIEWS = ['day', 'week', 'month'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** The longest window one read may cover: a month view's six weeks, with room for time zones. */
export const CALENDAR_MAX_WINDOW_DAYS = 45;

export const CALENDAR_MESSAGES = {
  window: `Ask for a window of at most ${CALENDAR_MAX_WINDOW_DAYS} days, from before to.`,
  from: 'The start of the window must be a date and time.',
  to: 'The end of the window must be a date and time.',
  startsAt: 'The new start must be a date and time.',
  past: 'Move it to a time still to come: a moved entry would otherwise start at once.',
  unknownKind: 'There is no such kind of calendar entry.',
  notFound: 'That calendar entry no longer exists: it may have been cancelled or removed.',
  cannotMove: 'This entry cannot be moved: it has started or is done.',
  cannotCancel: 'This entry cannot be cancelled: it has started or is done.',
  notMovable: (kind: CalendarKind) => `The calendar does not move ${CALENDAR_KIND_PLURALS[kind]}.`,
  notCancellable: (kind: CalendarKind) => `The calendar does not cancel ${CALENDAR_KIND_PLURALS[kind]}.`,
  notAllowed: (kind: CalendarKind) => `Your account may see ${CALENDAR_KIND_PLURALS[kind]} but not change them.`,
  notShown: (kind: CalendarKind) => `Your account may not see ${CALENDAR_KIND_PLURALS[kind]}.`,
} as const;

const DAY_MS = 86_400_000;

const instant = (message: string) => z.iso.datetime({ offset: true, error: message });

/** GET /api/admin/:env/calendar?from=&to=: the entries that touch [from, to). */
export const calendarQuerySchema = z
  .object({ from: instant(CALENDAR_MESSAGES.from), to: instant(CALENDAR_MESSAGES.to) })
  .check(
    z.refine(
      ({ from, to }) => {
        const span = Date.parse(to) - Date.parse(from);
        return span > 0 && span <= CALENDAR_MAX_WINDOW_DAYS * DAY_MS;
      },
      { error: CALENDAR_MESSAGES.window },
    ),
  );

export const calendarEntryParamsSchema = z.object({
  env: environmentSchema,
  kind: z.enum(CALENDAR_KINDS, { error: CALENDAR_MESSAGES.unknownKind }),
  entryID: z.string().check(z.minLength(1), z.maxLength(200)),
});

/** One dated thing. A moment (a push, a publish, an opening) has no end; a window (a drop) has. */
export const calendarEntrySchema = z.object({
  kind: z.enum(CALENDAR_KINDS),
  /** The thing's own id in its domain (a drop's dropID, a message's messageID). */
  entryID: z.string(),
  /** What the thing is called, in the back office's words ("Summer drop of Neon Machine"). */
  title: z.string(),
  /** A second line: whom or what it reaches ("To players on iOS", "3 products"). */
  detail: z.string(),
  startsAt: z.string(),
  endsAt: z.nullable(z.string()),
  state: z.enum(CALENDAR_ENTRY_STATES),
  /** The thing's own screen in the back office. */
  href: z.string(),
  /** Whether the viewer may move it now (its kind's capability, and not started). */
  canMove: z.boolean(),
  canCancel: z.boolean(),
});
export type CalendarEntry = z.infer<typeof calendarEntrySchema>;

export const calendarSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** By start, then kind and id. */
  entries: z.array(calendarEntrySchema),
});
export type Calendar = z.infer<typeof calendarSchema>;

/** POST /api/admin/:env/calendar/:kind/:entryID/move: a window keeps its length. */
export const moveCalendarEntryInputSchema = z.object({ startsAt: instant(CALENDAR_MESSAGES.startsAt) });

/** What a move answers: the entry and where it starts now (UTC, as entries are read). */
export const movedCalendarEntrySchema = z.object({
  kind: z.enum(CALENDAR_KINDS),
  entryID: z.string(),
  startsAt: z.string(),
});

/** What a cancel answers: the entry that went (a drop deleted, a push cancelled, as its screen does). */
export const cancelledCalendarEntrySchema = z.object({ kind: z.enum(CALENDAR_KINDS), entryID: z.string() });
