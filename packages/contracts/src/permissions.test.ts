import { describe, expect, it } from 'vitest';
import { can } from './permissions';

describe('the role table (docs/product.md §6.2)', () => {
  it.each([
    [['admin'], true],
    [['staff'], true],
    [['moderator'], false],
    [['partner'], false],
    [[], false],
    [undefined, false],
  ])('shows the ADMIN PANEL link to %j: %s', (keys, expected) => {
    expect(can(keys, 'adminPanelLink')).toBe(expected);
  });

  it.each([
    [['moderator'], true],
    [['staff'], true],
    [['admin'], true],
    [['partner'], false],
  ])('opens the admin area to %j: %s', (keys, expected) => {
    expect(can(keys, 'adminArea')).toBe(expected);
  });

  it('gives the data-layer admin view to admin and staff but not to a moderator alone', () => {
    expect(can(['admin'], 'dataLayerAdmin')).toBe(true);
    expect(can(['staff'], 'dataLayerAdmin')).toBe(true);
    expect(can(['moderator'], 'dataLayerAdmin')).toBe(false);
    expect(can(['moderator', 'staff'], 'dataLayerAdmin')).toBe(true);
  });
});
