import { isSpaPath } from '@outpost/contracts/spa-paths';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/routes';
import { adminScreens } from '../../features/admin/admin-screens';
import { matchRoutes, type RouteObject } from './match';

const TABLE: RouteObject[] = [
  {
    children: [
      { index: true },
      { path: '/story', children: [{ index: true }, { path: 'admin' }, { path: ':episodeID' }] },
      { path: '/shop/' },
      { path: '*' },
    ],
  },
];

const branch = (pathname: string) =>
  matchRoutes(TABLE, pathname)?.map(({ route }) => route.path ?? (route.index ? 'index' : 'layout'));

describe('matchRoutes', () => {
  it('finds the branch of nested routes, outermost first', () => {
    expect(branch('/')).toEqual(['layout', 'index']);
    expect(branch('/story')).toEqual(['layout', '/story', 'index']);
    expect(branch('/story/admin')).toEqual(['layout', '/story', 'admin']);
    expect(branch('/story/s1e1')).toEqual(['layout', '/story', ':episodeID']);
    expect(branch('/shop')).toEqual(['layout', '/shop/']);
  });

  it('gives parameters, decoded', () => {
    expect(matchRoutes(TABLE, '/story/ep%2042')?.at(-1)?.params).toEqual({ episodeID: 'ep 42' });
  });

  it('allows one trailing slash, no empty segment, and is case-sensitive', () => {
    expect(branch('/story/')).toEqual(['layout', '/story', 'index']);
    expect(branch('/shop/')).toEqual(['layout', '/shop/']);
    for (const path of ['/story//', '//story', '/story//admin', '/Story', '/story/a/b']) {
      expect(branch(path), path).toEqual(['layout', '*']);
    }
  });
});

describe('the app routes', () => {
  // The entry's table hands everything below /admin to the back office's own table.
  const notFound = (pathname: string) => {
    const branch = matchRoutes(routes, pathname);
    const table = branch?.at(-2)?.route.path === '/admin' ? adminScreens : routes;
    return matchRoutes(table, pathname)?.at(-1)?.route.path === '*';
  };

  it.each([
    '/',
    '/index.html',
    '/story',
    '/story/',
    '/story/admin',
    '/story/s1e1',
    '/story/s1e1/',
    '/story/s1e1/extra',
    '/shop/',
    '/shop',
    '/about/',
    '/about',
    '/about//',
    '/ABOUT/',
    '/download/',
    '/login',
    '/login/',
    '/privacy',
    '/terms',
    '/admin',
    '/admin/',
    '/admin/moderation',
    '/admin/configuration/',
    '/admin/products',
    '/admin/products/p1/extra',
    '/admin/products/list',
    '/admin/log',
    '/admin/moderation/users/u1',
    '/admin/nope',
    '/nope',
    '//',
    '/index.htm',
  ])('agree with the server on whether %s is a screen or not found', (pathname) => {
    expect(notFound(pathname)).toBe(!isSpaPath(pathname));
  });
});
