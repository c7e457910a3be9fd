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
