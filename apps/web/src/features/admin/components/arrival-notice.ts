import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from '../../../lib/router/router';

/** What a create screen hands the edit screen it opens: 'Product created!' stays on screen there. */
export interface ArrivalNotice {
  notice: string;
}

/** The notice a navigation brought, if it brought one. */
export function noticeFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return null;
  return typeof state.notice === 'string' ? state.notice : null;
}

/**
 * The notice a create screen handed the edit screen it opened ("Credit pack created!"): shown
 * once, then dropped from the history entry so a reload does not show it again.
 */
export function useArrivalNotice(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [notice] = useState(() => noticeFromState(location.state));
  useEffect(() => {
    if (noticeFromState(location.state) !== null) {
      navigate(`${location.pathname}${location.search}`, { replace: true });
    }
  }, [location, navigate]);
  return notice;
}
