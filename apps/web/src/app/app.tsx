/**
 * App shell: top bar, routed page inside an error boundary, toasts. Platform users (agents) get the
 * scaled-down wide view (zoom 0.75, full-width container); customers a centred container (spec §2).
 */
import { Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { ErrorBoundary } from '../components/error-boundary';
import { PageSkeleton } from '../components/page-skeleton';
import { ToastRegion } from '../components/toast-region';
import { ErrorPage } from '../features/pages/components/error-page';
import { AppRoutes, useActiveRoute } from './routes';
import { watchSessionHash } from './session-bootstrap';
import { useBootStatus, useIsPlatformUser } from '../stores/app-store';
import { TopBar } from './top-bar';
import { isFirstViewPath, useReleaseFirstView } from '../lib/first-view';

export function App() {
  const [location] = useLocation();
  const route = useActiveRoute();
  const status = useBootStatus();
  const isAgent = useIsPlatformUser();
  const mainRef = useRef<HTMLElement>(null);
  const pending = status === 'loading' || (status === 'idle' && route.session === 'required');

  useEffect(() => watchSessionHash(), []);
  // The server drew only the catalogue and product pages; anywhere else (e.g. 'Sessão Inválida') React's page shows.
  useReleaseFirstView(!isFirstViewPath(location));

  return (
    <div className={`app ${isAgent ? 'app--agent' : 'app--customer'}`}>
      <button type="button" className="skip-link" onClick={() => mainRef.current?.focus()}>
        Pular para o conteúdo
      </button>
      <TopBar {...route.topBar} pending={pending} />
      <main ref={mainRef} id="main" tabIndex={-1} className="app__main container">
        <ErrorBoundary resetKey={location} fallback={<ErrorPage />}>
          <Suspense fallback={<PageSkeleton />}>
            <AppRoutes />
          </Suspense>
        </ErrorBoundary>
      </main>
      <ToastRegion />
    </div>
  );
}
