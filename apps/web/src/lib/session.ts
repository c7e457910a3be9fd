import { type Me, meSchema } from '@outpost/contracts/identity';
import { QUERY_KEYS } from '@outpost/contracts/live-topics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { requestJson } from './api';
import type { Watch } from './live-value';
import { onSessionEnded, queryClient, watchQuery } from './query-client';

/**
 * The session: who is signed in and their profile. It lives in lib/ rather than in a feature
 * because the shared layout (navigation bar) and several features (login, admin) all read it.
 * Every change of session (sign-in, sign-up, register, sign-out) invalidates this one key.
 * The bar follows it with `watchMe` (loaded after hydration), the screens with `useMe`.
 */
export const meQueryKey = QUERY_KEYS.me;

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: () => requestJson('/api/auth/me', meSchema),
});

// A call refused for want of a session means this one ended elsewhere: the bar and the screens
// ask who is signed in again, and show the signed-out state instead of failing call after call.
onSessionEnded(() => {
  void queryClient.invalidateQueries({ queryKey: meQueryKey });
});

export function useMe() {
  return useQuery(meQueryOptions);
}

export const watchMe: Watch<Me> = (listener) => watchQuery(meQueryOptions, listener);

export function signOut() {
  return requestJson('/api/auth/sign-out', z.unknown(), { method: 'POST' });
}

/** Signs out and refetches the session, whatever the outcome: the bar then shows what the server says. */
export async function signOutAndRefresh(): Promise<void> {
  try {
    await signOut();
  } catch (error) {
    console.error('sign-out failed', error);
  } finally {
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
  }
}
