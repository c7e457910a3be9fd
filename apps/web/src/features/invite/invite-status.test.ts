import { BETA_MESSAGES } from '@outpost/contracts/beta';
import { describe, expect, it } from 'vitest';
import { refusalOf } from './invite-status';

describe('an invite’s state as the player reads it', () => {
  it('lets a claimable invite be claimed and gives the reason of docs/product.md §4.2 for the others', () => {
    expect(refusalOf('claimable')).toBeNull();
    expect(refusalOf('expired')).toBe(BETA_MESSAGES.inviteExpired);
    expect(refusalOf('own')).toBe(BETA_MESSAGES.inviteOwn);
    expect(refusalOf('claimed')).toBe(BETA_MESSAGES.inviteAlreadyClaimed);
    expect(refusalOf('claimed-by-you')).toBe(BETA_MESSAGES.inviteClaimedByYou);
  });
});
