import './toast.css';
import { lazy, Suspense } from 'react';
import { useToastStore } from '../stores/toast-store';

/** The toasts' look and buttons load with the first toast, outside the first route's JS budget. */
const ToastItem = lazy(() => import('./toast-item'));

/**
 * Renders the toast stack. Mounted once at the app root and always present, so the polite live region
 * exists before the first message arrives (screen readers announce additions to it).
 */
export function ToastRegion() {
  const toasts = useToastStore((state) => state.toasts);
  return (
    <section className="toasts" aria-label="Notificações">
      <ol className="toasts__list" aria-live="polite" aria-relevant="additions text">
        <Suspense fallback={null}>
          {toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} />
          ))}
        </Suspense>
      </ol>
    </section>
  );
}
