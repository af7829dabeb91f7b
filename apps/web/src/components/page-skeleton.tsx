import { Skeleton } from './skeleton';

/**
 * Placeholder for a page whose data or code is still loading (session bootstrap, lazy route chunk).
 * The top bar is outside it, so its height is already reserved; this only fills the content area.
 */
export function PageSkeleton({ label = 'Carregando…' }: { label?: string }) {
  return (
    <div className="page page-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      <Skeleton width="45%" height={28} />
      <Skeleton width="70%" height={16} />
      <div className="page-skeleton__grid">
        {Array.from({ length: 6 }, (_, index) => (
          <div key={index} className="page-skeleton__card">
            <Skeleton shape="block" height={120} />
            <Skeleton width="80%" />
            <Skeleton width="40%" />
          </div>
        ))}
      </div>
    </div>
  );
}
