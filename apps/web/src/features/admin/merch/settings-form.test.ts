import { describe, expect, it } from 'vitest';
import { checkMerchConfig, creditsExample } from './settings-form';

describe('the merch settings', () => {
  it('take a whole number of credits per dollar, marking the field otherwise', () => {
    expect(checkMerchConfig(' 120 ')).toEqual({ ok: true, value: { creditsPerUSD: 120 } });
    const refused = (message: string) => ({ ok: false, message, fields: { creditsPerUSD: message } });
    expect(checkMerchConfig('')).toEqual(refused('Credits per US dollar must be a whole number.'));
    expect(checkMerchConfig('1.5')).toEqual(refused('Credits per US dollar must be a whole number.'));
    expect(checkMerchConfig('0')).toEqual(refused('Credits per US dollar must be at least 1.'));
    expect(checkMerchConfig('100001')).toEqual(refused('Credits per US dollar can be at most 100000.'));
  });

  it('say what the seeded hoodie costs in credits, rounded up', () => {
    expect(creditsExample(100)).toBe('A $59.99 hoodie costs 5,999 credits.');
    expect(creditsExample(150)).toBe('A $59.99 hoodie costs 8,999 credits.');
    expect(creditsExample(1)).toBe('A $59.99 hoodie costs 60 credits.');
  });
});
