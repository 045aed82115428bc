import { Suspense, lazy } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { useAuth } from '../lib/auth/auth-context';
import { useToastsWanted } from '../lib/toast';
import { Footer } from './Footer';
import { Header } from './Header';

// The toast container and its styles load with the first toast.
const Toasts = lazy(async () => ({ default: (await import('./Toasts')).Toasts }));
// A signed-in person's outbox and offline answers (issue 37): their code loads once someone is signed in.
const OfflineBar = lazy(async () => ({ default: (await import('./OfflineBar')).OfflineBar }));

export function Layout() {
  const toastsWanted = useToastsWanted();
  const { user } = useAuth();
  return (
    <div className="d-flex flex-column min-vh-100">
      <a href="#main" className="visually-hidden-focusable position-absolute top-0 start-0 p-2 bg-light z-3">
        Skip to content
      </a>
      <Header />
      {user && (
        <Suspense fallback={null}>
          <OfflineBar uid={user.uid} />
        </Suspense>
      )}
      {/* At least a screen tall: the footer starts below the fold, so a page filling in never moves it into view. */}
      <main id="main" className="container flex-grow-1 py-4 page-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      {toastsWanted && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
      <ScrollRestoration />
    </div>
  );
}
