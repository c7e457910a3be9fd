import { ITEM_MESSAGES, type Item } from '@outpost/contracts/items';
import { describe, expect, it } from 'vitest';
import { checkNewItem, checkRename, emptyItemDraft } from './item-form';

const item: Item = { itemID: 'hat-ranger-beanie', name: 'Ranger Beanie', updatedAt: '2026-11-28T12:00:00.000Z' };

describe('checkNewItem', () => {
  it('passes a trimmed id and name', () => {
    expect(checkNewItem({ itemID: ' hat_Red-1 ', name: '  Red Hat ' })).toEqual({
      ok: true,
      value: { itemID: 'hat_Red-1', name: 'Red Hat' },
    });
  });

  it.each([
    ['an empty form', emptyItemDraft(), ITEM_MESSAGES.itemIdRequired],
    ['an id with a dot', { itemID: 'hat.red', name: 'A' }, ITEM_MESSAGES.itemIdCharacters],
    ['an id of 65 characters', { itemID: 'h'.repeat(65), name: 'A' }, ITEM_MESSAGES.itemIdCharacters],
    ['the new page’s name', { itemID: 'NEW', name: 'A' }, ITEM_MESSAGES.reservedId],
    ['no name', { itemID: 'hat', name: ' ' }, ITEM_MESSAGES.nameRequired],
  ])('refuses %s with the server’s message', (_case, draft, message) => {
    expect(checkNewItem(draft)).toEqual({ ok: false, message });
  });
});

describe('checkRename', () => {
  it('passes a new name, trimmed', () => {
    expect(checkRename(' Ranger Beanie II ', item)).toEqual({ ok: true, value: { name: 'Ranger Beanie II' } });
  });

  it('says there is nothing to save when the name is the stored one', () => {
    expect(checkRename('Ranger Beanie  ', item)).toEqual({ ok: false, message: ITEM_MESSAGES.nothingChanged });
  });

  it('refuses an empty name', () => {
    expect(checkRename('', item)).toEqual({ ok: false, message: ITEM_MESSAGES.nameRequired });
  });
});
