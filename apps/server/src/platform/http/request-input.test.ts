import { describe, expect, it } from 'vitest';
import { INPUT_MESSAGES, nestsDeeperThan, parseCheckedJson } from './request-input';

describe('nestsDeeperThan', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(nestsDeeperThan('[[[1]]]', 3)).toBe(false);
    expect(nestsDeeperThan('[[[[1]]]]', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[{}]}}', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":"[[[[[[[[","b":"{{{{{{{{"}', 3)).toBe(false);
    // An escaped quote does not end the string, so the brackets after it are still text.
    expect(nestsDeeperThan('{"a":"\\"[[[[[[[[\\\\","b":1}', 3)).toBe(false);
    expect(nestsDeeperThan('[[],[],[],[],[],[]]', 2)).toBe(false);
  });
});

describe('parseCheckedJson', () => {
  it('refuses a parsed NUL character but not the escape written out as text', () => {
    expect(() => parseCheckedJson('{"a":"x\\u0000"}', JSON.parse)).toThrow(INPUT_MESSAGES.nulInBody);
    expect(() => parseCheckedJson('{"x\\u0000":1}', JSON.parse)).toThrow(INPUT_MESSAGES.nulInBody);
    expect(parseCheckedJson('{"a":"x\\\\u0000"}', JSON.parse)).toEqual({ a: 'x\\u0000' });
  });
});
