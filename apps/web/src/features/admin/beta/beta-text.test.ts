import { describe, expect, it } from 'vitest';
import { answerLines, requestStatusLabel } from './beta-text';

describe('beta request text', () => {
  it('names the spec statuses and says an unknown one as it is', () => {
    expect([1, 2, 7].map(requestStatusLabel)).toEqual(['Requested', 'Accepted', 'Status 7']);
  });

  it('lists answers in the order given, with a dash for an empty one', () => {
    expect(answerLines({ platform: 'ios', hours: 12, tester: true, notes: null, why: '' })).toEqual([
      'platform: ios',
      'hours: 12',
      'tester: true',
      'notes: —',
      'why: —',
    ]);
  });
});
