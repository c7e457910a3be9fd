import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache';

const session = (sessionToken: string) => ({ userId: 'u1', email: 'u1@example.com', sessionToken });

describe('the session cache', () => {
  it('keeps a verified session for its time limit, never past the session’s own expiry', () => {
    let now = 1_000;
    const cache = new SessionCache({ ttlMs: 10_000, maxEntries: 10, now: () => now });
    cache.set('bearer-a', session('s1'), 1_000_000);
    cache.set('cookie-b', session('s2'), 5_000);
    now = 4_999;
    expect(cache.get('bearer-a')?.userId).toBe('u1');
    expect(cache.get('cookie-b')?.userId).toBe('u1');
    now = 5_000;
    expect(cache.get('cookie-b')).toBeUndefined();
    now = 10_999;
    expect(cache.get('bearer-a')).toBeDefined();
    now = 11_000;
    expect(cache.get('bearer-a')).toBeUndefined();
  });

  it('forgets a session under every credential that presented it, and only that session', () => {
    const cache = new SessionCache({ ttlMs: 10_000, maxEntries: 10 });
    const far = Date.now() + 60_000;
    cache.set('bearer', session('s1'), far);
    cache.set('cookie', session('s1'), far);
    cache.set('other-device', session('s2'), far);
    cache.forgetSession('s1');
    expect(cache.get('bearer')).toBeUndefined();
    expect(cache.get('cookie')).toBeUndefined();
    expect(cache.get('other-device')?.sessionToken).toBe('s2');
    cache.forgetSession('never-seen');
  });

  it('forgets every session of one user, and only that user’s', () => {
    const cache = new SessionCache({ ttlMs: 10_000, maxEntries: 10 });
    const far = Date.now() + 60_000;
    cache.set('phone', session('s1'), far);
    cache.set('laptop-cookie', session('s2'), far);
    cache.set('laptop-bearer', session('s2'), far);
    cache.set('someone-else', { userId: 'u2', email: 'u2@example.com', sessionToken: 's3' }, far);
    cache.forgetUser('u1');
    expect(cache.get('phone')).toBeUndefined();
    expect(cache.get('laptop-cookie')).toBeUndefined();
    expect(cache.get('laptop-bearer')).toBeUndefined();
    expect(cache.get('someone-else')?.userId).toBe('u2');
    // Sessions verified afterwards are cached again, and forgotten again.
    cache.set('phone', session('s4'), far);
    expect(cache.get('phone')?.sessionToken).toBe('s4');
    cache.forgetUser('u1');
    expect(cache.get('phone')).toBeUndefined();
    cache.forgetUser('never-seen');
  });

  it('holds at most maxEntries, forgetting the oldest first', () => {
    const cache = new SessionCache({ ttlMs: 10_000, maxEntries: 2 });
    const far = Date.now() + 60_000;
    cache.set('one', session('s1'), far);
    cache.set('two', session('s2'), far);
    cache.set('three', session('s3'), far);
    expect(cache.get('one')).toBeUndefined();
    expect(cache.get('two')).toBeDefined();
    expect(cache.get('three')).toBeDefined();
  });
});
