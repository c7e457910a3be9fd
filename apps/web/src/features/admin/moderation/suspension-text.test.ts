import type { Suspension } from '@outpost/contracts/account-lifecycle';
import {
  SUSPENSION_MESSAGES,
  SUSPENSION_NOTE_MAX_LENGTH,
  SUSPENSION_REASON_MAX_LENGTH,
} from '@outpost/contracts/account-lifecycle-text';
import { describe, expect, it } from 'vitest';
import { toLocalDateTime } from '../components/local-time';
import {
  actorName,
  checkLift,
  checkSuspend,
  formatWhen,
  liftFieldOf,
  suspendDraftOf,
  suspendFieldOf,
  suspensionEndText,
  suspensionHeadline,
  suspensionStatusText,
} from './suspension-text';

const NOW = new Date('2026-11-26T12:00:00.000Z');
const inBrackets = (iso: string) => `[${iso}]`;

const SUSPENSION: Suspension = {
  suspensionID: 's1',
  state: 'active',
  reason: 'Spam in the lobby',
  startsAt: '2026-11-26T10:00:00.000Z',
  endsAt: '2026-12-03T14:00:00.000Z',
  suspendedBy: { userID: 'mod-1', displayName: 'warden' },
  environment: 'production',
  reportID: 'r-1',
  reportNumber: 1,
  liftedAt: null,
  liftedBy: null,
  liftNote: null,
};

describe('the suspension’s words', () => {
  it('says how long, why and by whom', () => {
    expect(suspensionStatusText(null)).toBe('Not suspended');
    expect(suspensionStatusText(SUSPENSION, inBrackets)).toBe(
      'Suspended until [2026-12-03T14:00:00.000Z] — reason: Spam in the lobby, by @warden',
    );
    const untilLifted = { ...SUSPENSION, endsAt: null, suspendedBy: { userID: 'mod-2', displayName: null } };
    expect(suspensionHeadline(untilLifted)).toBe('Suspended until lifted');
    expect(suspensionStatusText(untilLifted)).toBe(
      'Suspended until lifted — reason: Spam in the lobby, by an unnamed or deleted account',
    );
    expect(suspensionEndText(untilLifted)).toBe('Until lifted');
    expect(suspensionEndText(SUSPENSION, inBrackets)).toBe('[2026-12-03T14:00:00.000Z]');
    expect(actorName({ userID: 'u', displayName: 'ash' })).toBe('@ash');
    // Never the raw id: only the user's own page shows one.
    expect(actorName({ userID: 'u1234', displayName: null })).toBe('an unnamed or deleted account');
  });

  it('words an instant with a long date and a short time in the reader’s zone', () => {
    const text = formatWhen('2026-12-03T14:00:00.000Z', 'en-GB', 'UTC');
    expect(text).toContain('3 December 2026');
    expect(text).toContain('14:00');
    expect(formatWhen('not a date')).toBe('not a date');
  });
});

describe('checkSuspend', () => {
  const tomorrow = toLocalDateTime('2026-11-27T12:00:00.000Z');

  it('sends a suspension until lifted, or until the typed local time as ISO UTC', () => {
    expect(checkSuspend({ reason: ' Spam ', end: 'lifted', endsAt: tomorrow }, null, NOW)).toEqual({
      ok: true,
      value: { reason: 'Spam', endsAt: null, reportID: null },
    });
    expect(checkSuspend({ reason: 'Spam', end: 'at', endsAt: tomorrow }, 'r-1', NOW)).toEqual({
      ok: true,
      value: { reason: 'Spam', endsAt: '2026-11-27T12:00:00.000Z', reportID: 'r-1' },
    });
  });

  it('says what is wrong at each field', () => {
    expect(checkSuspend({ reason: '  ', end: 'at', endsAt: '' }, null, NOW)).toEqual({
      ok: false,
      errors: { reason: SUSPENSION_MESSAGES.reasonRequired, endsAt: SUSPENSION_MESSAGES.untilInvalid },
    });
    const past = toLocalDateTime('2026-11-26T11:59:00.000Z');
    expect(
      checkSuspend({ reason: 'x'.repeat(SUSPENSION_REASON_MAX_LENGTH + 1), end: 'at', endsAt: past }, null, NOW),
    ).toEqual({
      ok: false,
      errors: { reason: SUSPENSION_MESSAGES.reasonTooLong, endsAt: SUSPENSION_MESSAGES.untilPast },
    });
    expect(checkSuspend({ reason: 'Spam', end: 'lifted', endsAt: '' }, 'Not A Report!', NOW)).toEqual({
      ok: false,
      errors: { reportID: SUSPENSION_MESSAGES.reportIDInvalid },
    });
  });

  it('starts from the suspension in force, to change it', () => {
    expect(suspendDraftOf(null)).toEqual({ reason: '', end: 'lifted', endsAt: '' });
    expect(suspendDraftOf(SUSPENSION)).toEqual({
      reason: 'Spam in the lobby',
      end: 'at',
      endsAt: toLocalDateTime(SUSPENSION.endsAt),
    });
    expect(suspendDraftOf({ ...SUSPENSION, endsAt: null }).end).toBe('lifted');
  });
});

describe('the lift and the server’s refusals', () => {
  it('takes an optional note of limited length', () => {
    expect(checkLift('  ')).toEqual({ ok: true, value: { note: '' } });
    expect(checkLift('x'.repeat(SUSPENSION_NOTE_MAX_LENGTH + 1))).toEqual({
      ok: false,
      errors: { note: SUSPENSION_MESSAGES.noteTooLong },
    });
  });

  it('puts a 400’s message at its field, and leaves the others to the alert', () => {
    expect(suspendFieldOf(SUSPENSION_MESSAGES.reasonRequired)).toBe('reason');
    expect(suspendFieldOf(SUSPENSION_MESSAGES.untilPast)).toBe('endsAt');
    expect(suspendFieldOf(SUSPENSION_MESSAGES.ownAccount)).toBeUndefined();
    expect(liftFieldOf(SUSPENSION_MESSAGES.noteTooLong)).toBe('note');
    expect(liftFieldOf(SUSPENSION_MESSAGES.notSuspended)).toBeUndefined();
  });
});
