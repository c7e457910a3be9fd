import type { Me } from '@outpost/contracts/identity';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StaticRouter } from '../../lib/router/router';
import { NavBar, type NavProfile } from './nav-bar';
import { navProfile } from './nav-profile';

const render = (profile: NavProfile | null, path = '/') =>
  renderToStaticMarkup(
    <StaticRouter location={path}>
      <NavBar profile={profile} />
    </StaticRouter>,
  );

const me = (keys: string[]): Me =>
  ({ user: { id: 'u1', email: 'a@example.com' }, profile: { displayName: 'ash', keys } }) as unknown as Me;

describe('NavBar', () => {
  it('offers Login / Signup and no account parts to a visitor', () => {
    const html = render(null);
    expect(html).toContain('Login / Signup');
    expect(html).not.toContain('LOGOUT');
    expect(html).not.toContain('ADMIN PANEL');
  });

  it('shows @displayName and LOGOUT for a profile, and ADMIN PANEL only when it may', () => {
    const player = render({ displayName: 'ash', adminPanelLink: false });
    expect(player).toContain('@ash');
    expect(player).toContain('LOGOUT');
    expect(player).not.toContain('Login / Signup');
    expect(player).not.toContain('ADMIN PANEL');
    expect(render({ displayName: 'boss', adminPanelLink: true })).toContain('ADMIN PANEL');
  });

  it('links the @name to the account page, marked current there', () => {
    const player = render({ displayName: 'ash', adminPanelLink: false });
    expect(player).toMatch(/<a aria-label="@ash, your account"[^>]*href="\/account"[^>]*>@ash<\/a>/);
    expect(player).not.toMatch(/<a[^>]*aria-current="page"[^>]*href="\/account"/);
    expect(render({ displayName: 'ash', adminPanelLink: false }, '/account')).toMatch(
      /<a[^>]*aria-current="page"[^>]*href="\/account"|<a[^>]*href="\/account"[^>]*aria-current="page"/,
    );
    expect(render(null)).not.toContain('href="/account"');
  });

  it('grants ADMIN PANEL to admin and staff keys only', () => {
    expect(navProfile(undefined)).toBeNull();
    expect(navProfile({ user: null, profile: null } as unknown as Me)).toBeNull();
    expect(navProfile(me([]))).toEqual({ displayName: 'ash', adminPanelLink: false });
    expect(navProfile(me(['moderator']))?.adminPanelLink).toBe(false);
    expect(navProfile(me(['admin']))?.adminPanelLink).toBe(true);
    expect(navProfile(me(['staff']))?.adminPanelLink).toBe(true);
  });

  it('keeps an alert region in the bar, empty until a session ends under the page', () => {
    for (const html of [render(null), render({ displayName: 'ash', adminPanelLink: false })]) {
      expect(html).toMatch(/<header[^>]*>.*<div role="alert" class="[^"]*"><\/div><\/header>/);
    }
  });

  it('marks the link of the current path', () => {
    const html = render(null, '/shop/');
    expect(html).toMatch(
      /<a[^>]*aria-current="page"[^>]*href="\/shop\/"|<a[^>]*href="\/shop\/"[^>]*aria-current="page"/,
    );
    expect(html.match(/aria-current="page"/g)?.length).toBe(2); // the bar and the (closed) mobile menu
  });

  it('marks the same links with or without a trailing slash, and HOME on /index.html', () => {
    expect(render(null, '/about')).toEqual(render(null, '/about/'));
    expect(render(null, '/index.html')).toEqual(render(null, '/'));
  });
});
