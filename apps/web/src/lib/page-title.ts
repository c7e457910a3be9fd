import { useEffect } from 'react';

/** The title of the landing page, and of the index.html template. */
export const SITE_TITLE = 'Outpost — join the resistance';

export function pageTitle(name: string): string {
  return `${name} — Outpost`;
}

/**
 * Sets the document title while a screen shows. Prerendered pages carry the same title in
 * their HTML (src/prerender.tsx), so the screens export the title they set.
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
