import { ROUTES } from '@outpost/contracts/routes';
import { Suspense } from 'react';
import { useLiveValue } from '../../lib/live-value';
import { Outlet, ScrollRestoration, useNavigate } from '../../lib/router/router';
import { LoadingScreen } from '../loading/loading-screen';
import { NavBar } from '../nav-bar/nav-bar';
import { Footer } from './footer';
import { RouteFocus } from './route-focus';

const loadSession = () => import('../nav-bar/nav-profile');
const watchSession = () => loadSession().then((session) => session.watchNavProfile);

export function RootLayout() {
  // The session loads beside the page, never in front of it, and its code only once the page
  // is interactive: the bar shows a visitor (as prerendered) until the server answers.
  const profile = useLiveValue(watchSession);
  const navigate = useNavigate();
  const logout = () => {
    loadSession()
      .then((session) => session.signOutAndRefresh())
      .catch((error: unknown) => console.error('sign-out failed', error))
      .finally(() => navigate(ROUTES.home));
  };

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavBar profile={profile ?? null} onLogout={logout} />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
      <RouteFocus containerId="main" />
    </>
  );
}
