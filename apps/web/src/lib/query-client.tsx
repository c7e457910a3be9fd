import { ACCOUNT_SUSPENDED_CODE } from '@outpost/contracts/account-lifecycle-text';
import {
  MutationCache,
  QueryCache,
  QueryClient,
  QueryClientProvider,
  type QueryKey,
  QueryObserver,
  type QueryObserverOptions,
} from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorCode } from './api';
import { CallableError } from './callable';

const sessionEndedListeners = new Set<() => void>();

/**
 * Calls `listener` whenever a call is refused for want of a session (401), or because the session's
 * account is suspended (403 account-suspended): the session this page thought it had has ended
 * elsewhere (a sign-out on another device, a suspension, a deletion), so whatever shows who is
 * signed in should ask again. Returns the unsubscribe.
 */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/** Whether a refusal says this page's session is over: none presented (401), or its account suspended (403). */
export function endsTheSession(error: unknown): boolean {
  return (
    error instanceof CallableError &&
    (error.status === 'unauthenticated' || errorCode(error) === ACCOUNT_SUSPENDED_CODE)
  );
}

function noticeSessionEnd(error: unknown): void {
  if (endsTheSession(error)) {
    for (const listener of sessionEndedListeners) listener();
  }
}

/**
 * The one query cache of the app. It is not in the entry chunk: the screens that use React
 * Query hooks (login, admin) wrap themselves in <QueryProvider>, and the parts of the
 * prerendered pages that show live figures watch a query with `watchQuery` once the page is
 * interactive (lib/live-value.ts), so every part of the page shares the same answers.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: noticeSessionEnd }),
  mutationCache: new MutationCache({ onError: noticeSessionEnd }),
  defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
});

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** Follows a query outside React: `listener` gets its data now and after every change; call the result to stop. */
export function watchQuery<Data, Key extends QueryKey>(
  options: QueryObserverOptions<Data, Error, Data, Data, Key>,
  listener: (data: Data | undefined) => void,
): () => void {
  const observer = new QueryObserver(queryClient, options);
  listener(observer.getCurrentResult().data);
  return observer.subscribe((result) => listener(result.data));
}
