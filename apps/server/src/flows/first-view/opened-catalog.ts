/**
 * What a link that opens a category, collection or search shows first, as the web app opens it
 * (apps/web/src/features/catalog/lib/catalog-query.ts `initialCatalogQuery`, category-tree.ts
 * `searchHeadingText`): the server's first view must show what React then shows, or the page would change
 * under the shopper. The link carries the choice in its real query too (contracts/catalog-link.ts).
 */
import type { Category } from '@vitrine/contracts/catalog';
import { COLLECTION_PREFIX, SUGGESTED_ITEMS } from '@vitrine/contracts/catalog-ids';
import type { LinkCatalog } from '@vitrine/contracts/catalog-link';
import { CatalogType } from '@vitrine/contracts/enums';

/** What the catalogue page shows for a choice, and the listing call that fills it. */
export type OpenedCatalog = {
  /** The selected tab (null: none), when the page shows tabs; search mode shows its heading instead. */
  tab: string | null;
  /** Search mode: the search bar's text and the heading under it ('Buscando por "x" na categoria A > B'). */
  search: { text: string; heading: string; categoryFiltered: boolean } | null;
  /** The listing call's `category` parameter ('' the whole shop) and text. */
  listing: { category: string; searchQuery: string | null };
};

export function findCategory(categories: readonly Category[], id: string): Category | null {
  for (const category of categories) {
    if (category.providerId === id) return category;
    const found = findCategory(category.children ?? [], id);
    if (found) return found;
  }
  return null;
}

function findParent(categories: readonly Category[], id: string): Category | null {
  for (const category of categories) {
    const children = category.children ?? [];
    if (children.some((child) => child.providerId === id)) return category;
    const found = findParent(children, id);
    if (found) return found;
  }
  return null;
}

function headingOf(text: string, categoryIds: string[], categories: readonly Category[]): string {
  const names = categoryIds
    .map((id) => findCategory(categories, id)?.name ?? (id.startsWith(COLLECTION_PREFIX) ? '' : id))
    .filter(Boolean);
  const parts = ['Buscando'];
  if (text) parts.push(`por "${text}"`);
  if (names.length) parts.push(`na categoria ${names.join(' > ')}`);
  return parts.join(' ');
}

/**
 * The page a choice opens among the shop's tabs `categories`: a category's tab (a subcategory: a search in
 * 'parent > subcategory'), a collection's tab, or a search of the whole shop. Null for 'Sugeridos'.
 */
export function openedCatalog(choice: LinkCatalog, categories: readonly Category[]): OpenedCatalog | null {
  const tab = (id: string): OpenedCatalog => ({
    tab: id,
    search: null,
    listing: { category: id, searchQuery: null },
  });
  switch (choice.type) {
    case CatalogType.ShowCategory: {
      if (choice.id === SUGGESTED_ITEMS) return null;
      const parent = findParent(categories, choice.id);
      if (!parent) return tab(choice.id);
      const ids = [parent.providerId, choice.id];
      return {
        tab: null,
        search: { text: '', heading: headingOf('', ids, categories), categoryFiltered: true },
        listing: { category: ids.join(','), searchQuery: null },
      };
    }
    case CatalogType.ShowCollection:
      return tab(choice.id.startsWith(COLLECTION_PREFIX) ? choice.id : `${COLLECTION_PREFIX}${choice.id}`);
    case CatalogType.ShowQuery:
      return {
        tab: null,
        search: { text: choice.id, heading: headingOf(choice.id, [], categories), categoryFiltered: false },
        listing: { category: '', searchQuery: choice.id },
      };
  }
}
