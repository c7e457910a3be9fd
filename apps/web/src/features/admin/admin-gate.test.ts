import type { Me } from '@outpost/contracts/identity';
import { describe, expect, it } from 'vitest';
import { CallableError } from '../../lib/callable';
import { adminGate } from './admin-gate';

const signedIn = (keys: string[] | null): Me => ({
  user: { id: 'u1', email: 'a@b.co' },
  profile: keys ? { displayName: 'ash', keys, created: '2026-01-01' } : null,
});
const loaded = (me: Me) => ({ status: 'success' as const, data: me });
const refused = (status: CallableError['status']) => ({
  status: 'error' as const,
  error: new CallableError(status, 'no'),
});
const pending = { status: 'pending' as const };
const allowed = { status: 'success' as const, data: {} };

describe('adminGate', () => {
  it('waits for the session, then for the server', () => {
    expect(adminGate(pending, pending)).toBe('loading');
    expect(adminGate(loaded(signedIn(['moderator'])), pending)).toBe('loading');
  });

  it('asks visitors to sign in and refuses accounts without an admin key without asking the server', () => {
    expect(adminGate(loaded({ user: null, profile: null }), pending)).toBe('sign-in');
    expect(adminGate(loaded(signedIn([])), pending)).toBe('no-access');
    expect(adminGate(loaded(signedIn(['partner'])), pending)).toBe('no-access');
    expect(adminGate(loaded(signedIn(null)), pending)).toBe('no-access');
  });

  it("opens only on the server's yes", () => {
    for (const key of ['admin', 'moderator', 'staff']) expect(adminGate(loaded(signedIn([key])), allowed)).toBe('open');
    expect(adminGate(loaded(signedIn(['staff'])), refused('unauthenticated'))).toBe('sign-in');
    expect(adminGate(loaded(signedIn(['staff'])), refused('permission-denied'))).toBe('no-access');
    expect(adminGate(loaded(signedIn(['staff'])), refused('unavailable'))).toBe('unavailable');
    expect(adminGate({ status: 'error', error: new Error('offline') }, pending)).toBe('unavailable');
  });
});
