import { useEffect } from 'react';

/** The title of the landing page, and of the index.html template. */
export const SITE_TITLE = 'Outpost — join the resistance';

export function pageTitle(name: string): string {
  return `${name} — Outpost`;
}

/** A back-office page's title: "Edit product Outpost Hoodie — Admin — Outpost". */
export function adminPageTitle(name: string): string {
  return pageTitle(`${name} — Admin`);
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

/** The text of the first h1 in `root`, as it reads aloud (hidden words included, spaces folded). */
function headingText(root: ParentNode): string | null {
  const text = root.querySelector('h1')?.textContent?.replace(/\s+/g, ' ').trim();
  return text ? text : null;
}

/**
 * Keeps the document's title on the page's main heading, as `format(heading)`, while the caller is
 * mounted. For a family of screens whose heading already names them (the back office's ~50):
 * a screen whose record loads after it shows ("Edit product " and the product's name) gets its
 * title when the name arrives, and no screen has to set one of its own.
 */
export function useTitleFromHeading(rootId: string, format: (heading: string) => string): void {
  useEffect(() => {
    const root = document.getElementById(rootId);
    if (!root) return;
    const follow = () => {
      const heading = headingText(root);
      const title = heading === null ? null : format(heading);
      if (title !== null && document.title !== title) document.title = title;
    };
    follow();
    const observer = new MutationObserver(follow);
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [rootId, format]);
}
