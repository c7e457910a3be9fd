import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from '../../../../lib/router/router';
import { noticeFromState } from '../../products/product-notice';

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
