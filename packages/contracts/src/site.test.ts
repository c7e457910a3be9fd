import { describe, expect, it } from 'vitest';
import { isSignupEmailValid, SIGNUP_MESSAGES, signupEmailSchema } from './site';

describe('the signup email rule (docs/product.md §5.1)', () => {
  it.each([
    ['', false],
    ['a@b.c', false],
    ['ab@c.d', true],
    ['abcdef', false],
    ['someone@example.com', true],
  ])('%j is valid: %s', (value, valid) => {
    expect(isSignupEmailValid(value)).toBe(valid);
  });

  it('normalises what it accepts and answers the message of docs/product.md §5.1 otherwise', () => {
    expect(signupEmailSchema.parse('  Someone@Example.COM ')).toBe('someone@example.com');
    const failure = signupEmailSchema.safeParse('nope');
    expect(failure.success).toBe(false);
    expect(failure.error?.issues[0]?.message).toBe(SIGNUP_MESSAGES.invalidEmail);
    expect(signupEmailSchema.safeParse(12).error?.issues[0]?.message).toBe(SIGNUP_MESSAGES.invalidEmail);
  });
});
