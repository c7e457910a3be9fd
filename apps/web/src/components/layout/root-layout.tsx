import { ROUTES } from '@outpost/contracts/routes';
import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { useMe, useSignOut } from '../../lib/session';
import { LoadingScreen } from '../loading/loading-screen';
import { NavBar } from '../nav-bar/nav-bar';
import { Footer } from './footer';

export function RootLayout() {
  // The session loads beside the page, never in front of it: the bar shows a visitor until it answers.
  const me = useMe();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const logout = () => signOut.mutate(undefined, { onSettled: () => navigate(ROUTES.home) });

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavBar profile={me.data?.profile ?? null} onLogout={logout} />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </>
  );
}
