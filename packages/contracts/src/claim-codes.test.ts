import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  CLAIM_CODE_MESSAGES,
  claimCodeName,
  createClaimCodeBatchInputSchema,
  redeemCodeInputSchema,
} from './claim-codes';

describe('claimCodeName (docs/product.md §5.6)', () => {
  it.each([
    ['Summer Sale', 'summer-sale'],
    ['  summer   sale  ', 'summer-sale'],
    ['SUMMER-SALE', 'summer-sale'],
    ['abc-123', 'abc-123'],
    ['Café Crème', 'caf%C3%A9-cr%C3%A8me'],
    ['caf%C3%A9-cr%C3%A8me', 'caf%C3%A9-cr%C3%A8me'],
    ['100% off', '100%25-off'],
    ['100%25-off', '100%25-off'],
    ['a/b?c', 'a%2Fb%3Fc'],
  ])('names %j %j', (typed, code) => {
    expect(claimCodeName(typed)).toBe(code);
  });

  it('gives a stored name back unchanged, so a code found once is found again', () => {
    for (const typed of ['Summer Sale', 'Café Crème', '100% off', 'x y/z']) {
      const code = claimCodeName(typed);
      expect(claimCodeName(code)).toBe(code);
    }
  });
});

describe('a broken character (a lone UTF-16 surrogate)', () => {
  it('is named, not thrown on (encodeURIComponent throws on it)', () => {
    expect(claimCodeName('sale\ud800')).toBe('sale%EF%BF%BD');
  });

  it('is refused in a code to redeem and in a custom name, in words', () => {
    const redeem = z.safeParse(redeemCodeInputSchema, { code: '\ud800' });
    expect(redeem.error?.issues[0]?.message).toBe(CLAIM_CODE_MESSAGES.codeBroken);
    const batch = { batchName: 'B', type: 'promo', uses: 1, batchQuantity: 1, credits: 5, customCodeName: 'x\udc00' };
    const create = z.safeParse(createClaimCodeBatchInputSchema, batch);
    expect(create.error?.issues[0]?.message).toBe(CLAIM_CODE_MESSAGES.customNameBroken);
    // A whole emoji is a surrogate pair, not a broken character.
    expect(z.safeParse(redeemCodeInputSchema, { code: 'sale-😀' }).success).toBe(true);
  });
});

describe('createClaimCodeBatchInputSchema', () => {
  const valid = { batchName: ' Launch ', type: ' promo ', uses: 1, batchQuantity: 10, credits: 100 };

  it('trims text and defaults rewards to none', () => {
    expect(z.parse(createClaimCodeBatchInputSchema, valid)).toEqual({
      batchName: 'Launch',
      type: 'promo',
      uses: 1,
      batchQuantity: 10,
      credits: 100,
      rewards: [],
    });
  });

  it('allows a custom name only for a batch of one', () => {
    const many = z.safeParse(createClaimCodeBatchInputSchema, { ...valid, customCodeName: 'vip' });
    expect(many.error?.issues[0]?.message).toBe(CLAIM_CODE_MESSAGES.customNameOnlyForOne);
    const one = z.safeParse(createClaimCodeBatchInputSchema, { ...valid, batchQuantity: 1, customCodeName: 'vip' });
    expect(one.success).toBe(true);
  });

  it('asks for something to grant', () => {
    const nothing = z.safeParse(createClaimCodeBatchInputSchema, { ...valid, credits: 0 });
    expect(nothing.error?.issues[0]?.message).toBe(CLAIM_CODE_MESSAGES.nothingToGrant);
    expect(z.safeParse(createClaimCodeBatchInputSchema, { ...valid, credits: 0, rewards: ['taco'] }).success).toBe(
      true,
    );
  });
});
