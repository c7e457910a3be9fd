import { REWARD_MAX_RECIPIENTS, REWARD_MAX_SCHEDULE_DAYS, REWARD_MESSAGES } from '@outpost/contracts/rewards';
import { describe, expect, it } from 'vitest';
import { CallableError, NETWORK_ERROR_MESSAGE } from '../../../lib/callable';
import {
  blankItem,
  checkReward,
  checkScheduledReward,
  everyoneSentText,
  isScheduled,
  newRequestID,
  newRewardDraft,
  playerCount,
  progressText,
  type RewardDraft,
  rewardText,
  SEGMENT_RECIPIENTS,
  sendFailure,
  sentText,
} from './reward-form';

describe('a scheduled reward to everyone', () => {
  const requestID = newRequestID();
  const NOW = new Date('2026-12-04T12:00:00.000Z');
  const local = (date: Date) => {
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  };
  const draftAt = (at: Date): RewardDraft => ({
    ...newRewardDraft(at.toISOString()),
    credits: '25',
    reason: 'Weekend gift',
  });

  it('starts from the calendar’s time as a reward to everyone given then', () => {
    const at = new Date('2026-12-05T18:00:00.000Z');
    const draft = newRewardDraft(at.toISOString());
    expect(draft).toMatchObject({ audience: 'everyone', sendLater: true, sendAt: local(at) });
    expect(isScheduled(draft)).toBe(true);
    expect(isScheduled(newRewardDraft())).toBe(false);
    expect(isScheduled({ ...draft, audience: 'partners' })).toBe(false);
  });

  it('sends the time as an instant, and refuses one past or too far ahead as the server does', () => {
    const at = new Date('2026-12-05T18:00:00.000Z');
    expect(checkScheduledReward(requestID, draftAt(at), NOW)).toEqual({
      ok: true,
      value: { requestID, credits: 25, items: [], reason: 'Weekend gift', sendAt: at.toISOString() },
    });
    const past = checkScheduledReward(requestID, draftAt(new Date('2026-12-04T11:00:00.000Z')), NOW);
    expect(past).toEqual({
      ok: false,
      message: REWARD_MESSAGES.sendAtPast,
      fields: { sendAt: REWARD_MESSAGES.sendAtPast },
    });
    const far = new Date(NOW.getTime() + (REWARD_MAX_SCHEDULE_DAYS + 1) * 86_400_000);
    expect(checkScheduledReward(requestID, draftAt(far), NOW)).toMatchObject({
      ok: false,
      message: REWARD_MESSAGES.sendAtTooFar,
    });
    expect(checkScheduledReward(requestID, { ...draftAt(at), sendAt: '' }, NOW)).toMatchObject({
      ok: false,
      message: REWARD_MESSAGES.sendAt,
    });
  });
});

describe('reward check', () => {
  const requestID = newRequestID();

  it('makes a request ID the schema accepts, new for each form', () => {
    expect(requestID).toMatch(/^reward-[0-9a-f-]{36}$/);
    expect(newRequestID()).not.toBe(requestID);
  });

  it('sends credits and items as numbers, with the reason trimmed', () => {
    const draft = { ...newRewardDraft(), credits: '250', reason: ' Launch party ' };
    draft.items = [{ ...blankItem(), itemID: 'boba-tea', quantity: '2' }];
    expect(checkReward(requestID, ['u-alex'], draft)).toEqual({
      ok: true,
      value: {
        requestID,
        userIDs: ['u-alex'],
        credits: 250,
        items: [{ itemID: 'boba-tea', quantity: 2 }],
        reason: 'Launch party',
      },
    });
  });

  it('sends an audience instead of the players chosen when one is picked', () => {
    const draft = { ...newRewardDraft(), audience: 'partners' as const, credits: '10', reason: 'Thanks' };
    expect(checkReward(requestID, ['u-alex'], draft)).toEqual({
      ok: true,
      value: { requestID, audience: 'partners', credits: 10, items: [], reason: 'Thanks' },
    });
  });

  it('sends the segment chosen instead of the players chosen, and asks for one until it is chosen', () => {
    const draft: RewardDraft = { ...newRewardDraft(), audience: SEGMENT_RECIPIENTS, credits: '10', reason: 'Thanks' };
    expect(checkReward(requestID, ['u-alex'], { ...draft, segmentID: 'whales' })).toEqual({
      ok: true,
      value: { requestID, segmentID: 'whales', credits: 10, items: [], reason: 'Thanks' },
    });
    expect(checkReward(requestID, ['u-alex'], draft)).toEqual({
      ok: false,
      message: REWARD_MESSAGES.segmentID,
      fields: { segmentID: REWARD_MESSAGES.segmentID },
    });
  });

  it('sends everyone without the players chosen, and with no limit on how many it reaches', () => {
    const draft = { ...newRewardDraft(), audience: 'everyone' as const, credits: '10', reason: 'Thanks' };
    const many = Array.from({ length: REWARD_MAX_RECIPIENTS + 1 }, (_, index) => `u-${index}`);
    expect(checkReward(requestID, many, draft)).toEqual({
      ok: true,
      value: { requestID, audience: 'everyone', credits: 10, items: [], reason: 'Thanks' },
    });
  });

  it('says the first problem in the form’s order, and marks every field at fault', () => {
    const empty = newRewardDraft();
    const emptyFields = {
      userIDs: REWARD_MESSAGES.userIDs,
      credits: REWARD_MESSAGES.nothingToGive,
      reason: REWARD_MESSAGES.reasonRequired,
    };
    expect(checkReward(requestID, [], empty)).toEqual({
      ok: false,
      message: REWARD_MESSAGES.userIDs,
      fields: emptyFields,
    });
    const tooMany = Array.from({ length: REWARD_MAX_RECIPIENTS + 1 }, (_, index) => `u-${index}`);
    expect(checkReward(requestID, tooMany, empty)).toEqual({
      ok: false,
      message: REWARD_MESSAGES.userIDs,
      fields: { userIDs: REWARD_MESSAGES.userIDs, reason: REWARD_MESSAGES.reasonRequired },
    });
    expect(checkReward(requestID, ['u-alex'], { ...empty, reason: 'Thanks' })).toEqual({
      ok: false,
      message: REWARD_MESSAGES.nothingToGive,
      fields: { credits: REWARD_MESSAGES.nothingToGive },
    });
    expect(checkReward(requestID, ['u-alex'], { ...empty, credits: '1.5', reason: 'Thanks' })).toEqual({
      ok: false,
      message: REWARD_MESSAGES.credits,
      fields: { credits: REWARD_MESSAGES.credits },
    });
    const badItem = { ...empty, reason: 'Thanks', items: [{ ...blankItem(), itemID: 'taco', quantity: '0' }] };
    expect(checkReward(requestID, ['u-alex'], badItem)).toEqual({
      ok: false,
      message: `Item 1: ${REWARD_MESSAGES.quantity}`,
      fields: { 'items.0.quantity': `Item 1: ${REWARD_MESSAGES.quantity}` },
    });
    expect(checkReward(requestID, ['u-alex'], { ...empty, credits: '5' })).toEqual({
      ok: false,
      message: REWARD_MESSAGES.reasonRequired,
      fields: { reason: REWARD_MESSAGES.reasonRequired },
    });
  });
});

describe('reward text', () => {
  it('says what each player gets', () => {
    expect(rewardText({ credits: 1500, items: [{ itemID: 'taco', quantity: 2 }] })).toBe('1,500 credits and 2 × taco');
    expect(rewardText({ credits: 0, items: [{ itemID: 'taco', quantity: 1 }] })).toBe('1 × taco');
    // Named once the name is known: the answer's items, or the editor's suggestions.
    expect(
      rewardText({
        credits: 250,
        items: [
          { itemID: 'emote-salute', quantity: 1, name: 'Salute Emote' },
          { itemID: 'boba-tea', quantity: 2, name: 'Boba Tea' },
        ],
      }),
    ).toBe('250 credits and 1 × Salute Emote and 2 × Boba Tea');
    expect([playerCount(1), playerCount(3), playerCount(2541)]).toEqual(['1 player', '3 players', '2,541 players']);
  });
});

describe('a send answered', () => {
  const answer = { audience: null, segment: null, given: ['u-alex', 'u-bo'] };
  it('says how many it reached, or that everyone named had the reward', () => {
    expect(sentText(answer)).toBe('Reward sent to 2 players.');
    expect(sentText({ ...answer, given: [] })).toBe(
      'Nothing was sent twice: every player listed had this reward already.',
    );
    expect(sentText({ ...answer, audience: 'beta-testers', given: [] })).toBe(
      'Nothing was sent twice: every player in Beta testers had this reward already.',
    );
    expect(sentText({ ...answer, segment: { segmentID: 'whales', name: 'Whales' }, given: [] })).toBe(
      'Nothing was sent twice: every player in the segment “Whales” had this reward already.',
    );
  });
});

describe('a reward to everyone', () => {
  const queued = { state: 'queued' as const, reached: 0, playersAtSend: 2541 };

  it('says it is queued for the job with the players counted, or done when sent again after', () => {
    expect(everyoneSentText(queued)).toBe(
      'Reward queued for everyone: a background job gives it to about 2,541 players, in batches. Its progress is in the list below.',
    );
    expect(everyoneSentText({ ...queued, state: 'done', reached: 2540 })).toBe(
      'Nothing was sent twice: this reward to everyone is done, 2,540 players reached.',
    );
  });

  it('shows its progress', () => {
    expect(progressText({ reached: 1000, playersAtSend: 2541 })).toBe('1,000 of 2,541');
  });
});

describe('a failed send', () => {
  it('says the outcome is unknown when no answer came, and to send the same reward again', () => {
    for (const error of [
      new CallableError('unavailable', NETWORK_ERROR_MESSAGE),
      new CallableError('deadline-exceeded', 'No answer within 70000 ms.'),
    ]) {
      const failure = sendFailure(error);
      expect(failure.outcomeKnown).toBe(false);
      expect(failure.text).toBe(
        `It is not known whether the reward was sent: ${error.message} Press Send reward again: it keeps its request ID, so no player gets it twice.`,
      );
    }
  });

  it('says the reward was not sent when the server refused it', () => {
    const failure = sendFailure(new CallableError('invalid-argument', 'No player has the user ID nobody.'));
    expect(failure).toEqual({
      outcomeKnown: true,
      text: 'The reward was not sent. No player has the user ID nobody.',
    });
  });
});
