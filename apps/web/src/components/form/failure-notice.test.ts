import { describe, expect, it } from 'vitest';
import { failureNotice } from './failure-notice';

describe('failureNotice', () => {
  it('says the server’s message, or the fallback when there is none', () => {
    expect(failureNotice(new Error('This code has been used up.'), 'Try again.')).toEqual({
      tone: 'error',
      text: 'This code has been used up.',
    });
    expect(failureNotice(new Error(''), 'Try again.')).toEqual({ tone: 'error', text: 'Try again.' });
    expect(failureNotice('not an error', 'Try again.')).toEqual({ tone: 'error', text: 'Try again.' });
    expect(failureNotice(undefined, 'Try again.').text).toBe('Try again.');
  });
});
