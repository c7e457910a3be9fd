import { comparablePath } from '@outpost/contracts/routes';
import {
  type AnchorHTMLAttributes,
  Component,
  createContext,
  type MouseEvent,
  type ReactNode,
  startTransition,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import {
  getLocation,
  type Location,
  type NavigateOptions,
  navigate as navigateTo,
  savedScroll,
  subscribe,
} from './history';
import { matchRoutes, type Params, type RouteMatch, type RouteObject } from './match';

/*
 * The web app's router: the part of React Router's API the app uses (routes with nested layouts, Link,
 * NavLink, Outlet, the location hooks, error elements, scroll restoration) in 2.7 KB gzip. React Router
 * costs 13.2 KB without error elements and scroll restoration, 31.7 KB with them; wouter has neither, nor
 * nested routes, and matches paths without regard to case where the server's table does not
 * (docs/decisions/0122-our-router-weighed-against-wouter-and-react-router.md).
 */

export type { RouteObject } from './match';

type Navigate = (to: string, options?: NavigateOptions) => void;

interface RouterState {
  location: Location;
  navigate: Navigate;
}

interface RouteState {
  outlet: ReactNode;
  params: Params;
}

const RouterContext = createContext<RouterState | null>(null);
const RouteContext = createContext<RouteState>({ outlet: null, params: {} });
const OutletContext = createContext<unknown>(undefined);
const RouteErrorContext = createContext<unknown>(undefined);

function useRouter(): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Router hooks and links must be used inside <BrowserRouter> or <StaticRouter>.');
  return router;
}

/**
 * The browser's location, following pushes, replaces and back/forward. Each change renders as
 * a transition, as in React Router: the screen shown stays until the next one's code is
 * there, and parts of a prerendered page that are still hydrating are not thrown away.
 */
export function BrowserRouter({ children }: { children: ReactNode }) {
  // Hydration reads the location the page was prerendered for: the server picks the file by path.
  const [location, setLocation] = useState(getLocation);
  useLayoutEffect(() => {
    const update = () => startTransition(() => setLocation(getLocation()));
    const stop = subscribe(update);
    update();
    return stop;
  }, []);
  const router = useMemo(() => ({ location, navigate: navigateTo }), [location]);
  return <RouterContext.Provider value={router}>{children}</RouterContext.Provider>;
}

/** A fixed location: prerendering and tests. Navigating is an error there. */
export function StaticRouter({ location: path, children }: { location: string; children: ReactNode }) {
  const router = useMemo(() => {
    const url = new URL(path, 'http://prerender.invalid');
    const location: Location = {
      pathname: url.pathname,
      search: url.search,
      hash: url.hash,
      state: null,
      key: 'static',
      type: 'POP',
    };
    const navigate: Navigate = (to) => {
      throw new Error(`Cannot navigate to ${to} while rendering statically.`);
    };
    return { location, navigate };
  }, [path]);
  return <RouterContext.Provider value={router}>{children}</RouterContext.Provider>;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigate(): Navigate {
  return useRouter().navigate;
}

export function useParams(): Params {
  return useContext(RouteContext).params;
}

export function useSearchParams(): [URLSearchParams, (next: URLSearchParams, options?: NavigateOptions) => void] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = (next: URLSearchParams, options?: NavigateOptions) => {
    const search = next.toString();
    navigate(`${location.pathname}${search ? `?${search}` : ''}${location.hash}`, options);
  };
  return [params, setParams];
}

/** The child route's element, inside a layout route. `context` is what the child's useOutletContext returns. */
export function Outlet({ context }: { context?: unknown }) {
  const { outlet } = useContext(RouteContext);
  return context === undefined ? outlet : <OutletContext.Provider value={context}>{outlet}</OutletContext.Provider>;
}

export function useOutletContext<T>(): T {
  return useContext(OutletContext) as T;
}

/** The error an errorElement is showing. */
export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

interface BoundaryProps {
  fallback: ReactNode;
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  failed: boolean;
  pathname: string;
}

/** Shows a route's errorElement when it throws; navigating elsewhere tries the route again. */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.pathname === state.pathname) return null;
    return { error: undefined, failed: false, pathname: props.pathname };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <RouteErrorContext.Provider value={this.state.error}>{this.props.fallback}</RouteErrorContext.Provider>;
  }
}

function renderMatches(matches: readonly RouteMatch[], pathname: string): ReactNode {
  // Innermost first: each route's element gets the one below it as its outlet.
  let outlet: ReactNode = null;
  for (const { route, params } of [...matches].reverse()) {
    const content = (
      <RouteContext.Provider value={{ outlet, params }}>
        {route.element === undefined ? outlet : route.element}
      </RouteContext.Provider>
    );
    outlet =
      route.errorElement === undefined ? (
        content
      ) : (
        <RouteErrorBoundary fallback={route.errorElement} pathname={pathname}>
          {content}
        </RouteErrorBoundary>
      );
  }
  return outlet;
}

/** Renders the branch of `routes` the location matches (nothing when none does). */
export function Routes({ routes }: { routes: readonly RouteObject[] }) {
  const { pathname } = useLocation();
  const matches = useMemo(() => matchRoutes(routes, pathname), [routes, pathname]);
  return matches ? renderMatches(matches, pathname) : null;
}

/** Loads the code of every route `pathname` renders; call it before hydrating a prerendered page. */
export function preloadRoutes(routes: readonly RouteObject[], pathname: string): Promise<unknown> {
  const matches = matchRoutes(routes, pathname) ?? [];
  return Promise.all(matches.map(({ route }) => route.preload?.()));
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
  state?: unknown;
  /**
   * Load `to` as a new document instead of rendering it in this one, as React Router's prop of
   * that name does: for pages whose answer carries headers of their own (the /story CSP allows
   * the video players that every other page's refuses).
   */
  reloadDocument?: boolean;
};

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/**
 * An <a> that navigates inside the app without a page load (other origins, new tabs, downloads
 * and `reloadDocument` links stay native).
 */
export function Link({ to, replace, state, reloadDocument, onClick, target, ...rest }: LinkProps) {
  const { location, navigate } = useRouter();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainLeftClick(event) || (target && target !== '_self')) return;
    if (reloadDocument || rest.download !== undefined) return;
    const url = new URL(to, window.location.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    const here = location.pathname + location.search + location.hash;
    // Following a link to the page already shown adds no history entry.
    navigate(to, { replace: replace ?? url.pathname + url.search + url.hash === here, state });
  };
  return <a {...rest} href={to} target={target} onClick={handleClick} />;
}

type NavLinkProps = Omit<LinkProps, 'className'> & {
  /** Active only on exactly this path, not on paths below it. */
  end?: boolean;
  /**
   * Whether the link is current on its path, given the address's query: for links to views of one
   * page that its query tells apart (a tab), which the path alone would all mark current.
   */
  currentWith?: (params: URLSearchParams) => boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
};

/** A Link that knows whether it points at the current page: aria-current="page" and an active class. */
export function NavLink({ to, end = false, currentWith, className, ...rest }: NavLinkProps) {
  const location = useLocation();
  const current = comparablePath(location.pathname);
  const target = comparablePath(new URL(to, 'http://link.invalid').pathname);
  const onPath = current === target || (!end && target !== '/' && current.startsWith(`${target}/`));
  const isActive = onPath && (currentWith?.(new URLSearchParams(location.search)) ?? true);
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}

/** Navigates once rendered (a redirect inside a screen). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

/**
 * Puts the page where it belongs after each navigation: back and forward return to where the
 * entry was left, a link to a #fragment scrolls to it, any other link starts at the top. At
 * once: the site's smooth scrolling is for moving within a page, not for arriving on one.
 */
export function ScrollRestoration() {
  const location = useLocation();
  useLayoutEffect(() => {
    const { hash, key, type } = location;
    const y = type === 'POP' ? savedScroll(key) : undefined;
    if (y !== undefined) {
      window.scrollTo({ left: 0, top: y, behavior: 'instant' });
      return;
    }
    if (!hash) {
      if (type !== 'POP') window.scrollTo({ left: 0, top: 0, behavior: 'instant' });
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    const target = document.getElementById(id);
    if (target) {
      target.scrollIntoView({ behavior: 'instant' });
      return;
    }
    if (type !== 'POP') window.scrollTo({ left: 0, top: 0, behavior: 'instant' });
    // The target may be in a screen part whose code is still loading: scroll when it shows up.
    const observer = new MutationObserver(() => {
      const late = document.getElementById(id);
      if (!late) return;
      observer.disconnect();
      late.scrollIntoView({ behavior: 'instant' });
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), 10_000);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [location]);
  return null;
}
