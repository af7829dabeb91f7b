// Base styles first, so component stylesheets (imported by their components) come after them.
import './styles/tokens.css';
import './styles/base.css';
import './styles/forms.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { ErrorBoundary } from './components/error-boundary';
import { ErrorPage } from './features/pages/components/error-page';
import { FIRST_VIEW_MAX_WAIT_MS, releaseFirstView } from './lib/first-view';

const root = document.getElementById('root');
if (!root) throw new Error('#root not found in index.html');

// A transition: React renders the app in slices of a few milliseconds, yielding to the browser in between, so
// mounting it costs no long task (the server's first view, or the boot bar, is on screen meanwhile).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <ErrorBoundary fallback={<ErrorPage />}>
        <App />
      </ErrorBoundary>
    </StrictMode>,
  );
});

// A first view the page never claimed (a very slow session, an error) gives way to React's page after a while.
setTimeout(releaseFirstView, FIRST_VIEW_MAX_WAIT_MS);
