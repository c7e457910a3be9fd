import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { routes } from './app/routes';
import { preloadRoutes } from './lib/router/router';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

if (root.firstChild) {
  // A prerendered page: load its lazy screen first, so hydration finds the code there and
  // renders the screen in place instead of the LOADING fallback. A screen that fails to load
  // is thrown to its error boundary when hydration renders it. Hydrating as a transition lets
  // React yield to the browser every few milliseconds instead of holding the main thread for
  // the whole page (a click on a part not yet hydrated hydrates that part at once).
  preloadRoutes(routes, window.location.pathname)
    .catch(() => undefined)
    .then(() => startTransition(() => void hydrateRoot(root, <App />)));
} else {
  // The shell of a client-rendered screen (/story, /shop/, /login, /admin).
  createRoot(root).render(<App />);
}
