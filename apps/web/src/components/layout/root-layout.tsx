import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { LoadingScreen } from '../loading/loading-screen';
import { NavBar } from '../nav-bar/nav-bar';
import { Footer } from './footer';

export function RootLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* Profiles and LOGOUT reach the bar with accounts (identity issue). */}
      <NavBar profile={null} />
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
