import { useSyncExternalStore } from 'react';

/* Below this width the month and the week are read as a list of days: seven columns do not fit a phone. */
const NARROW = '(max-width: 40rem)';

function subscribe(onChange: () => void) {
  const media = window.matchMedia(NARROW);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** True while the screen is a phone's width; follows a rotation or a resized window. */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}
