import { describe, expect, it } from 'vitest';
import { paramsForTab, tabFromParams } from './theater-tab';

describe('the theater admin tab in the URL', () => {
  it('reads the tab, falling back to the episodes', () => {
    expect(tabFromParams(new URLSearchParams('tab=collections&collection=x'))).toBe('collections');
    expect(tabFromParams(new URLSearchParams('tab=nope'))).toBe('episodes');
    expect(tabFromParams(new URLSearchParams())).toBe('episodes');
  });

  it('writes the tab alone, the default one left out', () => {
    expect(paramsForTab('videos').toString()).toBe('tab=videos');
    expect(paramsForTab('episodes').toString()).toBe('');
  });
});
