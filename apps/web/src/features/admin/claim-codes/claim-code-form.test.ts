import { CLAIM_CODE_MESSAGES } from '@outpost/contracts/claim-codes';
import { ITEM_MESSAGES } from '@outpost/contracts/items';
import { describe, expect, it } from 'vitest';
import { type BatchDraft, checkNewBatch, customCodePreview, newBatchDraft, rewardList } from './claim-code-form';

const draft = (overrides: Partial<BatchDraft>): BatchDraft => ({
  ...newBatchDraft(),
  batchName: 'Launch',
  type: 'promo',
  credits: '100',
  ...overrides,
});

describe('checkNewBatch', () => {
  it('turns the fields into the create request', () => {
    expect(checkNewBatch(draft({ batchQuantity: '25', uses: ' 2 ', rewards: 'taco, boba-tea\ntaco' }))).toEqual({
      ok: true,
      value: {
        batchName: 'Launch',
        type: 'promo',
        uses: 2,
        batchQuantity: 25,
        credits: 100,
        rewards: ['taco', 'boba-tea', 'taco'],
        customCodeName: '',
      },
    });
  });

  it.each([
    ['no batch name', { batchName: ' ' }, CLAIM_CODE_MESSAGES.batchNameRequired, 'batchName'],
    ['no type', { type: '' }, CLAIM_CODE_MESSAGES.typeRequired, 'type'],
    ['uses of 0', { uses: '0' }, CLAIM_CODE_MESSAGES.usesInvalid, 'uses'],
    ['uses that are no number', { uses: 'many' }, CLAIM_CODE_MESSAGES.usesInvalid, 'uses'],
    ['empty uses', { uses: '' }, CLAIM_CODE_MESSAGES.usesInvalid, 'uses'],
    ['a quantity of 1001', { batchQuantity: '1001' }, CLAIM_CODE_MESSAGES.quantityInvalid, 'batchQuantity'],
    ['fractional credits', { credits: '2.5' }, CLAIM_CODE_MESSAGES.creditsInvalid, 'credits'],
    ['a reward with a slash', { rewards: 'taco/2' }, ITEM_MESSAGES.itemIdCharacters, 'rewards'],
    ['nothing to grant', { credits: '0' }, CLAIM_CODE_MESSAGES.nothingToGrant, 'credits'],
    [
      'a custom name for many codes',
      { batchQuantity: '5', customCodeName: 'vip' },
      CLAIM_CODE_MESSAGES.customNameOnlyForOne,
      'customCodeName',
    ],
  ])('refuses %s with the server’s message', (_name, overrides, message, field) => {
    expect(checkNewBatch(draft(overrides))).toEqual({ ok: false, message, fields: { [field]: message } });
  });

  it('names the highest field in the form’s order and marks every field at fault', () => {
    expect(checkNewBatch(draft({ batchName: '', uses: '0', batchQuantity: '0', rewards: 'a/b' }))).toEqual({
      ok: false,
      message: CLAIM_CODE_MESSAGES.batchNameRequired,
      fields: {
        batchName: CLAIM_CODE_MESSAGES.batchNameRequired,
        batchQuantity: CLAIM_CODE_MESSAGES.quantityInvalid,
        uses: CLAIM_CODE_MESSAGES.usesInvalid,
        rewards: ITEM_MESSAGES.itemIdCharacters,
      },
    });
  });

  it('accepts a custom name for a batch of one', () => {
    const checked = checkNewBatch(draft({ customCodeName: 'Summer Sale' }));
    expect(checked.ok && checked.value.customCodeName).toBe('Summer Sale');
  });
});

describe('rewardList', () => {
  it('splits on commas, spaces and new lines', () => {
    expect(rewardList(' taco,,boba-tea \n hat ')).toEqual(['taco', 'boba-tea', 'hat']);
    expect(rewardList('   ')).toEqual([]);
  });
});

describe('customCodePreview', () => {
  it('shows the code a custom name becomes', () => {
    expect(customCodePreview('  Summer Sale ')).toBe('summer-sale');
    expect(customCodePreview('Café')).toBe('caf%C3%A9');
    expect(customCodePreview('  ')).toBeNull();
  });
});
