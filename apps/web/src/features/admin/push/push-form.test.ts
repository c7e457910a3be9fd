import { PUSH_MESSAGES, PUSH_WARNINGS } from '@outpost/contracts/push-messages';
import { describe, expect, it } from 'vitest';
import { toLocalDateTime } from '../components/local-time';
import {
  ACTIVE_DAYS_MESSAGE,
  audienceOf,
  audienceText,
  CHOOSE_SEGMENT_MESSAGE,
  checkPushDraft,
  countsText,
  lockScreenBody,
  newPushDraft,
  reachText,
  sentNotice,
} from './push-form';

const now = new Date('2026-11-26T12:00:00Z');
const draft = (fields: Partial<ReturnType<typeof newPushDraft>> = {}) => ({
  ...newPushDraft(),
  title: 'Double XP',
  body: 'All weekend long.',
  ...fields,
});

describe('the push composer', () => {
  it('sends to the players picked by name and the IDs pasted, each once', () => {
    const ash = { userID: 'a', displayName: 'Ash', email: 'ash@example.com' };
    expect(audienceOf(draft({ recipientCategory: 'users', chosen: [ash], userIDs: ' b, a\nc ' }), now)).toEqual({
      recipientCategory: 'users',
      activeDateTime: null,
      userIDs: ['a', 'b', 'c'],
    });
  });

  it('asks the server about the audience only once its field is a value', () => {
    expect(audienceOf(draft(), now)).toEqual({ recipientCategory: 'everyone', activeDateTime: null, userIDs: null });
    expect(audienceOf(draft({ recipientCategory: 'active', activeDays: '7' }), now)).toEqual({
      recipientCategory: 'active',
      activeDateTime: '2026-11-19T12:00:00.000Z',
      userIDs: null,
    });
    expect(audienceOf(draft({ recipientCategory: 'active', activeDays: 'week' }), now)).toBeNull();
    // One key a minute, not one a render: the audience is asked again only when the minute turns.
    const within = new Date(now.getTime() + 59_000);
    expect(audienceOf(draft({ recipientCategory: 'active' }), within)).toEqual(
      audienceOf(draft({ recipientCategory: 'active' }), now),
    );
    expect(audienceOf(draft({ recipientCategory: 'users', userIDs: ' ' }), now)).toBeNull();
  });

  it('sends to a segment once one is chosen, and names it in the history', () => {
    expect(audienceOf(draft({ recipientCategory: 'segment' }), now)).toBeNull();
    expect(audienceOf(draft({ recipientCategory: 'segment', segmentID: 'whales' }), now)).toEqual({
      recipientCategory: 'segment',
      activeDateTime: null,
      userIDs: null,
      segmentID: 'whales',
    });
    expect(checkPushDraft(draft({ recipientCategory: 'segment' }), now)).toEqual({
      ok: false,
      message: CHOOSE_SEGMENT_MESSAGE,
      fields: { segmentID: CHOOSE_SEGMENT_MESSAGE },
    });
    const ok = checkPushDraft(draft({ recipientCategory: 'segment', segmentID: 'whales', userIDs: 'a' }), now);
    expect(ok.ok && ok.input).toMatchObject({ recipientCategory: 'segment', segmentID: 'whales', userIDs: null });
    // Another category sends no segment, whatever was chosen before.
    const partners = checkPushDraft(draft({ recipientCategory: 'partners', segmentID: 'whales' }), now);
    expect(partners.ok && partners.input).toMatchObject({ segmentID: null });
    expect(audienceText({ recipientCategory: 'segment', segmentID: 'whales', segmentName: 'Whales' })).toBe(
      'Segment “Whales”',
    );
    expect(audienceText({ recipientCategory: 'segment', segmentID: 'whales', segmentName: null })).toBe(
      'Segment “whales”',
    );
    expect(audienceText({ recipientCategory: 'partners', segmentID: null, segmentName: null })).toBe('Partners');
  });

  it('builds the fields of docs/product.md §7.6, or says what is wrong in the contracts’ words', () => {
    const inTwoDays = toLocalDateTime(new Date(Date.now() + 2 * 86_400_000).toISOString());
    const ok = checkPushDraft(draft({ sendSchedule: 'scheduled', sendAt: inTwoDays }), new Date());
    expect(ok.ok && ok.input).toMatchObject({ sendSchedule: 'scheduled', title: 'Double XP', activeDateTime: null });
    expect(checkPushDraft(draft({ title: '' }), now)).toEqual({
      ok: false,
      message: PUSH_MESSAGES.title,
      fields: { title: PUSH_MESSAGES.title },
    });
    expect(checkPushDraft(draft({ sendSchedule: 'scheduled' }), now)).toEqual({
      ok: false,
      message: 'Give the date and time to send it at.',
      fields: { sendAt: 'Give the date and time to send it at.' },
    });
    expect(checkPushDraft(draft({ recipientCategory: 'active', activeDays: '0' }), now)).toEqual({
      ok: false,
      message: ACTIVE_DAYS_MESSAGE,
      fields: { activeDays: ACTIVE_DAYS_MESSAGE },
    });
  });

  it('points at every field of an empty form, each with its own words', () => {
    const empty = { ...newPushDraft(), recipientCategory: 'users' as const, sendSchedule: 'scheduled' as const };
    const checked = checkPushDraft(empty, now);
    expect(checked).toEqual({
      ok: false,
      message: PUSH_MESSAGES.title,
      fields: {
        title: PUSH_MESSAGES.title,
        body: PUSH_MESSAGES.body,
        userIDs: 'Choose 1 to 1000 players by name, or give their user IDs.',
        sendAt: 'Give the date and time to send it at.',
      },
    });
  });

  it('says how far a message reaches in words that agree with the counts', () => {
    expect(reachText({ devices: 1, players: 1 })).toBe('1 device of 1 player');
    expect(reachText({ devices: 1204, players: 980 })).toBe('1,204 devices of 980 players');
    expect(reachText({ devices: 0, players: 0 })).toBe('0 devices of 0 players');
  });

  it('says when the message goes, and each field the server ignored', () => {
    expect(sentNotice({ state: 'sending', sendDate: now.toISOString(), warnings: [] })).toBe(
      'Sending. The history below follows it.',
    );
    expect(sentNotice({ state: 'sending', sendDate: now.toISOString(), warnings: [PUSH_WARNINGS.sendDate] })).toBe(
      `Sending. The history below follows it. ${PUSH_WARNINGS.sendDate}`,
    );
    expect(sentNotice({ state: 'scheduled', sendDate: now.toISOString(), warnings: [] })).toMatch(
      /^Scheduled for .+\. It is in the history below until then\.$/,
    );
  });

  it('cuts the body where a locked phone does, and counts in words', () => {
    expect(lockScreenBody('short')).toBe('short');
    const long = lockScreenBody('x'.repeat(200));
    expect(long).toHaveLength(110);
    expect(long.endsWith('…')).toBe(true);
    expect(countsText({ sent: 1204, failed: 3, pruned: 2 })).toBe('1,204 sent · 3 failed · 2 pruned');
  });

  it('schedules a message at the time the calendar chose, and sends a blank one now', () => {
    const at = new Date(2026, 11, 4, 15, 0).toISOString();
    expect(newPushDraft(at)).toMatchObject({ sendSchedule: 'scheduled', sendAt: '2026-12-04T15:00' });
    expect(newPushDraft()).toMatchObject({ sendSchedule: 'now', sendAt: '' });
  });
});
