import { useCategories } from '../../../stores/app-store';
import { searchHeadingText } from '../lib/category-tree';
import { catalogActions, useCatalogStore } from '../hooks/catalog-store';

/**
 * Search mode replaces the tabs (spec §2): 'Pesquisa' and 'Buscando por "text" na categoria A > B'.
 * 'Limpar pesquisa' clears text and categories, which returns to the catalogue.
 */
export function SearchHeading() {
  const categories = useCategories();
  const text = useCatalogStore((state) => state.query.searchText);
  const categoryIds = useCatalogStore((state) => state.query.searchCategoryIds);

  return (
    <div className="search-heading">
      <div className="search-heading__text">
        <h2 className="search-heading__title">Pesquisa</h2>
        <p className="search-heading__query">{searchHeadingText(text, categoryIds, categories)}</p>
      </div>
      <button
        type="button"
        className="button button--outline search-heading__clear"
        onClick={() => {
          catalogActions.setInputText('');
          catalogActions.search([]);
        }}
      >
        Limpar pesquisa
      </button>
    </div>
  );
}
