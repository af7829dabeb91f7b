/**
 * What the grid shows when a listing has no product (spec §2 'Nenhum produto encontrado'), and, for a search
 * inside a category with no hit, the whole shop's results in one tap. Loaded only when a listing comes back
 * empty, to keep the first route small.
 */
import { catalogActions, useCatalogStore } from '../hooks/catalog-store';

/** 'Encontramos 3 produtos' · 'Encontramos mais de 10 produtos'. */
function wholeShopCount({ count, more }: { count: number; more: boolean }): string {
  if (more) return `Encontramos mais de ${count} produtos`;
  return count === 1 ? 'Encontramos 1 produto' : `Encontramos ${count} produtos`;
}

/** A category search with no hit, when the whole shop has some: say so and offer them in one tap. */
function WholeShopOffer() {
  const wholeShop = useCatalogStore((state) => state.wholeShop);
  const text = useCatalogStore((state) => state.query.searchText);
  if (!wholeShop) return null;
  return (
    <div className="catalog__whole-shop">
      <p>
        {wholeShopCount(wholeShop)} para "{text}" em todas as categorias da loja.
      </p>
      <button type="button" className="button button--primary" onClick={catalogActions.searchWholeShop}>
        Ver resultados em toda a loja
      </button>
    </div>
  );
}

export function EmptyState({ searching }: { searching: boolean }) {
  const inCategory = useCatalogStore((state) => state.query.searchCategoryIds.length > 0);
  return (
    <div className="catalog__empty">
      <p className="catalog__empty-title">
        {searching && inCategory
          ? 'Nenhum produto encontrado nesta categoria.'
          : 'Nenhum produto encontrado.'}
      </p>
      <p>
        {searching
          ? 'Tente outro termo de busca ou limpe os filtros.'
          : 'Tente outra categoria ou limpe os filtros.'}
      </p>
      <div role="status">{searching && <WholeShopOffer />}</div>
    </div>
  );
}
