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
  // is thrown to its error boundary when hydration renders it.
  preloadRoutes(routes, window.location.pathname)
    .catch(() => undefined)
    .then(() => hydrateRoot(root, <App />));
} else {
  // The shell of a client-rendered screen (/story, /shop/, /login, /admin).
  createRoot(root).render(<App />);
}
