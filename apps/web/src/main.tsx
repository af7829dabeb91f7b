// Base styles first, so component stylesheets (imported by their components) come after them.
import './styles/tokens.css';
import './styles/base.css';
import './styles/forms.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { ErrorBoundary } from './components/error-boundary';
import { ErrorPage } from './features/pages/components/error-page';

const root = document.getElementById('root');
if (!root) throw new Error('#root not found in index.html');

createRoot(root).render(
  <StrictMode>
    <ErrorBoundary fallback={<ErrorPage />}>
      <App />
    </ErrorBoundary>
  </StrictMode>,
);
