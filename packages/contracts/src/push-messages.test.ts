import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  PUSH_MESSAGES,
  PUSH_RECIPIENT_CATEGORIES,
  PUSH_RECIPIENT_LABELS,
  PUSH_SPEC_RECIPIENT_CATEGORIES,
  PUSH_WARNINGS,
  pushAudienceInputSchema,
  pushSendBatchInputSchema,
  readPushSendBatch,
} from './push-messages';

const DAY = 86_400_000;
const now = new Date('2026-11-26T12:00:00Z');
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();
const base = { recipientCategory: 'everyone', sendSchedule: 'now', title: 'Double XP', body: 'All weekend long.' };
const messagesOf = (input: unknown) => {
  const parsed = z.safeParse(pushSendBatchInputSchema, input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('a push message’s fields', () => {
  it('takes the fields of docs/product.md §7.6, null where the original leaves them empty', () => {
    expect(messagesOf({ ...base, activeDateTime: null, sendDate: null, userIDs: null })).toEqual([]);
    expect(messagesOf({ ...base, sendSchedule: 'scheduled', sendDate: iso(60_000) })).toEqual([]);
    expect(messagesOf({ ...base, recipientCategory: 'active', activeDateTime: iso(-7 * DAY) })).toEqual([]);
    expect(messagesOf({ ...base, recipientCategory: 'users', userIDs: ['a', 'b'] })).toEqual([]);
  });

  it('keeps the spec’s five categories as they are, and adds Outpost’s segment', () => {
    expect(PUSH_SPEC_RECIPIENT_CATEGORIES).toEqual(['everyone', 'beta-testers', 'partners', 'active', 'users']);
    expect(PUSH_RECIPIENT_CATEGORIES).toEqual([...PUSH_SPEC_RECIPIENT_CATEGORIES, 'segment']);
    expect(PUSH_RECIPIENT_LABELS.segment).toBe('A segment');
  });

  it('says what is wrong with a field, word for word', () => {
    expect(messagesOf({ ...base, title: ' ' })).toEqual([PUSH_MESSAGES.title]);
    expect(messagesOf({ ...base, title: 'x'.repeat(66) })).toEqual([PUSH_MESSAGES.title]);
    expect(messagesOf({ ...base, body: 'x'.repeat(241) })).toEqual([PUSH_MESSAGES.body]);
    expect(messagesOf({ ...base, recipientCategory: 'whales' })).toEqual([PUSH_MESSAGES.recipientCategory]);
    expect(messagesOf({ ...base, sendSchedule: 'later' })).toEqual([PUSH_MESSAGES.sendSchedule]);
    expect(messagesOf({ ...base, sendSchedule: 'scheduled', sendDate: 'tomorrow' })).toEqual([PUSH_MESSAGES.sendDate]);
    expect(messagesOf({ ...base, requestID: 'a b' })).toEqual([PUSH_MESSAGES.requestID]);
  });

  it('checks the rules between the fields', () => {
    const problems = (input: Record<string, unknown>) => {
      const read = readPushSendBatch({ ...base, ...input } as Parameters<typeof readPushSendBatch>[0], now);
      return read.ok ? [] : read.problems;
    };
    const at = (offset: number) => new Date(now.getTime() + offset).toISOString();
    expect(problems({ sendSchedule: 'scheduled' })).toEqual([PUSH_MESSAGES.sendDateNeeded]);
    expect(problems({ sendSchedule: 'scheduled', sendDate: '' })).toEqual([PUSH_MESSAGES.sendDateNeeded]);
    expect(problems({ sendSchedule: 'scheduled', sendDate: at(-1000) })).toEqual([PUSH_MESSAGES.sendDatePast]);
    expect(problems({ sendSchedule: 'scheduled', sendDate: at(91 * DAY) })).toEqual([PUSH_MESSAGES.sendDateTooFar]);
    expect(problems({ recipientCategory: 'active' })).toEqual([PUSH_MESSAGES.activeDateTimeNeeded]);
    expect(problems({ recipientCategory: 'active', activeDateTime: at(DAY) })).toEqual([
      PUSH_MESSAGES.activeDateTimeRange,
    ]);
    // The last 90 days as the admin's screen reckoned them a moment ago.
    expect(problems({ recipientCategory: 'active', activeDateTime: at(-90 * DAY - 60_000) })).toEqual([]);
    expect(problems({ recipientCategory: 'active', activeDateTime: at(-91 * DAY) })).toEqual([
      PUSH_MESSAGES.activeDateTimeRange,
    ]);
    expect(problems({ recipientCategory: 'users', userIDs: [] })).toEqual([PUSH_MESSAGES.userIDs]);
    expect(problems({ recipientCategory: 'users', userIDs: '' })).toEqual([PUSH_MESSAGES.userIDs]);
    expect(problems({ recipientCategory: 'users', userIDs: ['a', 'a'] })).toEqual([PUSH_MESSAGES.userIDs]);
    expect(problems({ recipientCategory: 'users', userIDs: [' '] })).toEqual([PUSH_MESSAGES.userID]);
    expect(problems({ recipientCategory: 'users', userIDs: Array.from({ length: 1001 }, (_, i) => `u${i}`) })).toEqual([
      PUSH_MESSAGES.userIDs,
    ]);
  });

  it('takes a segment by its ID, required and checked for a segment and ignored with a warning elsewhere', () => {
    const read = (input: Record<string, unknown>) =>
      readPushSendBatch({ ...base, ...input } as Parameters<typeof readPushSendBatch>[0], now);
    expect(read({ recipientCategory: 'segment', segmentID: 'whales', userIDs: ['a'] })).toEqual({
      ok: true,
      batch: {
        ...base,
        recipientCategory: 'segment',
        activeDateTime: null,
        sendDate: null,
        userIDs: null,
        segmentID: 'whales',
        warnings: [PUSH_WARNINGS.userIDs('segment')],
      },
    });
    expect(PUSH_WARNINGS.userIDs('segment')).toBe(
      'userIDs was ignored: it names chosen players, and this message goes to a segment.',
    );
    for (const missing of [undefined, null, '', ' ']) {
      expect(read({ recipientCategory: 'segment', segmentID: missing })).toEqual({
        ok: false,
        problems: [PUSH_MESSAGES.segmentIDNeeded],
      });
    }
    expect(read({ recipientCategory: 'segment', segmentID: 'Whales!' })).toEqual({
      ok: false,
      problems: [PUSH_MESSAGES.segmentID],
    });
    expect(messagesOf({ ...base, recipientCategory: 'segment', segmentID: 7 })).toEqual([PUSH_MESSAGES.segmentID]);
    // Another category: not read, whatever it holds, and named in the warnings.
    expect(read({ recipientCategory: 'partners', segmentID: 'Whales!' })).toMatchObject({
      ok: true,
      batch: { segmentID: null, warnings: [PUSH_WARNINGS.segmentID('partners')] },
    });
    expect(PUSH_WARNINGS.segmentID('partners')).toBe(
      'segmentID was ignored: it names a segment, and this message goes to partners.',
    );
  });

  it('measures a segment’s audience only with the segment named', () => {
    const audience = (input: unknown) => {
      const parsed = z.safeParse(pushAudienceInputSchema, input);
      return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    };
    expect(audience({ recipientCategory: 'segment', segmentID: 'whales' })).toEqual([]);
    expect(audience({ recipientCategory: 'segment' })).toEqual([PUSH_MESSAGES.segmentIDNeeded]);
    expect(audience({ recipientCategory: 'everyone', segmentID: null })).toEqual([]);
  });

  it('ignores a field its category or schedule does not take, and names it in the warnings', () => {
    const read = (input: Record<string, unknown>) =>
      readPushSendBatch({ ...base, ...input } as Parameters<typeof readPushSendBatch>[0], now);
    const at = (offset: number) => new Date(now.getTime() + offset).toISOString();
    // The original client's seven fields, a leftover value in each that does not apply.
    expect(read({ sendDate: at(DAY), activeDateTime: at(-DAY), userIDs: ['a'] })).toEqual({
      ok: true,
      batch: {
        ...base,
        activeDateTime: null,
        sendDate: null,
        userIDs: null,
        segmentID: null,
        warnings: [PUSH_WARNINGS.sendDate, PUSH_WARNINGS.activeDateTime('everyone'), PUSH_WARNINGS.userIDs('everyone')],
      },
    });
    // What does not apply is not read: a past or malformed time, a list of anything.
    expect(read({ sendDate: at(-DAY), activeDateTime: 'last week', userIDs: 'a, b' })).toMatchObject({
      ok: true,
      batch: {
        warnings: [PUSH_WARNINGS.sendDate, PUSH_WARNINGS.activeDateTime('everyone'), PUSH_WARNINGS.userIDs('everyone')],
      },
    });
    // Null, blank text and an empty list are fields left empty: nothing to warn about.
    expect(read({ sendDate: '', activeDateTime: null, userIDs: [] })).toMatchObject({
      ok: true,
      batch: { warnings: [] },
    });
    expect(read({ sendDate: ' ', userIDs: '' })).toMatchObject({ ok: true, batch: { warnings: [] } });
    // The fields that apply are kept as read, the others dropped.
    expect(
      read({
        recipientCategory: 'users',
        userIDs: [' a '],
        sendSchedule: 'scheduled',
        sendDate: at(DAY),
        activeDateTime: at(-DAY),
      }),
    ).toEqual({
      ok: true,
      batch: {
        ...base,
        recipientCategory: 'users',
        sendSchedule: 'scheduled',
        userIDs: ['a'],
        sendDate: at(DAY),
        activeDateTime: null,
        segmentID: null,
        warnings: [PUSH_WARNINGS.activeDateTime('users')],
      },
    });
  });
});
