import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NavBar, type NavProfile } from './nav-bar';

const render = (profile: NavProfile | null, path = '/') =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <NavBar profile={profile} />
    </MemoryRouter>,
  );

describe('NavBar', () => {
  it('offers Login / Signup and no account parts to a visitor', () => {
    const html = render(null);
    expect(html).toContain('Login / Signup');
    expect(html).not.toContain('LOGOUT');
    expect(html).not.toContain('ADMIN PANEL');
  });

  it('shows @displayName and LOGOUT for a profile, and ADMIN PANEL only for admin or staff', () => {
    const player = render({ displayName: 'ash', keys: [] });
    expect(player).toContain('@ash');
    expect(player).toContain('LOGOUT');
    expect(player).not.toContain('Login / Signup');
    expect(player).not.toContain('ADMIN PANEL');
    expect(render({ displayName: 'mod', keys: ['moderator'] })).not.toContain('ADMIN PANEL');
    expect(render({ displayName: 'boss', keys: ['admin'] })).toContain('ADMIN PANEL');
    expect(render({ displayName: 'crew', keys: ['staff'] })).toContain('ADMIN PANEL');
  });

  it('marks the link of the current path', () => {
    const html = render(null, '/shop/');
    expect(html).toMatch(
      /<a[^>]*aria-current="page"[^>]*href="\/shop\/"|<a[^>]*href="\/shop\/"[^>]*aria-current="page"/,
    );
    expect(html.match(/aria-current="page"/g)?.length).toBe(2); // the bar and the (closed) mobile menu
  });
});
