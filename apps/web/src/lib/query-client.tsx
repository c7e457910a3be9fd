import {
  QueryClient,
  QueryClientProvider,
  type QueryKey,
  QueryObserver,
  type QueryObserverOptions,
} from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * The one query cache of the app. It is not in the entry chunk: the screens that use React
 * Query hooks (login, admin) wrap themselves in <QueryProvider>, and the parts of the
 * prerendered pages that show live figures watch a query with `watchQuery` once the page is
 * interactive (lib/live-value.ts), so every part of the page shares the same answers.
 */
export const queryClient = new QueryClient({
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
