import { useEffect, useRef, useState } from 'react';

interface InViewOptions {
  /** Grows (or with negative values shrinks) the viewport used for the test, as in IntersectionObserver. */
  rootMargin?: string;
  /** Stop watching after the first time the element shows up. */
  once?: boolean;
}

/**
 * Whether an element is on screen, from an IntersectionObserver: the browser reports crossings,
 * so nothing runs on each scroll frame. Without the API everything counts as visible.
 */
export function useInView<T extends Element>({ rootMargin = '0px', once = false }: InViewOptions = {}) {
  const ref = useRef<T>(null);
  const [inView, setInView] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return;
    }
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        setInView(entry.isIntersecting);
        if (entry.isIntersecting && once) observer.disconnect();
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [rootMargin, once]);

  return [ref, inView] as const;
}
