import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  BETA_MESSAGES,
  BETA_PLATFORM_LABELS,
  BETA_PLATFORMS,
  betaConfigSchema,
  betaRequestAnswers,
  createAdminInviteInputSchema,
  DEFAULT_BETA_CONFIG,
} from './beta';

const messages = (schema: z.ZodMiniType, value: unknown) =>
  z.safeParse(schema, value).error?.issues.map((issue) => issue.message);

describe('whole days', () => {
  it('says its rule for a missing value or one of the wrong type, not "Invalid input"', () => {
    expect(messages(createAdminInviteInputSchema, {})).toEqual([BETA_MESSAGES.validDays]);
    expect(messages(createAdminInviteInputSchema, { validDays: true })).toEqual([BETA_MESSAGES.validDays]);
    expect(messages(betaConfigSchema, { ...DEFAULT_BETA_CONFIG, inviteLifetimeDays: null })).toEqual([
      BETA_MESSAGES.inviteLifetimeDays,
    ]);
  });

  it('reads whole days from text or a number', () => {
    expect(z.parse(createAdminInviteInputSchema, { validDays: ' 14 ' })).toEqual({ validDays: 14 });
    expect(z.parse(createAdminInviteInputSchema, { validDays: 365 })).toEqual({ validDays: 365 });
    expect(messages(createAdminInviteInputSchema, { validDays: '366' })).toEqual([BETA_MESSAGES.validDays]);
  });
});

describe('a beta request’s answers in words', () => {
  it('labels the form’s questions, names the platform, and words the rest', () => {
    expect(
      betaRequestAnswers({ platform: 'ios', heardFrom: 'A friend', why: '', hours: 12, tester: true, notes: null }),
    ).toEqual([
      { name: 'platform', label: 'Platform', value: BETA_PLATFORM_LABELS.ios },
      { name: 'heardFrom', label: 'Heard from', value: 'A friend' },
      { name: 'why', label: 'Why they want to join', value: '—' },
      { name: 'hours', label: 'Hours', value: '12' },
      { name: 'tester', label: 'Tester', value: 'Yes' },
      { name: 'notes', label: 'Notes', value: '—' },
    ]);
  });

  it('names every platform the form offers, and shows one it does not know as given', () => {
    for (const platform of BETA_PLATFORMS) {
      expect(betaRequestAnswers({ platform })[0]?.value).toBe(BETA_PLATFORM_LABELS[platform]);
    }
    expect(betaRequestAnswers({ platform: 'switch' })[0]?.value).toBe('switch');
    expect(betaRequestAnswers({ tester: false })[0]?.value).toBe('No');
  });
});
