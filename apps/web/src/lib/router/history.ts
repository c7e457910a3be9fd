/**
 * The browser's location as a store for useSyncExternalStore: one snapshot object per entry,
 * replaced on every navigation (ours or the browser's back and forward), plus the scroll
 * position each history entry was left at.
 */

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** The state given to navigate(), null otherwise. */
  state: unknown;
  /** Names the history entry, for scroll restoration. */
  key: string;
  /** How this location was reached: POP for the first page and back/forward. */
  type: NavigationType;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

interface EntryState {
  key: string;
  usr: unknown;
}

const SCROLL_STORAGE = 'outpost:scroll-positions';

const listeners = new Set<() => void>();
const scrollPositions = new Map<string, number>();
let current: Location | undefined;

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

function entryState(): EntryState | null {
  const state: unknown = window.history.state;
  return state && typeof state === 'object' && 'key' in state && typeof state.key === 'string'
    ? (state as EntryState)
    : null;
}

function read(type: NavigationType): Location {
  let state = entryState();
  if (!state) {
    // The first page, or a fragment link the browser followed itself: give the entry a key.
    state = { key: newKey(), usr: null };
    window.history.replaceState(state, '');
  }
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: state.usr, key: state.key, type };
}

function notify(): void {
  for (const listener of listeners) listener();
}

function saveScroll(): void {
  if (current) scrollPositions.set(current.key, window.scrollY);
}

function onPopState(): void {
  saveScroll();
  current = read('POP');
  notify();
}

function onPageHide(): void {
  saveScroll();
  try {
    window.sessionStorage.setItem(SCROLL_STORAGE, JSON.stringify([...scrollPositions]));
  } catch {
    // Storage may be full or disabled; a reload then starts at the top.
  }
}

function start(): void {
  try {
    const saved: unknown = JSON.parse(window.sessionStorage.getItem(SCROLL_STORAGE) ?? '[]');
    if (Array.isArray(saved)) for (const [key, y] of saved) scrollPositions.set(String(key), Number(y));
  } catch {
    // Nothing usable saved.
  }
  // The router puts the page back where it was once the screen has rendered, not the browser.
  window.history.scrollRestoration = 'manual';
  window.addEventListener('popstate', onPopState);
  window.addEventListener('pagehide', onPageHide);
}

export function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) start();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('popstate', onPopState);
      window.removeEventListener('pagehide', onPageHide);
    }
  };
}

export function getLocation(): Location {
  current ??= read('POP');
  return current;
}

/** Goes to `to` (absolute or relative to the current URL); another origin gets a full page load. */
export function navigate(to: string, options: NavigateOptions = {}): void {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin) {
    window.location.assign(url);
    return;
  }
  saveScroll();
  const state: EntryState = { key: newKey(), usr: options.state ?? null };
  const path = url.pathname + url.search + url.hash;
  if (options.replace) window.history.replaceState(state, '', path);
  else window.history.pushState(state, '', path);
  current = read(options.replace ? 'REPLACE' : 'PUSH');
  notify();
}

/** Where the page was when the visitor left this entry, if they did. */
export function savedScroll(key: string): number | undefined {
  return scrollPositions.get(key);
}
