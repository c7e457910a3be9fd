import { describe, expect, it } from 'vitest';
import { safeNextPath } from './next-path';

const ORIGIN = 'https://outpost.example';

describe('safeNextPath', () => {
  it.each([
    ['/admin', '/admin'],
    ['/story/s1e1?autoplay=1#top', '/story/s1e1?autoplay=1#top'],
    ['/shop/', '/shop/'],
  ])('keeps the same-site path %s', (raw, expected) => {
    expect(safeNextPath(raw, ORIGIN)).toBe(expected);
  });

  it.each([
    null,
    '',
    'admin',
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    'javascript:alert(1)',
    '/login',
    '/login?next=/admin',
    '/.//example.org/',
    '/%2e//evil.example',
    '/a/..//evil.example',
    '/..//evil.example/x',
  ])('sends %s home', (raw) => {
    expect(safeNextPath(raw, ORIGIN)).toBe('/');
  });
});
