import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { BETA_MESSAGES, betaConfigSchema, createAdminInviteInputSchema, DEFAULT_BETA_CONFIG } from './beta';

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
