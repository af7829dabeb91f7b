/**
 * Category tab strip (spec §2, §9): 'Todos', the categories (collections included), 'Sugeridos'.
 * 5 tabs per row (4 below 800px, 3 below 600px, 2 below 400px — set in CSS, so nothing shifts), not
 * infinite; swipe-to-slide by native scroll snapping (touch) or mouse drag, and arrow buttons.
 * ARIA tablist: arrow keys / Home / End move focus between tabs, Enter or Space opens the focused one.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useAppStore, useCategories } from '../../../stores/app-store';
import { SUGGESTED_ITEMS } from '@vitrine/contracts/catalog-ids';
import { catalogTabs } from '../lib/category-tree';
import { catalogActions, useCatalogStore } from '../hooks/catalog-store';
import { useDragScroll } from '../hooks/use-drag-scroll';

export const PRODUCTS_PANEL_ID = 'catalog-products';

/** DOM id of a tab (ids may hold characters an id selector dislikes). */
export function tabDomId(tabId: string | null): string {
  return `catalog-tab-${(tabId ?? 'todos').replace(/[^\w-]/g, '_')}`;
}

const tabsOf = (strip: HTMLElement) => Array.from(strip.querySelectorAll<HTMLElement>('[role="tab"]'));

/** Scrolls the strip so that the tab nearest to its left edge starts it. */
function settle(strip: HTMLElement): void {
  const left = strip.scrollLeft;
  const nearest = tabsOf(strip).reduce<HTMLElement | null>(
    (best, tab) => (!best || Math.abs(tab.offsetLeft - left) < Math.abs(best.offsetLeft - left) ? tab : best),
    null,
  );
  if (nearest) strip.scrollTo({ left: nearest.offsetLeft, behavior: 'smooth' });
}

export function CategoryTabs() {
  const categories = useCategories();
  const currentCategory = useCatalogStore((state) => state.query.currentCategory);
  const suggestedMode = useCatalogStore((state) => state.query.mode === 'suggested');
  // What the assistant suggests, as one string: the tab shows while it is not empty, and a suggested listing on
  // screen is read again when the platform replaces it (the order's live stream brings the change).
  const suggestions = useAppStore((state) => {
    const info = state.order?.assistantInformations;
    return info ? `${info.productsIds.join()}|${info.searchTerms.join('\n')}` : '|';
  });
  const orderSuggests = suggestions !== '|';
  const shownSuggestions = useRef(suggestions);
  useEffect(() => {
    if (shownSuggestions.current === suggestions) return;
    shownSuggestions.current = suggestions;
    catalogActions.suggestionsChanged();
  }, [suggestions]);
  const tabs = useMemo(
    () => catalogTabs(categories, suggestedMode || orderSuggests),
    [categories, suggestedMode, orderSuggests],
  );
  const selectedId = suggestedMode ? SUGGESTED_ITEMS : currentCategory;
  // Keyboard entry point: the selected tab, or the first one when none is (unknown category).
  const focusId = tabs.some((tab) => tab.id === selectedId) ? selectedId : (tabs[0]?.id ?? null);

  const stripRef = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });
  const updateEdges = useCallback(() => {
    const strip = stripRef.current;
    if (!strip) return;
    const start = strip.scrollLeft <= 1;
    const end = strip.scrollLeft + strip.clientWidth >= strip.scrollWidth - 1;
    setEdges((previous) => (previous.start === start && previous.end === end ? previous : { start, end }));
  }, []);
  const drag = useDragScroll(stripRef, settle);

  // Edges follow the strip's size and content; the selected tab is brought into view — also once the strip
  // shows, when it was drawn hidden (under the server's first view, whose strip shows that tab already).
  useEffect(() => {
    const strip = stripRef.current;
    if (!strip) return;
    const reveal = () => {
      const selected = strip.querySelector<HTMLElement>('[aria-selected="true"]');
      if (
        selected &&
        (selected.offsetLeft < strip.scrollLeft ||
          selected.offsetLeft + selected.offsetWidth > strip.scrollLeft + strip.clientWidth)
      ) {
        strip.scrollLeft = selected.offsetLeft;
      }
    };
    reveal();
    if (typeof ResizeObserver === 'undefined') return;
    let hidden = strip.clientWidth === 0;
    const observer = new ResizeObserver(() => {
      if (hidden && strip.clientWidth > 0) reveal();
      hidden = strip.clientWidth === 0;
      updateEdges();
    });
    observer.observe(strip);
    return () => observer.disconnect();
  }, [tabs, selectedId, updateEdges]);

  const page = (direction: 1 | -1) => {
    const strip = stripRef.current;
    strip?.scrollBy({ left: direction * strip.clientWidth, behavior: 'smooth' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const strip = stripRef.current;
    if (!strip) return;
    const all = tabsOf(strip);
    const index = all.indexOf(document.activeElement as HTMLElement);
    if (index === -1) return;
    const targets: Record<string, number> = {
      ArrowRight: (index + 1) % all.length,
      ArrowLeft: (index - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    all[target]?.focus();
  };

  return (
    <div className="tabs">
      <button
        type="button"
        className="tabs__arrow"
        aria-label="Categorias anteriores"
        disabled={edges.start}
        onClick={() => page(-1)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path fill="currentColor" d="M15.4 7.4 14 6l-6 6 6 6 1.4-1.4-4.6-4.6z" />
        </svg>
      </button>
      <div
        ref={stripRef}
        className="tabs__list"
        role="tablist"
        aria-label="Categorias"
        onKeyDown={onKeyDown}
        onScroll={updateEdges}
        {...drag}
      >
        {tabs.map((tab) => {
          const selected = tab.id === selectedId;
          return (
            <button
              key={tab.id ?? ''}
              id={tabDomId(tab.id)}
              type="button"
              role="tab"
              className="tabs__tab"
              aria-selected={selected}
              aria-controls={PRODUCTS_PANEL_ID}
              tabIndex={tab.id === focusId ? 0 : -1}
              title={tab.name}
              onClick={() => catalogActions.chooseTab(tab.id)}
            >
              <span className="tabs__label">{tab.name}</span>
            </button>
          );
        })}
      </div>
      <button
        type="button"
        className="tabs__arrow"
        aria-label="Próximas categorias"
        disabled={edges.end}
        onClick={() => page(1)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path fill="currentColor" d="M8.6 16.6 10 18l6-6-6-6-1.4 1.4 4.6 4.6z" />
        </svg>
      </button>
    </div>
  );
}
