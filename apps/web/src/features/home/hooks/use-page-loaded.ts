import { useEffect, useState } from 'react';

const isLoaded = () => document.readyState === 'complete';

/**
 * True once the window's load event has fired, so late extras never compete with first paint.
 * It starts false on every render that may hydrate prerendered HTML, which knows no window.
 */
export function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    if (loaded) return;
    // The page may have finished before this effect ran.
    if (isLoaded()) {
      setLoaded(true);
      return;
    }
    const onLoad = () => setLoaded(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, [loaded]);

  return loaded;
}
