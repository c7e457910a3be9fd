import { type BetaRequest, betaRequestInputSchema } from '@outpost/contracts/beta';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { answersOf, requestData } from './beta-request-answers';

const request = (data: BetaRequest['data']): BetaRequest => ({
  userID: 'u1',
  email: 'ash@example.com',
  displayName: 'Ash',
  maxInvites: 2,
  inviteCode: null,
  timestamp: '2026-11-24T10:00:00.000Z',
  data,
  status: 1,
  updatedAt: '2026-11-24T10:00:00.000Z',
  acceptedAt: null,
});

describe('the beta request form’s answers', () => {
  it('starts blank, and fills in the stored text answers (anything else reads as unanswered)', () => {
    expect(answersOf(null)).toEqual({ platform: '', heardFrom: '', why: '' });
    expect(answersOf(request({ platform: 'ios', heardFrom: null, why: 7, other: 'kept' }))).toEqual({
      platform: 'ios',
      heardFrom: '',
      why: '',
    });
  });

  it('sends trimmed answers, an empty one as null, in a shape the server takes', () => {
    const data = requestData({ platform: 'android', heardFrom: '  a friend ', why: '   ' });
    expect(data).toEqual({ platform: 'android', heardFrom: 'a friend', why: null });
    expect(z.safeParse(betaRequestInputSchema, { data }).success).toBe(true);
  });
});
