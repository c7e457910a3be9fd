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
    ['an id with a dot', { itemID: 'hat.red', name: 'A' }, ITEM_MESSAGES.itemIdCharacters, 'itemID'],
    ['an id of 65 characters', { itemID: 'h'.repeat(65), name: 'A' }, ITEM_MESSAGES.itemIdCharacters, 'itemID'],
    ['the new page’s name', { itemID: 'NEW', name: 'A' }, ITEM_MESSAGES.reservedId, 'itemID'],
    ['no name', { itemID: 'hat', name: ' ' }, ITEM_MESSAGES.nameRequired, 'name'],
  ])('refuses %s with the server’s message, marking its field', (_case, draft, message, field) => {
    expect(checkNewItem(draft)).toEqual({ ok: false, message, fields: { [field]: message } });
  });

  it('refuses an empty form with the first field’s message, marking both', () => {
    expect(checkNewItem(emptyItemDraft())).toEqual({
      ok: false,
      message: ITEM_MESSAGES.itemIdRequired,
      fields: { itemID: ITEM_MESSAGES.itemIdRequired, name: ITEM_MESSAGES.nameRequired },
    });
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
    expect(checkRename('', item)).toEqual({
      ok: false,
      message: ITEM_MESSAGES.nameRequired,
      fields: { name: ITEM_MESSAGES.nameRequired },
    });
  });
});
