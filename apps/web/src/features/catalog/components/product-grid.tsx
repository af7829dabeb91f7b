/**
 * Product grid (spec §2): skeleton cards while a listing loads (same footprint as cards), the cards, then
 * infinite scroll — a sentinel asks for the next page with the returned token until hasMore is false.
 * Outside search mode the grid is the tab panel of the selected category tab.
 */
import { useShopSettings } from '../../../stores/app-store';
import { SUGGESTED_ITEMS } from '@vitrine/contracts/catalog-ids';
import { visibleProducts } from '../lib/product-card-rules';
import { catalogActions, useCatalogStore } from '../hooks/catalog-store';
import { useInfiniteScroll } from '../hooks/use-infinite-scroll';
import { lazy, Suspense } from 'react';
import { useReleaseFirstView } from '../../../lib/first-view';
import { PRODUCTS_PANEL_ID, tabDomId } from './category-tabs';
import { ProductCard } from './product-card';
import { ProductCardSkeleton } from './product-card-skeleton';
import './product-grid.css';

/** Cards loaded eagerly (about the first row); the first two also get a high fetch priority (LCP). */
const EAGER_CARDS = 4;
const HIGH_PRIORITY_CARDS = 2;
const FIRST_PAGE_SKELETONS = 10;
const NEXT_PAGE_SKELETONS = 4;

const EmptyState = lazy(() =>
  import('./catalog-empty-state').then((module) => ({ default: module.EmptyState })),
);

const skeletons = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, index) => (
    <li key={`${prefix}-${index}`}>
      <ProductCardSkeleton />
    </li>
  ));

export function ProductGrid() {
  const settings = useShopSettings();
  const products = useCatalogStore((state) => state.products);
  const status = useCatalogStore((state) => state.status);
  const hasMore = useCatalogStore((state) => state.paged?.hasMore ?? false);
  const moreFailed = useCatalogStore((state) => state.moreFailed);
  const mode = useCatalogStore((state) => state.query.mode);
  const currentCategory = useCatalogStore((state) => state.query.currentCategory);

  const loading = status === 'idle' || status === 'loading';
  // The server's first view of the catalogue stays until these cards can take its place (lib/first-view.ts).
  useReleaseFirstView(!loading);
  const sentinelRef = useInfiniteScroll<HTMLDivElement>(
    status === 'ready' && hasMore && !moreFailed,
    catalogActions.loadMore,
    products.length,
  );
  const shown = visibleProducts(products, settings?.hiddenInactiveProducts ?? false);
  const tabId = mode === 'suggested' ? SUGGESTED_ITEMS : currentCategory;
  const panel =
    mode === 'search'
      ? { role: 'region', 'aria-label': 'Produtos' }
      : { role: 'tabpanel', 'aria-labelledby': tabDomId(tabId) };

  return (
    <div
      id={PRODUCTS_PANEL_ID}
      className="catalog__products"
      aria-busy={loading || status === 'more'}
      {...panel}
    >
      <h2 className="visually-hidden">Produtos</h2>
      {loading ? (
        <ul className="product-grid">{skeletons(FIRST_PAGE_SKELETONS, 'first')}</ul>
      ) : shown.length === 0 ? (
        <Suspense fallback={null}>
          <EmptyState searching={mode === 'search'} />
        </Suspense>
      ) : (
        <ul className="product-grid">
          {shown.map((product, index) => (
            <li key={product.providerId}>
              <ProductCard
                product={product}
                loading={index < HIGH_PRIORITY_CARDS ? 'high' : index < EAGER_CARDS ? 'eager' : 'lazy'}
              />
            </li>
          ))}
          {status === 'more' && skeletons(NEXT_PAGE_SKELETONS, 'more')}
        </ul>
      )}
      {moreFailed && (
        <div className="catalog__more">
          <button type="button" className="button button--outline" onClick={catalogActions.retryMore}>
            Carregar mais produtos
          </button>
        </div>
      )}
      <div ref={sentinelRef} className="catalog__sentinel" aria-hidden="true" />
      <p className="visually-hidden" role="status">
        {status === 'more' ? 'Carregando mais produtos' : ''}
      </p>
    </div>
  );
}
