// The shop console's entry (console.html; docs/decisions/0017): its own bundle, never loaded by the storefront.
import '../styles/tokens.css';
import '../styles/base.css';
import '../styles/forms.css';
import './console.css';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { useLocation } from 'wouter';
import { ToastRegion } from '../components/toast-region';
import { dropPageToasts } from '../stores/toast-store';
import { ConsoleRoutes } from './routes';

const client = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true } },
});

/** A console page change drops the toasts of the page left behind (issue 38: they covered the next page). */
function PageToasts() {
  const [path] = useLocation();
  useEffect(() => dropPageToasts(), [path]);
  return <ToastRegion />;
}

const root = document.getElementById('root');
if (!root) throw new Error('#root not found in console.html');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={client}>
      <ConsoleRoutes />
      <PageToasts />
    </QueryClientProvider>
  </StrictMode>,
);
