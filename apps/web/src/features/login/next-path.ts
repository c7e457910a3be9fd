import { ROUTES } from '@outpost/contracts/routes';

/**
 * Where to go after signing in: the `?next=` path when it stays on this site, else home. Only a
 * path is accepted (never `//host` or `/\host`, which browsers read as another site), so the
 * login screen cannot be used to send someone elsewhere.
 */
export function safeNextPath(raw: string | null, origin: string): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return ROUTES.home;
  try {
    const url = new URL(raw, origin);
    // Dot segments collapse while parsing (`/.//evil` becomes `//evil`), so check the result too.
    if (url.origin !== origin || url.pathname === ROUTES.login || url.pathname.startsWith('//')) return ROUTES.home;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return ROUTES.home;
  }
}
