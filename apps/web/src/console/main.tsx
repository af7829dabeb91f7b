// The shop console's entry (console.html; docs/decisions/0017): its own bundle, never loaded by the storefront.
import '../styles/tokens.css';
import '../styles/base.css';
import '../styles/forms.css';
import './console.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ToastRegion } from '../components/toast-region';
import { ConsoleRoutes } from './components/console-routes';

const client = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true } },
});

const root = document.getElementById('root');
if (!root) throw new Error('#root not found in console.html');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={client}>
      <ConsoleRoutes />
      <ToastRegion />
    </QueryClientProvider>
  </StrictMode>,
);
