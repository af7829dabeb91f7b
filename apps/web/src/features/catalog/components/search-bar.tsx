/**
 * Search bar (spec §2): 'Pesquisar por produto'; Enter or the button runs the search (text trimmed, empty
 * = no text filter), within the current category filter. The funnel button opens the lazily loaded
 * 'Filtrar por categorias' modal.
 */
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { MAX_SEARCH_LENGTH } from '@vitrine/contracts/catalog-ids';
import { catalogActions, useCatalogStore } from '../hooks/catalog-store';

const CategoryFilterModal = lazy(() =>
  import('./category-filter-modal').then((module) => ({ default: module.CategoryFilterModal })),
);

export function SearchBar() {
  const inputText = useCatalogStore((state) => state.inputText);
  const categoryFiltered = useCatalogStore((state) => state.query.searchCategoryIds.length > 0);
  // The modal mounts on first use and stays mounted so it can animate out; `opened` restarts its form.
  const [opened, setOpened] = useState(0);
  const [open, setOpen] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    catalogActions.search();
  };

  return (
    <div className="search-bar">
      <form role="search" className="search-bar__form" onSubmit={onSubmit}>
        <input
          type="search"
          className="search-bar__input"
          placeholder="Pesquisar por produto"
          aria-label="Pesquisar por produto"
          enterKeyHint="search"
          autoComplete="off"
          maxLength={MAX_SEARCH_LENGTH}
          value={inputText}
          onChange={(event) => catalogActions.setInputText(event.target.value)}
        />
        <button type="submit" className="search-bar__button" aria-label="Pesquisar">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path
              fill="currentColor"
              d="M15.5 14h-.8l-.3-.3a6.5 6.5 0 1 0-.7.7l.3.3v.8l5 5 1.5-1.5zm-6 0a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9z"
            />
          </svg>
        </button>
      </form>
      <button
        type="button"
        className={`search-bar__filter${categoryFiltered ? ' search-bar__filter--active' : ''}`}
        aria-label="Filtrar por categorias"
        aria-haspopup="dialog"
        onClick={() => {
          setOpened((count) => count + 1);
          setOpen(true);
        }}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path fill="currentColor" d="M3 5h18l-7 8.5V20l-4-2v-4.5z" />
        </svg>
      </button>
      {opened > 0 && (
        <Suspense fallback={null}>
          <CategoryFilterModal key={opened} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
