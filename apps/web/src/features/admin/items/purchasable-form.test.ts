import { ITEM_MESSAGES, type Purchasable } from '@outpost/contracts/items';
import { describe, expect, it } from 'vitest';
import {
  checkNewPurchasable,
  creditsValue,
  describeChanges,
  draftFromPurchasable,
  newPurchasableDraft,
  purchasableChanges,
} from './purchasable-form';

const stored: Purchasable = {
  purchasableID: 'ranger-beanie',
  itemID: 'hat-ranger-beanie',
  itemName: 'Ranger Beanie',
  name: 'Ranger Beanie',
  costCredits: 150,
  available: true,
  updatedAt: '2026-11-28T12:00:00.000Z',
};

describe('creditsValue', () => {
  it.each([
    ['', undefined],
    [' 150 ', 150],
    ['0', 0],
  ])('reads %j as %j', (text, value) => {
    expect(creditsValue(text)).toBe(value);
  });

  it.each(['1.5', '-3', '1e3', 'ten'])('reads %j as no number', (text) => {
    expect(creditsValue(text)).toBeNaN();
  });
});

describe('checkNewPurchasable', () => {
  it('sends every field, so the merge creates it; hidden unless ticked', () => {
    const draft = {
      ...newPurchasableDraft('hat-ranger-beanie'),
      purchasableID: 'beanie',
      name: ' Beanie ',
      costCredits: '0',
    };
    expect(checkNewPurchasable(draft)).toEqual({
      ok: true,
      value: {
        purchasableID: 'beanie',
        input: { itemID: 'hat-ranger-beanie', name: 'Beanie', costCredits: 0, available: false },
      },
    });
  });

  it.each([
    ['no id', {}, ITEM_MESSAGES.purchasableIdRequired, 'purchasableID'],
    ['an id with a slash', { purchasableID: 'a/b' }, ITEM_MESSAGES.purchasableIdCharacters, 'purchasableID'],
    ['no item', { purchasableID: 'p', itemID: ' ' }, ITEM_MESSAGES.itemRequired, 'itemID'],
    ['no name', { purchasableID: 'p', itemID: 'i' }, ITEM_MESSAGES.nameRequired, 'name'],
    ['no cost', { purchasableID: 'p', itemID: 'i', name: 'N' }, ITEM_MESSAGES.costCredits, 'costCredits'],
    [
      'a fractional cost',
      { purchasableID: 'p', itemID: 'i', name: 'N', costCredits: '2.5' },
      ITEM_MESSAGES.costCredits,
      'costCredits',
    ],
    [
      'a negative cost',
      { purchasableID: 'p', itemID: 'i', name: 'N', costCredits: '-1' },
      ITEM_MESSAGES.costCredits,
      'costCredits',
    ],
  ])('refuses %s with the server’s message, marking its field', (_case, fields, message, field) => {
    expect(checkNewPurchasable({ ...newPurchasableDraft(), ...fields })).toEqual({
      ok: false,
      message,
      fields: expect.objectContaining({ [field]: message }),
    });
  });

  it('marks every field at fault, not only the first', () => {
    const checked = checkNewPurchasable({ ...newPurchasableDraft(), purchasableID: 'p' });
    expect(checked.ok ? [] : Object.keys(checked.fields ?? {})).toEqual(['itemID', 'name', 'costCredits']);
  });
});

describe('purchasableChanges', () => {
  it('sends only the fields that changed', () => {
    const draft = { ...draftFromPurchasable(stored), costCredits: ' 99 ' };
    expect(purchasableChanges(stored, draft)).toEqual({ ok: true, value: { costCredits: 99 } });
    const hidden = { ...draftFromPurchasable(stored), available: false, name: 'Beanie ' };
    expect(purchasableChanges(stored, hidden)).toEqual({ ok: true, value: { name: 'Beanie', available: false } });
  });

  it('says there is nothing to save when nothing changed (spaces around a name are no change)', () => {
    const draft = { ...draftFromPurchasable(stored), name: ' Ranger Beanie ' };
    expect(purchasableChanges(stored, draft)).toEqual({ ok: false, message: ITEM_MESSAGES.nothingChanged });
  });

  it.each([
    ['an emptied cost', { costCredits: '' }, ITEM_MESSAGES.costCredits, 'costCredits'],
    ['a cost that is no number', { costCredits: 'lots' }, ITEM_MESSAGES.costCredits, 'costCredits'],
    ['an emptied name', { name: '' }, ITEM_MESSAGES.nameRequired, 'name'],
    ['an emptied item', { itemID: '' }, ITEM_MESSAGES.itemRequired, 'itemID'],
  ])('refuses %s, marking its field', (_case, fields, message, field) => {
    expect(purchasableChanges(stored, { ...draftFromPurchasable(stored), ...fields })).toEqual({
      ok: false,
      message,
      fields: { [field]: message },
    });
  });
});

describe('describeChanges', () => {
  it('says what the merge changes, one line per field', () => {
    expect(describeChanges(stored, { itemID: 'hat-2', costCredits: 0, available: false })).toEqual([
      'Item: hat-ranger-beanie → hat-2',
      'Cost (credits): 150 → 0',
      'On sale: yes → no',
    ]);
  });
});
