import type { ReactNode } from 'react';

/**
 * One route of the table: a path relative to its parent (a leading or trailing slash is
 * ignored, `:name` is a parameter, `*` takes the rest), or `index` for the parent's own path.
 * A route without path or index is a layout around its children.
 */
export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  /** Shown in place of this route's element when it (or a child without its own) throws. */
  errorElement?: ReactNode;
  children?: readonly RouteObject[];
  /** Loads the code the element needs; the browser calls it before hydrating a prerendered page. */
  preload?: () => Promise<unknown>;
}

export type Params = Readonly<Record<string, string>>;

export interface RouteMatch {
  route: RouteObject;
  /** Parameters of this route and its parents. */
  params: Params;
}

function segmentsOf(path: string): string[] {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? [] : trimmed.split('/');
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchRoute(route: RouteObject, segments: readonly string[], params: Params): RouteMatch[] | null {
  if (route.index) return segments.length === 0 ? [{ route, params }] : null;

  let rest = segments;
  let own = params;
  if (route.path === '*') {
    own = { ...params, '*': segments.join('/') };
    rest = [];
  } else if (route.path !== undefined) {
    const pattern = segmentsOf(route.path);
    if (pattern.length > segments.length) return null;
    const found: Record<string, string> = { ...params };
    for (const [index, part] of pattern.entries()) {
      const segment = segments[index] ?? '';
      if (part.startsWith(':')) {
        if (segment === '') return null;
        found[part.slice(1)] = decode(segment);
      } else if (part !== segment) {
        return null;
      }
    }
    own = found;
    rest = segments.slice(pattern.length);
  }

  for (const child of route.children ?? []) {
    const below = matchRoute(child, rest, own);
    if (below) return [{ route, params: own }, ...below];
  }
  // A route with a path matches alone once the path is used up; a layout needs a child.
  return route.path !== undefined && rest.length === 0 ? [{ route, params: own }] : null;
}

/**
 * The branch of routes a pathname renders, outermost first, or null. Matching is
 * case-sensitive and allows one trailing slash, like the server's route table
 * (`isSpaPath`), so the server and the browser always agree on which screen a path shows.
 */
export function matchRoutes(routes: readonly RouteObject[], pathname: string): RouteMatch[] | null {
  const segments = pathname.slice(1).split('/');
  if (segments.at(-1) === '') segments.pop();
  for (const route of routes) {
    const found = matchRoute(route, segments, {});
    if (found) return found;
  }
  return null;
}
