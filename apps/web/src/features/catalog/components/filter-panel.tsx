/**
 * Facet filter panel (spec §2), loaded lazily: collapsible facet groups with checkboxes, the price range
 * slider and 'Limpar Filtros'. Every change reloads the listing from page 0 (spec §4). Shown as the
 * 300px sidebar on desktop and, below 768px, inside an overlay (FilterOverlay) whose header keeps 'Fechar'
 * and whose footer keeps 'Limpar Filtros' and the result count on screen while the facets scroll.
 */
import { Modal } from '../../../components/modal';
import { Skeleton } from '../../../components/skeleton';
import {
  PRICE_FACET_KEY,
  priceFacetRange,
  selectedPrice,
  selectedValues,
  setPriceFilter,
  toggleFacetValue,
  visibleFacets,
} from '../lib/facet-filters';
import { catalogActions, useCatalogStore } from '../hooks/catalog-store';
import { FacetSection, FacetValues } from './facet-group';
import { PriceRangeSlider } from './price-range-slider';
import './filter-panel.css';

const currentFilters = () => useCatalogStore.getState().query.filters;

function ClearFiltersButton() {
  const active = useCatalogStore((state) => state.query.filters.length > 0);
  return (
    <button
      type="button"
      className="button button--outline filter-panel__clear"
      disabled={!active}
      onClick={() => catalogActions.changeFilters([])}
    >
      Limpar Filtros
    </button>
  );
}

/** 'Buscando produtos…' · 'Nenhum produto' · '1 produto' · '7 produtos' · 'Mais de 10 produtos'. */
function resultCountText(status: string, count: number, hasMore: boolean): string {
  if (status === 'idle' || status === 'loading') return 'Buscando produtos…';
  if (hasMore) return `Mais de ${count} produtos`;
  if (count === 0) return 'Nenhum produto';
  return count === 1 ? '1 produto' : `${count} produtos`;
}

function ResultCount() {
  const status = useCatalogStore((state) => state.status);
  const count = useCatalogStore((state) => state.products.length);
  const hasMore = useCatalogStore((state) => state.paged?.hasMore ?? false);
  return (
    <p className="filter-panel__count" role="status">
      {resultCountText(status, count, hasMore)}
    </p>
  );
}

export function FilterPanel({ withClear = true }: { withClear?: boolean }) {
  const facets = useCatalogStore((state) => state.facets);
  const loading = useCatalogStore((state) => state.facetsLoading);
  const filters = useCatalogStore((state) => state.query.filters);
  const shown = visibleFacets(facets);
  const fullPrice = priceFacetRange(facets);

  return (
    <div className="filter-panel" aria-busy={loading}>
      <h2 className="filter-panel__title">Filtros</h2>
      {shown.length === 0 && loading && (
        <div className="filter-panel__loading" aria-hidden="true">
          <Skeleton width="50%" height={20} />
          <Skeleton width="80%" height={16} />
          <Skeleton width="70%" height={16} />
          <Skeleton width="75%" height={16} />
        </div>
      )}
      {shown.length === 0 && !loading && <p className="filter-panel__empty">Nenhum filtro disponível.</p>}
      {shown.map((facet) =>
        facet.key === PRICE_FACET_KEY && fullPrice ? (
          <FacetSection key={facet.key} title={facet.name}>
            <PriceRangeSlider
              full={fullPrice}
              selected={selectedPrice(filters)}
              onChange={(range) => catalogActions.changeFilters(setPriceFilter(currentFilters(), range))}
            />
          </FacetSection>
        ) : (
          <FacetValues
            key={facet.key}
            facet={facet}
            selected={selectedValues(filters, facet.key)}
            onToggle={(value) =>
              catalogActions.changeFilters(toggleFacetValue(currentFilters(), facet.key, value))
            }
          />
        ),
      )}
      {withClear && <ClearFiltersButton />}
    </div>
  );
}

/** Below 768px: the panel in a full-height overlay, 'Fechar' on top, clear and count at the bottom. */
export function FilterOverlay({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Filtros"
      sheet
      hideCloseButton
      headerAction={
        <button type="button" className="button button--primary filter-panel__close" onClick={onClose}>
          Fechar
        </button>
      }
      footer={
        <div className="filter-panel__footer">
          <ResultCount />
          <ClearFiltersButton />
        </div>
      }
    >
      <FilterPanel withClear={false} />
    </Modal>
  );
}
