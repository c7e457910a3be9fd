import { accountSuspendedMessage } from '@outpost/contracts/account-lifecycle-text';
import { type Me, meSchema, type SessionEnd } from '@outpost/contracts/identity';
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
 *
 * A session can end without this page doing anything: a sign-out in another tab, a password
 * changed on another device, a suspension. The page learns it, without a click, from whichever
 * comes first: a live stream's last event (lib/live.ts), a message from the tab that signed out
 * or in (a BroadcastChannel), a call refused for want of a session, or the window taking the
 * focus again (the session is then asked for again).
 */
export const meQueryKey = QUERY_KEYS.me;

/** The last end a live stream of this page was told of, until someone is signed in again. */
let toldEnd: SessionEnd | null = null;

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: async () => {
    const me = await requestJson('/api/auth/me', meSchema);
    // Someone is signed in again: an end a stream told of earlier is history.
    if (me.user) toldEnd = null;
    return me;
  },
  refetchOnWindowFocus: 'always',
});

const refetchMe = () => void queryClient.invalidateQueries({ queryKey: meQueryKey });

// A call refused for want of a session means this one ended elsewhere: the bar and the screens
// ask who is signed in again, and show the signed-out state instead of failing call after call.
onSessionEnded(refetchMe);

/** The tabs of this browser share a session (its cookie): one signing in or out tells the others. */
const otherTabs = typeof BroadcastChannel === 'function' ? new BroadcastChannel('outpost-session') : null;
otherTabs?.addEventListener('message', refetchMe);

/** Tells this browser's other tabs that the session changed (they ask who is signed in again). */
export function announceSessionChange(): void {
  otherTabs?.postMessage('changed');
}

export function useMe() {
  return useQuery(meQueryOptions);
}

export const watchMe: Watch<Me> = (listener) => watchQuery(meQueryOptions, listener);

/** Keeps why a stream's session ended, to say so once the session is asked for again (lib/live.ts). */
export function noteSessionEnd(end: SessionEnd): void {
  toldEnd = end;
}

/** A suspension's end as the reader reads it: a long date and a short time, in their own zone and language. */
export function formatSuspensionEnd(iso: string, locale?: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(date);
}

/**
 * What a signed-out page says of the session that ended under it: why, when the player did not
 * end it here (a suspension until when and why, in the reader's own time; a password changed
 * elsewhere; a deletion); nothing after a sign-out, or while someone is signed in.
 */
export function sessionEndNotice(
  me: Me | undefined,
  told: SessionEnd | null = toldEnd,
  formatEnd: (iso: string) => string = formatSuspensionEnd,
): string | null {
  if (!me || me.user) return null;
  const end = me.sessionEnded ?? told;
  if (!end || end.cause === 'signed-out' || end.cause === 'access-changed') return null;
  const { suspension } = end;
  return suspension ? accountSuspendedMessage(suspension.endsAt, suspension.reason, formatEnd) : end.message;
}

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
    announceSessionChange();
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
  }
}
