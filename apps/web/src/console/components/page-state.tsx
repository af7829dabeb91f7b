/** Loading, error and empty states of console screens. */
import type { ReactNode } from 'react';
import { Skeleton } from '../../components/skeleton';
import { errorText } from '../api/console-api';

export function Loading({ label = 'Carregando…' }: { label?: string }) {
  return (
    <div className="console-loading" role="status" aria-live="polite">
      <span className="console-visually-hidden">{label}</span>
      <Skeleton height="1.5em" width="60%" />
      <Skeleton height="1em" />
      <Skeleton height="1em" width="80%" />
    </div>
  );
}

export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div className="console-alert console-alert--error" role="alert">
      <p>{errorText(error)}</p>
      {onRetry && (
        <button type="button" className="button button--outline" onClick={onRetry}>
          Tentar de novo
        </button>
      )}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="console-empty">{children}</p>;
}
