import { describe, expect, it } from 'vitest';
import type { Checked } from '../components/form-check';
import {
  checkMerchDropEdit,
  checkNewMerchDrop,
  draftFromMerchDrop,
  type MerchDropDraft,
  merchDropOpen,
  newMerchDropDraft,
  toggleProduct,
} from './drop-form';

const messageOf = (checked: Checked<unknown>) => (checked.ok ? 'ok' : checked.message);

const filled = (changes: Partial<MerchDropDraft> = {}): MerchDropDraft => ({
  ...newMerchDropDraft(),
  dropID: 'Winter-Drop',
  name: 'Winter drop',
  opensAt: '2026-12-04T18:00',
  products: ['outpost-hoodie', 'radio-tee'],
  ...changes,
});

describe('the merch drop form', () => {
  it('sends the opening as an instant and the ID in lower case', () => {
    expect(checkNewMerchDrop(filled())).toEqual({
      ok: true,
      value: {
        dropID: 'winter-drop',
        name: 'Winter drop',
        opensAt: new Date(2026, 11, 4, 18, 0).toISOString(),
        products: ['outpost-hoodie', 'radio-tee'],
      },
    });
  });

  it.each([
    ['no ID', { dropID: '' }, 'A drop ID is required.'],
    ['an ID with spaces', { dropID: 'winter drop' }, "Drop IDs may use lower-case letters, digits, '-' and '_'."],
    ['no name', { name: ' ' }, 'A name is required.'],
    ['no opening', { opensAt: '' }, 'Opens at must be a date and time.'],
    ['no product', { products: [] }, 'A drop needs at least one product.'],
  ])('refuses %s', (_case, changes, message) => {
    expect(messageOf(checkNewMerchDrop(filled(changes)))).toBe(message);
  });

  it('names the highest field first', () => {
    expect(messageOf(checkNewMerchDrop(newMerchDropDraft()))).toBe('A drop ID is required.');
  });

  it('edits a loaded drop in local time, without its ID', () => {
    const drop = {
      dropID: 'winter',
      name: 'Winter',
      opensAt: new Date(2026, 11, 4, 18, 0).toISOString(),
      products: ['radio-tee'],
    };
    const draft = draftFromMerchDrop(drop);
    expect(draft).toEqual({ dropID: 'winter', name: 'Winter', opensAt: '2026-12-04T18:00', products: ['radio-tee'] });
    expect(checkMerchDropEdit(draft)).toEqual({
      ok: true,
      value: { name: 'Winter', opensAt: drop.opensAt, products: ['radio-tee'] },
    });
  });

  it('keeps the products in the order they were chosen', () => {
    expect(toggleProduct(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(toggleProduct(['a', 'b'], 'a', true)).toEqual(['b', 'a']);
    expect(toggleProduct(['a', 'b'], 'a', false)).toEqual(['b']);
  });

  it('says whether a drop has opened', () => {
    const drop = { opensAt: '2026-12-04T18:00:00.000Z' };
    expect(merchDropOpen(drop, new Date('2026-12-04T17:59:59Z'))).toBe(false);
    expect(merchDropOpen(drop, new Date('2026-12-04T18:00:00Z'))).toBe(true);
  });

  it('starts a drop at the time the calendar chose', () => {
    expect(newMerchDropDraft(new Date(2026, 11, 4, 15, 0).toISOString()).opensAt).toBe('2026-12-04T15:00');
    expect(newMerchDropDraft().opensAt).toBe('');
  });
});
