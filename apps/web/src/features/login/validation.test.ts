import { AUTH_MESSAGES, DISPLAY_NAME_RULE, PASSWORD_MIN_LENGTH } from '@outpost/contracts/identity';
import { describe, expect, it } from 'vitest';
import { checkDisplayName, checkEmail, checkNewPassword, checkPassword, validate } from './validation';

describe('login form checks', () => {
  it("refuses a bad email with 'Invalid Email' (docs/product.md §8.1) and normalises a good one", () => {
    for (const bad of ['', 'nobody.example.com', 'a@', '@b.co']) {
      expect(checkEmail(bad)).toEqual({ ok: false, error: AUTH_MESSAGES['invalid-email'] });
    }
    expect(checkEmail('  Scout@Example.com ')).toEqual({ ok: true, value: 'scout@example.com' });
  });

  it('uses the display-name rule of the contracts', () => {
    expect(checkDisplayName('ab')).toEqual({ ok: false, error: DISPLAY_NAME_RULE });
    expect(checkDisplayName('no spaces')).toEqual({ ok: false, error: DISPLAY_NAME_RULE });
    expect(checkDisplayName(' ash_1 ')).toEqual({ ok: true, value: 'ash_1' });
  });

  it('asks for a long enough new password, and for any password at login', () => {
    expect(checkNewPassword('x'.repeat(PASSWORD_MIN_LENGTH - 1))).toEqual({
      ok: false,
      error: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
    });
    expect(checkNewPassword('x'.repeat(129))).toMatchObject({ ok: false });
    expect(checkNewPassword(' spaced password ')).toEqual({ ok: true, value: ' spaced password ' });
    expect(checkPassword('')).toEqual({ ok: false, error: 'Enter your password.' });
    expect(checkPassword('short')).toEqual({ ok: true, value: 'short' });
  });

  it('reports every invalid field at once, or all values', () => {
    expect(validate({ email: checkEmail('bad'), password: checkPassword('') })).toEqual({
      ok: false,
      errors: { email: AUTH_MESSAGES['invalid-email'], password: 'Enter your password.' },
    });
    expect(validate({ email: checkEmail('a@b.co'), password: checkPassword('pw') })).toEqual({
      ok: true,
      values: { email: 'a@b.co', password: 'pw' },
    });
  });
});
