import { GENERATED_CODE_PATTERN } from '@outpost/contracts/claim-codes';
import { describe, expect, it } from 'vitest';
import { generateCode, newClaimCodeID } from './code-names';

describe('generated names', () => {
  it('makes codes of two 3-character lower-case alphanumeric groups, using the whole alphabet', () => {
    const codes = Array.from({ length: 5000 }, () => generateCode());
    for (const code of codes) expect(code).toMatch(GENERATED_CODE_PATTERN);
    const characters = new Set(codes.join('').replaceAll('-', ''));
    expect(characters.size).toBe(36);
    // Repeats are possible (the batch writer draws again), but rare: 5000 draws from 36^6 names.
    expect(new Set(codes).size).toBeGreaterThan(codes.length - 5);
  });

  it('makes claimCodeIDs of two random base-36 strings', () => {
    const ids = Array.from({ length: 1000 }, () => newClaimCodeID());
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
