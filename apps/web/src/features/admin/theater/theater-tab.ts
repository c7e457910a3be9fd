import { useSearchParams } from '../../../lib/router/router';

/** The theater admin's three parts, in the tab list's order; the first is the default. */
export const THEATER_TABS = [
  { id: 'episodes', label: 'Episodes' },
  { id: 'videos', label: 'Theater videos' },
  { id: 'collections', label: 'Collections' },
] as const;

export type TheaterTab = (typeof THEATER_TABS)[number]['id'];

const DEFAULT_TAB: TheaterTab = 'episodes';

/** The tab a URL names (`?tab=videos`); a missing or unknown one is the first. */
export function tabFromParams(params: URLSearchParams): TheaterTab {
  const named = params.get('tab');
  return THEATER_TABS.find((tab) => tab.id === named)?.id ?? DEFAULT_TAB;
}

/**
 * The address of `tab`: its name alone, the default one left out. The other tab's list view
 * (page, sort, filters) and open collection are dropped, since they mean nothing here.
 */
export function paramsForTab(tab: TheaterTab): URLSearchParams {
  return new URLSearchParams(tab === DEFAULT_TAB ? {} : { tab });
}

/** The tab on screen, kept in the URL so a reload, a shared link and back/forward keep it. */
export function useTheaterTab(): [TheaterTab, (tab: TheaterTab, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const tab = tabFromParams(params);
  const select = (next: TheaterTab, options?: { replace?: boolean }) => {
    if (next !== tab) setParams(paramsForTab(next), options);
  };
  return [tab, select];
}
