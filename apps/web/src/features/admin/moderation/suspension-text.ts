import {
  type LiftSuspensionInput,
  liftSuspensionInputSchema,
  type Suspension,
  type SuspensionState,
  suspendInputSchema,
} from '@outpost/contracts/account-lifecycle';
import { SUSPENSION_MESSAGES } from '@outpost/contracts/account-lifecycle-text';
import type { z } from 'zod/mini';
import { checkFields, type FieldCheck, type FieldErrors } from '../../../components/form/field-errors';
import { fromLocalDateTime, toLocalDateTime } from '../components/local-time';

/*
 * The words and checks of a player's suspension on their page in the moderation hub. Pure, so the
 * rules are tested without a browser.
 */

export const SUSPENSION_STATE_LABELS: Record<SuspensionState, string> = {
  active: 'In force',
  ended: 'Ended',
  lifted: 'Lifted',
};

/** Someone a suspension names: their @name, or words for one with none (not picked yet, or deleted), never the raw id. */
export const actorName = (actor: { userID: string; displayName: string | null }) =>
  actor.displayName ? `@${actor.displayName}` : 'an unnamed or deleted account';

/** An instant as the admin reads it: a long date and a short time, in their own zone and language. */
export function formatWhen(iso: string, locale?: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(date);
}

/** How long a suspension lasts: "Suspended until 3 December 2026 at 14:00", or until lifted. */
export function suspensionHeadline(suspension: Suspension | null, format: (iso: string) => string = formatWhen) {
  if (!suspension) return 'Not suspended';
  return suspension.endsAt === null ? 'Suspended until lifted' : `Suspended until ${format(suspension.endsAt)}`;
}

/**
 * The player's standing in one sentence: "Suspended until 3 December 2026 at 14:00 — reason:
 * spam in the lobby, by @mod", "Suspended until lifted — …" or "Not suspended".
 */
export function suspensionStatusText(suspension: Suspension | null, format: (iso: string) => string = formatWhen) {
  const headline = suspensionHeadline(suspension, format);
  if (!suspension) return headline;
  return `${headline} — reason: ${suspension.reason}, by ${actorName(suspension.suspendedBy)}`;
}

/** When a suspension ends, for the history's Until column. */
export const suspensionEndText = (suspension: Suspension, format: (iso: string) => string = formatWhen) =>
  suspension.endsAt === null ? 'Until lifted' : format(suspension.endsAt);

// ---------------------------------------------------------------- the suspend form

/** Until someone lifts it, or until a date and time typed in the admin's zone. */
export type SuspensionEnd = 'lifted' | 'at';

export interface SuspendDraft {
  reason: string;
  end: SuspensionEnd;
  /** A datetime-local value ("2026-12-03T14:00"), in the admin's time zone. */
  endsAt: string;
}

export type SuspendField = 'reason' | 'endsAt';

/** The form's start: empty, or the suspension in force, to change it. */
export function suspendDraftOf(suspension: Suspension | null): SuspendDraft {
  if (!suspension) return { reason: '', end: 'lifted', endsAt: '' };
  return {
    reason: suspension.reason,
    end: suspension.endsAt === null ? 'lifted' : 'at',
    endsAt: toLocalDateTime(suspension.endsAt),
  };
}

/**
 * The suspend form as the server takes it, checked with its schema; the end, typed in the admin's
 * zone, is sent as ISO UTC and must be later than `now`. A problem with `reportID` (from the page's
 * address) has no field: it is keyed `reportID` for the form's alert.
 */
export function checkSuspend(
  draft: SuspendDraft,
  reportID: string | null,
  now: Date,
): FieldCheck<z.output<typeof suspendInputSchema>> {
  const errors: FieldErrors = {};
  let endsAt: string | null = null;
  if (draft.end === 'at') {
    const iso = fromLocalDateTime(draft.endsAt);
    const time = iso === null ? Number.NaN : Date.parse(iso);
    if (Number.isNaN(time)) errors.endsAt = SUSPENSION_MESSAGES.untilInvalid;
    else if (time <= now.getTime()) errors.endsAt = SUSPENSION_MESSAGES.untilPast;
    else endsAt = iso;
  }
  const checked = checkFields(suspendInputSchema, { reason: draft.reason, endsAt, reportID });
  if (!checked.ok) for (const [key, message] of Object.entries(checked.errors)) errors[key] ??= message;
  if (Object.keys(errors).length > 0 || !checked.ok) return { ok: false, errors };
  return checked;
}

/** The lift form's optional note, checked with the server's schema. */
export function checkLift(note: string): FieldCheck<LiftSuspensionInput> {
  return checkFields(liftSuspensionInputSchema, { note });
}

/** The suspend form's field a 400's message is about; undefined for one the form's alert says. */
export function suspendFieldOf(message: string): SuspendField | undefined {
  if (message === SUSPENSION_MESSAGES.reasonRequired || message === SUSPENSION_MESSAGES.reasonTooLong) return 'reason';
  if (message === SUSPENSION_MESSAGES.untilInvalid || message === SUSPENSION_MESSAGES.untilPast) return 'endsAt';
  return undefined;
}

/** The lift form's field a 400's message is about. */
export const liftFieldOf = (message: string): 'note' | undefined =>
  message === SUSPENSION_MESSAGES.noteTooLong ? 'note' : undefined;
