import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import { useSearchParams } from '../../lib/router/router';

/**
 * The log screen's two histories, in the tab list's order; the first is the default. The jobs'
 * history is a tab of /admin/log rather than a route of its own: a new route costs the first
 * visit's route table bytes it no longer has (docs/decisions/0109-route-tables-and-the-first-visit.md).
 */
export const LOG_TABS = [
  { id: 'admin-log', label: 'Admin Log' },
  { id: 'jobs', label: 'Background jobs' },
] as const;

export type LogTab = (typeof LOG_TABS)[number]['id'];

const DEFAULT_TAB: LogTab = 'admin-log';

/** The tab a URL names (`?tab=jobs`); a missing or unknown one is the admin log. */
export function logTabFromParams(params: URLSearchParams): LogTab {
  const named = params.get('tab');
  return LOG_TABS.find((tab) => tab.id === named)?.id ?? DEFAULT_TAB;
}

/** The address of `tab`: its name alone, the default one left out; the other list's view is dropped. */
export function paramsForLogTab(tab: LogTab): URLSearchParams {
  return new URLSearchParams(tab === DEFAULT_TAB ? {} : { tab });
}

/** The link to one of the log screen's tabs, e.g. the dashboard's link to the background jobs. */
export function logTabPath(tab: LogTab): string {
  const search = paramsForLogTab(tab).toString();
  return search ? `${ADMIN_ROUTES.adminLog}?${search}` : ADMIN_ROUTES.adminLog;
}

/** The tab on screen, kept in the URL so a reload, a shared link and back/forward keep it. */
export function useLogTab(): [LogTab, (tab: LogTab, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const tab = logTabFromParams(params);
  const select = (next: LogTab, options?: { replace?: boolean }) => {
    if (next !== tab) setParams(paramsForLogTab(next), options);
  };
  return [tab, select];
}
