import { useEffect, useState } from 'react';

const isLoaded = () => document.readyState === 'complete';

/** True once the window's load event has fired, so late extras never compete with first paint. */
export function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(isLoaded);

  useEffect(() => {
    if (loaded) return;
    // The page may have finished between the first render and this effect.
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
