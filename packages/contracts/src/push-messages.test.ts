import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { PUSH_MESSAGES, pushInputProblems, pushSendBatchInputSchema } from './push-messages';

const DAY = 86_400_000;
const now = new Date('2026-11-26T12:00:00Z');
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();
const base = { recipientCategory: 'everyone', sendSchedule: 'now', title: 'Double XP', body: 'All weekend long.' };
const messagesOf = (input: unknown) => {
  const parsed = z.safeParse(pushSendBatchInputSchema, input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('a push message’s fields', () => {
  it('takes the spec’s fields, null where the spec leaves them empty', () => {
    expect(messagesOf({ ...base, activeDateTime: null, sendDate: null, userIDs: null })).toEqual([]);
    expect(messagesOf({ ...base, sendSchedule: 'scheduled', sendDate: iso(60_000) })).toEqual([]);
    expect(messagesOf({ ...base, recipientCategory: 'active', activeDateTime: iso(-7 * DAY) })).toEqual([]);
    expect(messagesOf({ ...base, recipientCategory: 'users', userIDs: ['a', 'b'] })).toEqual([]);
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
    const problems = (input: Partial<Parameters<typeof pushInputProblems>[0]>) =>
      pushInputProblems({ recipientCategory: 'everyone', sendSchedule: 'now', ...input }, now);
    const at = (offset: number) => new Date(now.getTime() + offset).toISOString();
    expect(problems({ sendSchedule: 'scheduled' })).toEqual([PUSH_MESSAGES.sendDateNeeded]);
    expect(problems({ sendSchedule: 'scheduled', sendDate: at(-1000) })).toEqual([PUSH_MESSAGES.sendDatePast]);
    expect(problems({ sendSchedule: 'scheduled', sendDate: at(91 * DAY) })).toEqual([PUSH_MESSAGES.sendDateTooFar]);
    expect(problems({ sendDate: at(DAY) })).toEqual([PUSH_MESSAGES.sendDateUnwanted]);
    expect(problems({ recipientCategory: 'active' })).toEqual([PUSH_MESSAGES.activeDateTimeNeeded]);
    expect(problems({ recipientCategory: 'active', activeDateTime: at(DAY) })).toEqual([
      PUSH_MESSAGES.activeDateTimeRange,
    ]);
    // The last 90 days as the admin's screen reckoned them a moment ago.
    expect(problems({ recipientCategory: 'active', activeDateTime: at(-90 * DAY - 60_000) })).toEqual([]);
    expect(problems({ recipientCategory: 'active', activeDateTime: at(-91 * DAY) })).toEqual([
      PUSH_MESSAGES.activeDateTimeRange,
    ]);
    expect(problems({ activeDateTime: at(-DAY) })).toEqual([PUSH_MESSAGES.activeDateTimeUnwanted]);
    expect(problems({ recipientCategory: 'users', userIDs: [] })).toEqual([PUSH_MESSAGES.userIDs]);
    expect(problems({ recipientCategory: 'users', userIDs: ['a', 'a'] })).toEqual([PUSH_MESSAGES.userIDs]);
    expect(problems({ recipientCategory: 'users', userIDs: Array.from({ length: 1001 }, (_, i) => `u${i}`) })).toEqual([
      PUSH_MESSAGES.userIDs,
    ]);
    expect(problems({ userIDs: ['a'] })).toEqual([PUSH_MESSAGES.userIDsUnwanted]);
  });
});
