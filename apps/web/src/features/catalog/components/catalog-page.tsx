/**
 * Catalogue screen (spec §2 "Catalogue screen"), the first route — bundled with the entry, so only what
 * the first paint needs is here; modals, the filter panel and agent-only pieces load lazily.
 *
 * Layout: (agents: seller banner) · search bar · category tabs or the search heading · filters sidebar
 * (desktop) next to the product grid · sticky footer.
 */
import { lazy, Suspense } from 'react';
import { useIsPlatformUser, useShopSettings } from '../../../stores/app-store';
import { startCatalogWithSession, useCatalogFirstLoad } from '../hooks/use-catalog-first-load';
import { useCatalogStore } from '../hooks/catalog-store';
import { CatalogFooter } from './catalog-footer';
import { CategoryTabs } from './category-tabs';
import { FilterSidebar, MobileFilterButton } from './filter-sidebar';
import { ProductGrid } from './product-grid';
import { SearchBar } from './search-bar';
import { SearchHeading } from './search-heading';
import './catalog.css';

const SellerBanner = lazy(() =>
  import('./seller-banner').then((module) => ({ default: module.SellerBanner })),
);

// The first products are asked for as soon as the session is known, not when the page mounts.
startCatalogWithSession();

export interface CatalogPageProps {
  /** /products-found: the suggested-items view opens directly (spec §2). */
  suggested?: boolean;
}

export function CatalogPage({ suggested = false }: CatalogPageProps) {
  useCatalogFirstLoad(suggested);
  const settings = useShopSettings();
  const isAgent = useIsPlatformUser();
  const searching = useCatalogStore((state) => state.query.mode === 'search');

  return (
    <div className="catalog">
      <h1 className="visually-hidden">{settings?.name ? `Catálogo — ${settings.name}` : 'Catálogo'}</h1>
      {isAgent && (
        <Suspense fallback={null}>
          <SellerBanner />
        </Suspense>
      )}
      <SearchBar />
      <div className="catalog__nav">{searching ? <SearchHeading /> : <CategoryTabs />}</div>
      <div className="catalog__body">
        <FilterSidebar />
        <div className="catalog__results">
          <MobileFilterButton />
          <ProductGrid />
        </div>
      </div>
      <CatalogFooter />
    </div>
  );
}
