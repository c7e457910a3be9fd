import { StrictMode } from 'react';
import { BrowserRouter, Routes, StaticRouter } from '../lib/router/router';
import { routes } from './routes';

/** The whole app: in the browser it follows the address bar; prerendering gives it a fixed `location`. */
export function App({ location }: { location?: string }) {
  const content = <Routes routes={routes} />;
  return (
    <StrictMode>
      {location === undefined ? (
        <BrowserRouter>{content}</BrowserRouter>
      ) : (
        <StaticRouter location={location}>{content}</StaticRouter>
      )}
    </StrictMode>
  );
}
