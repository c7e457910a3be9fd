import { SHOP_MESSAGES, type ShopMachine } from '@outpost/contracts/shop';
import { describe, expect, it } from 'vitest';
import { packBlocker, SIGN_IN_TO_BUY, SIGN_IN_TO_SPIN, spinBlocker } from './blockers';

const machine: ShopMachine = {
  machineID: 'crate',
  name: 'Crate',
  description: '',
  available: true,
  costCredits: 300,
  costUSD: null,
  prizes: [{ prizeID: 'cap', name: 'Cap', odds: 1, stock: 3 }] as ShopMachine['prizes'],
  drops: [],
  spinnable: true,
};
const ready = { shopOpen: true, signedIn: true, balance: 300 };

describe('spinBlocker', () => {
  it('says why a spin cannot be taken, the shop’s reasons before the player’s, and nothing when it can', () => {
    expect(spinBlocker(machine, ready)).toBeNull();
    expect(spinBlocker(machine, { ...ready, shopOpen: false, signedIn: false })).toBe(SHOP_MESSAGES.notOpenYet);
    expect(spinBlocker({ ...machine, available: false }, ready)).toBe(SHOP_MESSAGES.machineUnavailable);
    const gone = { ...machine, spinnable: false, prizes: [{ ...machine.prizes[0], stock: 0 }] } as ShopMachine;
    expect(spinBlocker(gone, ready)).toBe(SHOP_MESSAGES.soldOut);
    expect(spinBlocker({ ...machine, spinnable: false }, ready)).toBe(SHOP_MESSAGES.dropClosed);
    expect(spinBlocker(machine, { ...ready, signedIn: false, balance: null })).toBe(SIGN_IN_TO_SPIN);
    expect(spinBlocker(machine, { ...ready, balance: 299 })).toBe(SHOP_MESSAGES.notEnoughCredits);
    // A balance not known yet blocks nothing: the server still checks.
    expect(spinBlocker(machine, { ...ready, balance: null })).toBeNull();
  });
});

describe('packBlocker', () => {
  it('says why a pack cannot be bought', () => {
    const state = { signedIn: true, paypalOn: true };
    expect(packBlocker({ available: true }, state)).toBeNull();
    expect(packBlocker({ available: false }, state)).toBe(SHOP_MESSAGES.packUnavailable);
    expect(packBlocker({ available: true }, { ...state, paypalOn: false })).toBe(SHOP_MESSAGES.paypalOff);
    expect(packBlocker({ available: true }, { ...state, signedIn: false })).toBe(SIGN_IN_TO_BUY);
  });
});
