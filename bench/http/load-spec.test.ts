import { describe, expect, it } from 'vitest';
import { addFailures, describeFailures, failureCount } from './load-spec';

describe('the failures of a load', () => {
  it('adds runs kind by kind and counts them in all', () => {
    const total = addFailures({ '409': 3, timeout: 1 }, {}, { '409': 2, '500': 1 });
    expect(total).toEqual({ '409': 5, timeout: 1, '500': 1 });
    expect(failureCount(total)).toBe(7);
    expect(failureCount({})).toBe(0);
  });

  it('says what went wrong, the most frequent first', () => {
    expect(describeFailures({ timeout: 1, '409': 12, 'connection error': 2 })).toBe(
      '12 answers 409, 2 connection errors, 1 timeout',
    );
    expect(describeFailures({ '503': 1 })).toBe('1 answer 503');
    expect(describeFailures({})).toBe('');
  });
});
