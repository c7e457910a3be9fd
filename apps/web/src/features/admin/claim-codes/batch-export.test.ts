import type { ClaimCodeBatch } from '@outpost/contracts/claim-codes';
import { describe, expect, it } from 'vitest';
import { batchCsv, batchFileName, grantText } from './batch-export';

const batch: ClaimCodeBatch = {
  claimCodeID: 'abcd1234efgh5678',
  batchName: 'Launch, "day one"',
  type: 'promo',
  uses: 1,
  credits: 1250,
  rewards: ['taco', 'boba-tea'],
  rewardItems: [
    { itemID: 'taco', name: 'Taco' },
    { itemID: 'boba-tea', name: 'Boba Tea' },
  ],
  isAvailable: true,
  availableCodes: ['k3x-09a', 'zz1-002'],
  usedCodes: ['aaa-111'],
  createdAt: '2026-11-28T10:00:00.000Z',
};

describe('batchCsv', () => {
  it('writes one row per code, available ones first, with the batch on every row', () => {
    expect(batchCsv(batch).split('\r\n')).toEqual([
      'Code,Status,Batch,Claim code ID,Type,Uses per code,Credits,Rewards',
      'k3x-09a,available,"Launch, ""day one""",abcd1234efgh5678,promo,1,1250,taco boba-tea',
      'zz1-002,available,"Launch, ""day one""",abcd1234efgh5678,promo,1,1250,taco boba-tea',
      'aaa-111,used up,"Launch, ""day one""",abcd1234efgh5678,promo,1,1250,taco boba-tea',
      '',
    ]);
  });

  it('keeps a batch name that looks like a formula from running in a spreadsheet', () => {
    expect(batchCsv({ ...batch, batchName: '=HYPERLINK("x")' })).toContain(`"'=HYPERLINK(""x"")"`);
  });
});

describe('batchFileName', () => {
  it('names the environment, the batch and its id', () => {
    expect(batchFileName(batch, 'production')).toBe('codes-production-launch-day-one-abcd1234efgh5678');
    expect(batchFileName({ ...batch, batchName: '!!!' }, 'beta')).toBe('codes-beta-abcd1234efgh5678');
  });
});

describe('grantText', () => {
  it('says what a code grants, items by name', () => {
    expect(grantText(batch)).toBe('1,250 credits + Taco, Boba Tea');
    expect(grantText({ credits: 1, rewardItems: [] })).toBe('1 credit');
    expect(grantText({ credits: 0, rewardItems: [{ itemID: 'hat-ranger-beanie', name: 'Ranger Beanie' }] })).toBe(
      'Ranger Beanie',
    );
  });
});
