import { PRODUCT_MESSAGES } from '@outpost/contracts/products';
import { SHOP_MESSAGES } from '@outpost/contracts/shop';
import { describe, expect, it } from 'vitest';
import type { Checked } from '../components/form-check';
import {
  checkNewPack,
  checkPackEdit,
  draftFromPack,
  formatPrice,
  newPackDraft,
  PACK_MESSAGES,
  type PackDraft,
} from './pack-form';

const filled = (changes: Partial<PackDraft> = {}): PackDraft => ({
  ...newPackDraft(),
  packID: 'starter',
  name: 'Starter pouch',
  credits: '500',
  price: '4.99',
  ...changes,
});

const messageOf = (checked: Checked<unknown>) => (checked.ok ? 'ok' : checked.message);

describe('the credit pack form', () => {
  it('starts empty and unavailable', () => {
    expect(newPackDraft()).toEqual({ packID: '', name: '', credits: '', price: '', available: false });
  });

  it('sends the price typed in dollars as whole cents, without a float', () => {
    expect(checkNewPack(filled({ price: '19.99', available: true }))).toEqual({
      ok: true,
      value: { packID: 'starter', name: 'Starter pouch', credits: 500, costUSD: 1999, available: true },
    });
    expect(checkNewPack(filled({ price: '$0.29' }))).toMatchObject({ ok: true, value: { costUSD: 29 } });
    expect(checkNewPack(filled({ price: '5' }))).toMatchObject({ ok: true, value: { costUSD: 500 } });
  });

  it.each([
    ['no name', { name: ' ' }, 'A name is required.'],
    ['no credits', { credits: '' }, 'Credits must be a whole number.'],
    ['half a credit', { credits: '1.5' }, 'Credits must be a whole number.'],
    ['zero credits', { credits: '0' }, 'Credits must be at least 1.'],
    ['no price', { price: '' }, PACK_MESSAGES.price],
    ['a price of nothing', { price: '0.00' }, PACK_MESSAGES.price],
    ['a price that is no amount', { price: 'five' }, PACK_MESSAGES.price],
    ['fractions of a cent', { price: '4.999' }, PRODUCT_MESSAGES.wholeCents],
    ['an ID with a space', { packID: 'big pack' }, SHOP_MESSAGES.idCharacters],
    ['the create page’s ID', { packID: 'new' }, SHOP_MESSAGES.idReserved],
  ])('refuses %s with the message the server would give', (_case, changes, message) => {
    expect(messageOf(checkNewPack(filled(changes)))).toBe(message);
  });

  it('says the first problem in the order of the form, the ID first', () => {
    expect(messageOf(checkNewPack(newPackDraft()))).toBe('An ID is required.');
    expect(messageOf(checkNewPack(filled({ packID: 'ok', name: '', price: '' })))).toBe('A name is required.');
  });

  it('edits a loaded pack without its ID, the price shown back in dollars', () => {
    const draft = draftFromPack({ packID: 'big', name: 'Big', credits: 5000, costUSD: 3990, available: true });
    expect(draft).toEqual({ packID: 'big', name: 'Big', credits: '5000', price: '39.90', available: true });
    expect(checkPackEdit({ ...draft, available: false })).toEqual({
      ok: true,
      value: { name: 'Big', credits: 5000, costUSD: 3990, available: false },
    });
  });

  it('shows cents as dollars', () => {
    expect(formatPrice(499)).toBe('$4.99');
    expect(formatPrice(100000)).toBe('$1000.00');
  });
});
