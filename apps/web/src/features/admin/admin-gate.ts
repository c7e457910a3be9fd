import type { Me } from '@outpost/contracts/identity';
import { can } from '@outpost/contracts/permissions';
import { CallableError } from '../../lib/callable';

/** What the admin area shows: a wait, one of its refusals, or its content. */
export type AdminGate = 'loading' | 'sign-in' | 'no-access' | 'unavailable' | 'open';

type QueryState<T> = { status: 'pending' | 'error' | 'success'; data?: T | undefined; error?: unknown };

/**
 * The profile's keys decide whether to ask at all (docs/product.md §6.1: admin, moderator or staff); the
 * server's access answer decides whether the content shows, so a stale profile or an edited page cannot open
 * it.
 */
export function adminGate(me: QueryState<Me>, access: QueryState<unknown>): AdminGate {
  if (me.status === 'pending') return 'loading';
  if (me.status === 'error' || !me.data) return 'unavailable';
  if (!me.data.user) return 'sign-in';
  if (!can(me.data.profile?.keys, 'adminArea')) return 'no-access';
  if (access.status === 'pending') return 'loading';
  if (access.status === 'success') return 'open';
  const refusal = access.error instanceof CallableError ? access.error.status : undefined;
  if (refusal === 'unauthenticated') return 'sign-in';
  if (refusal === 'permission-denied') return 'no-access';
  return 'unavailable';
}
