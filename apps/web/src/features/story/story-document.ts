import { ROUTES } from '@outpost/contracts/routes';

/**
 * Whether this document was loaded outside /story and reached it by a client-side navigation
 * (the login screen's redirect after "Sign in to keep favourites"). Its CSP is then the other
 * page's, which refuses the video players; the story's own CSP comes only with a document
 * loaded under /story. The navigation entry keeps the address the document was loaded at,
 * whatever pushState did since.
 */
export function loadedOutsideStory(): boolean {
  const [entry] = performance.getEntriesByType('navigation');
  if (!entry) return false;
  const { pathname } = new URL(entry.name);
  return pathname !== ROUTES.story && !pathname.startsWith(`${ROUTES.story}/`);
}
