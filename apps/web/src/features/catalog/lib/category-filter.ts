/**
 * Selection of the 'Filtrar por categorias' modal (spec §4 "Category filter"): `[category]` or
 * `[category, subcategory]`.
 * - selecting a category sets the filter to it; selecting it again clears the filter;
 * - selecting a subcategory sets category and subcategory; selecting it again keeps only the category.
 */
import type { Category } from '@vitrine/contracts/catalog';
import { findCategory } from './category-tree';
import { isTreeCategoryId } from './catalog-constants';

export type CategorySelection = readonly string[];

export function toggleCategory(selection: CategorySelection, categoryId: string): string[] {
  return selection[0] === categoryId ? [] : [categoryId];
}

export function toggleSubcategory(
  selection: CategorySelection,
  categoryId: string,
  subcategoryId: string,
): string[] {
  return selection[0] === categoryId && selection[1] === subcategoryId
    ? [categoryId]
    : [categoryId, subcategoryId];
}

/** The modal's starting selection: the current filter when it names tree categories, else nothing. */
export function initialSelection(searchCategoryIds: readonly string[]): string[] {
  return isTreeCategoryId(searchCategoryIds[0]) ? searchCategoryIds.slice(0, 2) : [];
}

/** Children of the selected category (the modal's 'Subcategorias'), empty when none is selected. */
export function subcategoriesOf(categories: readonly Category[], selection: CategorySelection): Category[] {
  const selected = selection[0];
  return selected ? (findCategory(categories, selected)?.children ?? []) : [];
}
