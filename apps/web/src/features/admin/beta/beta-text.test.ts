import { describe, expect, it } from 'vitest';
import { answersText, requestStatusLabel } from './beta-text';

describe('beta request text', () => {
  it('names the statuses of docs/product.md §4.3 and says an unknown one as it is', () => {
    expect([1, 2, 7].map(requestStatusLabel)).toEqual(['Requested', 'Accepted', 'Status 7']);
  });

  it('puts the answers on one line of labelled words, in the order given', () => {
    expect(answersText({ platform: 'android', heardFrom: 'A friend', why: null })).toBe(
      'Platform: Android; Heard from: A friend; Why they want to join: —',
    );
    expect(answersText({})).toBe('');
  });
});
