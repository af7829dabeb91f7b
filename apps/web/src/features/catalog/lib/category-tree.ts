/**
 * Reading the category tree (spec §3 Category): lookups, the tab list and the search heading text.
 */
import type { Category } from '@vitrine/contracts/catalog';
import { SUGGESTED_ITEMS, SUGGESTED_ITEMS_NAME } from '@vitrine/contracts/catalog-ids';
import { ALL_TAB_NAME, isCollectionId, isSuggestedId, isTreeCategoryId } from './catalog-constants';

export interface CatalogTab {
  /** null = 'Todos' (top sellers). */
  id: string | null;
  name: string;
}

/** The category with `providerId` anywhere in the tree, else null. */
export function findCategory(categories: readonly Category[], providerId: string): Category | null {
  for (const category of categories) {
    if (category.providerId === providerId) return category;
    const found = findCategory(category.children ?? [], providerId);
    if (found) return found;
  }
  return null;
}

/** The parent of a nested category, null for a top-level or unknown one. */
export function findParent(categories: readonly Category[], providerId: string): Category | null {
  for (const category of categories) {
    const children = category.children ?? [];
    if (children.some((child) => child.providerId === providerId)) return category;
    const found = findParent(children, providerId);
    if (found) return found;
  }
  return null;
}

/** Top-level categories of the tree, without collections and 'Sugeridos' (the modal's 'Categorias'). */
export function treeCategories(categories: readonly Category[]): Category[] {
  return categories.filter((category) => isTreeCategoryId(category.providerId));
}

/**
 * Tabs: 'Todos', then every category the server lists (tree, collections, 'Sugeridos'); 'Sugeridos' is
 * added when the view needs it and the server did not list it.
 */
export function catalogTabs(categories: readonly Category[], withSuggested: boolean): CatalogTab[] {
  const tabs: CatalogTab[] = [{ id: null, name: ALL_TAB_NAME }];
  for (const category of categories) tabs.push({ id: category.providerId, name: category.name });
  if (withSuggested && !categories.some((category) => isSuggestedId(category.providerId))) {
    tabs.push({ id: SUGGESTED_ITEMS, name: SUGGESTED_ITEMS_NAME });
  }
  return tabs;
}

/** Display name of a category id ('Sugeridos' for the synthetic one; the id itself when unknown). */
export function categoryName(categories: readonly Category[], providerId: string): string {
  if (isSuggestedId(providerId)) return SUGGESTED_ITEMS_NAME;
  return findCategory(categories, providerId)?.name ?? (isCollectionId(providerId) ? '' : providerId);
}

/**
 * 'Buscando por "text" na categoria A > B' (spec §2): the category part only when categories are set,
 * the text part only when there is text.
 */
export function searchHeadingText(
  text: string,
  categoryIds: readonly string[],
  categories: readonly Category[],
): string {
  const names = categoryIds.map((id) => categoryName(categories, id)).filter(Boolean);
  const parts = ['Buscando'];
  if (text) parts.push(`por "${text}"`);
  if (names.length) parts.push(`na categoria ${names.join(' > ')}`);
  return parts.join(' ');
}
