import { describe, expect, it } from 'vitest';
import { FUNCTION_STATUS_BY_HTTP, functionStatusForHttp, HTTP_BY_FUNCTION_STATUS } from './callable';

describe('the functions status mapping (spec §8)', () => {
  it.each([
    [400, 'invalid-argument'],
    [401, 'unauthenticated'],
    [403, 'permission-denied'],
    [404, 'not-found'],
    [409, 'aborted'],
    [429, 'resource-exhausted'],
    [499, 'cancelled'],
    [500, 'internal'],
    [501, 'unimplemented'],
    [503, 'unavailable'],
    [504, 'deadline-exceeded'],
  ])('maps %i to %s and back', (http, status) => {
    expect(functionStatusForHttp(http)).toBe(status);
    expect(HTTP_BY_FUNCTION_STATUS[status as keyof typeof HTTP_BY_FUNCTION_STATUS]).toBe(http);
  });

  it.each([200, 302, 402, 418, 502])('calls %i unknown', (http) => {
    expect(functionStatusForHttp(http)).toBe('unknown');
  });

  it('has exactly the eleven statuses of the spec', () => {
    expect(Object.keys(FUNCTION_STATUS_BY_HTTP)).toHaveLength(11);
  });
});
