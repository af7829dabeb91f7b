/** Loading, error and empty states of console screens. */
import type { ReactNode } from 'react';
import { Skeleton } from '../../components/skeleton';
import { errorStatus, errorText } from '../api/console-api';

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

/** A refusal (role too low, shop not on the user's team): trying again would change nothing. */
const refused = (error: unknown) => [403, 404].includes(errorStatus(error) ?? 0);

export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div className="console-alert console-alert--error" role="alert">
      <p>{errorText(error)}</p>
      {onRetry && !refused(error) && (
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
