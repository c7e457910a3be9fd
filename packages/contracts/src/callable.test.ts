import { describe, expect, it } from 'vitest';
import {
  decodeFunctionError,
  encodeFunctionError,
  FUNCTION_STATUS_BY_HTTP,
  FUNCTION_WIRE_STATUS,
  type FunctionErrorStatus,
  fromWireStatus,
  functionErrorBodySchema,
  functionStatusForHttp,
  HTTP_BY_FUNCTION_STATUS,
  toWireStatus,
} from './callable';

describe('the functions status mapping (docs/product.md §8.2)', () => {
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

  it('has exactly the eleven statuses of docs/product.md §8.2', () => {
    expect(Object.keys(FUNCTION_STATUS_BY_HTTP)).toHaveLength(11);
  });
});

describe('the wire names', () => {
  it.each([
    ['invalid-argument', 'INVALID_ARGUMENT'],
    ['unauthenticated', 'UNAUTHENTICATED'],
    ['permission-denied', 'PERMISSION_DENIED'],
    ['not-found', 'NOT_FOUND'],
    ['aborted', 'ABORTED'],
    ['resource-exhausted', 'RESOURCE_EXHAUSTED'],
    ['cancelled', 'CANCELLED'],
    ['internal', 'INTERNAL'],
    ['unimplemented', 'UNIMPLEMENTED'],
    ['unavailable', 'UNAVAILABLE'],
    ['deadline-exceeded', 'DEADLINE_EXCEEDED'],
    ['unknown', 'UNKNOWN'],
  ] as const)('sends %s as %s and reads it back', (status, wire) => {
    expect(toWireStatus(status)).toBe(wire);
    expect(fromWireStatus(wire)).toBe(status);
  });

  it('names every code of the mapping, and unknown', () => {
    const codes = [...Object.values(FUNCTION_STATUS_BY_HTTP), 'unknown'].sort();
    expect(Object.keys(FUNCTION_WIRE_STATUS).sort()).toEqual(codes);
  });

  it.each(['invalid-argument', 'Invalid_Argument', 'ALREADY_EXISTS', 'OK', '', 400, null, undefined])(
    'reads %j as no wire name of ours',
    (wire) => {
      expect(fromWireStatus(wire)).toBeUndefined();
    },
  );
});

describe('encodeFunctionError', () => {
  it('puts the wire name in the body and leaves details out when there are none', () => {
    const body = encodeFunctionError('invalid-argument', 'Bad email.');
    expect(body).toEqual({ error: { status: 'INVALID_ARGUMENT', message: 'Bad email.' } });
    expect(Object.keys(body.error)).toEqual(['status', 'message']);
  });

  it('passes details through as they are', () => {
    const details = { code: 'wrong-password', fields: ['email'], nested: { n: 1 }, none: null };
    expect(encodeFunctionError('unauthenticated', 'No.', details)).toEqual({
      error: { status: 'UNAUTHENTICATED', message: 'No.', details },
    });
    expect(encodeFunctionError('aborted', 'Taken.', null).error.details).toBeNull();
  });

  it('writes bodies the wire schema accepts, and the schema refuses lower-case codes', () => {
    for (const status of Object.keys(FUNCTION_WIRE_STATUS) as FunctionErrorStatus[]) {
      expect(functionErrorBodySchema.safeParse(encodeFunctionError(status, 'm', { a: 1 })).success).toBe(true);
    }
    expect(functionErrorBodySchema.safeParse({ error: { status: 'not-found', message: 'm' } }).success).toBe(false);
  });
});

describe('decodeFunctionError', () => {
  it('prefers the body status when it is a wire name', () => {
    expect(decodeFunctionError(400, encodeFunctionError('resource-exhausted', 'Slow down.', { retry: 3 }))).toEqual({
      status: 'resource-exhausted',
      message: 'Slow down.',
      details: { retry: 3 },
    });
  });

  it('maps the HTTP status when the body status is missing or not ours, keeping the message', () => {
    expect(decodeFunctionError(404, { error: { message: 'Gone.' } })).toEqual({
      status: 'not-found',
      message: 'Gone.',
      details: undefined,
    });
    expect(decodeFunctionError(409, { error: { status: 'aborted', message: 'Taken.' } })).toMatchObject({
      status: 'aborted',
      message: 'Taken.',
    });
    expect(decodeFunctionError(418, { error: { status: 'ALREADY_EXISTS', message: 'Dup.' } })).toMatchObject({
      status: 'unknown',
      message: 'Dup.',
    });
  });

  it.each([['<html>bad gateway</html>'], [undefined], [null], [[1, 2]], [{ error: 'text' }], [{ message: 'x' }]])(
    'names the HTTP status when the body is not the protocol shape: %j',
    (body) => {
      expect(decodeFunctionError(503, body)).toEqual({
        status: 'unavailable',
        message: 'unavailable',
        details: undefined,
      });
      expect(decodeFunctionError(502, body)).toEqual({ status: 'unknown', message: 'unknown', details: undefined });
    },
  );
});
