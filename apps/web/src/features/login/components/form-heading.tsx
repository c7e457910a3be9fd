import { type ReactNode, useEffect, useRef } from 'react';
import styles from './forms.module.css';

/**
 * A panel's heading. When the panel opened from a link inside another panel (not from the tabs,
 * which keep focus themselves), focus moves here so keyboard and screen-reader users land on it.
 */
export function FormHeading({ focusOnMount, children }: { focusOnMount: boolean; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only where the panel first appears
  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, []);
  return (
    <h2 ref={heading} tabIndex={-1} className={styles.heading}>
      {children}
    </h2>
  );
}
