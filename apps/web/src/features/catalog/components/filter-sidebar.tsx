/**
 * Where the facet filters live (spec §2): a 300px sidebar from 768px up; below, a 'Filtrar' button that
 * opens them in an overlay. The panel's code loads lazily; until it arrives the sidebar shows its title
 * and skeleton lines in the column CSS reserves, so nothing moves and nothing is blank.
 */
import { lazy, Suspense, useState } from 'react';
import { Skeleton } from '../../../components/skeleton';
import { DESKTOP_QUERY, useMediaQuery } from '../hooks/use-media-query';
import { useCatalogStore } from '../hooks/catalog-store';

const FilterPanel = lazy(() => import('./filter-panel').then((module) => ({ default: module.FilterPanel })));
const FilterOverlay = lazy(() =>
  import('./filter-panel').then((module) => ({ default: module.FilterOverlay })),
);

/** The sidebar's panel while its code loads: the title and grey facet lines, never a blank column. */
function FilterPanelSkeleton() {
  return (
    <div className="filter-panel" aria-busy="true">
      <h2 className="filter-panel__title">Filtros</h2>
      <div className="filter-panel__loading" aria-hidden="true">
        <Skeleton width="50%" height={20} />
        <Skeleton width="80%" height={16} />
        <Skeleton width="70%" height={16} />
        <Skeleton width="75%" height={16} />
        <Skeleton width="45%" height={20} />
        <Skeleton width="80%" height={16} />
        <Skeleton width="65%" height={16} />
      </div>
    </div>
  );
}

export function FilterSidebar() {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  if (!desktop) return null;
  return (
    <aside className="catalog__filters" aria-label="Filtros">
      <Suspense fallback={<FilterPanelSkeleton />}>
        <FilterPanel />
      </Suspense>
    </aside>
  );
}

export function MobileFilterButton() {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const active = useCatalogStore((state) => state.query.filters.length);
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  if (desktop) return null;
  return (
    <>
      <button
        type="button"
        className="button button--outline catalog__filter-button"
        aria-haspopup="dialog"
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            fill="currentColor"
            d="M3 17v2h6v-2zM3 5v2h10V5zm10 16v-2h8v-2h-8v-2h-2v6zM7 9v2H3v2h4v2h2V9zm14 4v-2H11v2zm-6-4h2V7h4V5h-4V3h-2z"
          />
        </svg>
        Filtrar
        {active > 0 && (
          <span className="catalog__filter-count">
            {active}
            <span className="visually-hidden"> {active === 1 ? 'filtro ativo' : 'filtros ativos'}</span>
          </span>
        )}
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <FilterOverlay open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
