import { describe, expect, it } from 'vitest';
import { comparablePath, ROUTES } from './routes';
import { isSpaPath } from './spa-paths';

describe('isSpaPath', () => {
  it.each([
    '/',
    '/index.html',
    '/story',
    '/story/',
    '/story/admin',
    '/story/s1e4',
    '/shop/',
    '/shop',
    '/about/',
    '/download/',
    '/login',
    '/privacy',
    '/terms',
    '/admin',
    '/admin/',
    '/admin/moderation',
    '/admin/moderation/',
    '/admin/configuration',
    '/admin/moderation/reports',
    '/admin/moderation/reports/r1',
    '/invite/outpost-beta',
    '/join/abc123',
    '/admin/partners/invites',
  ])('knows %s', (path) => {
    expect(isSpaPath(path)).toBe(true);
  });

  it.each([
    '/nope',
    '/index.htm',
    '/story/a/b',
    '/shopping',
    '/terms/x',
    '//',
    '/login/extra',
    '/administrator',
    '/admin/products',
    '/admin/products/p1/extra',
    '/admin/moderation/reports/r1/extra',
    '/invite',
    '/join/a/b',
  ])('does not know %s', (path) => {
    expect(isSpaPath(path)).toBe(false);
  });

  it('uses the paths of docs/product.md §2.1', () => {
    expect(ROUTES).toMatchObject({
      shop: '/shop/',
      about: '/about/',
      download: '/download/',
      story: '/story',
      admin: '/admin/',
      adminHome: '/admin',
      adminModeration: '/admin/moderation',
      adminConfiguration: '/admin/configuration',
    });
  });
});

describe('comparablePath', () => {
  it('drops a trailing slash and reads /index.html as /', () => {
    expect(comparablePath('/about/')).toBe('/about');
    expect(comparablePath('/about')).toBe('/about');
    expect(comparablePath('/')).toBe('/');
    expect(comparablePath('/index.html')).toBe('/');
  });
});
