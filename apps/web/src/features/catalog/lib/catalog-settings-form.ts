/**
 * 'Configurações do Catálogo' form (spec §4 "Catalogue type selector", agents): which catalogue
 * 'Enviar catálogo' sends — Padrão, Categoria (a select, defaulting to the first non-collection
 * category), Coleção (a select, offered only when collections exist) or Busca (free text).
 * After sending, the form goes back to Padrão.
 */
import type { Category } from '@vitrine/contracts/catalog';
import type { SendCatalogQuery } from '@vitrine/contracts/messaging';
import { COLLECTION_PREFIX } from '@vitrine/contracts/catalog-ids';
import { isCollectionId } from './catalog-constants';
import { treeCategories } from './category-tree';

export type CatalogKind = 'standard' | 'category' | 'collection' | 'query';

export interface CatalogSettingsForm {
  kind: CatalogKind;
  categoryId: string;
  collectionId: string;
  searchTerm: string;
}

export interface CatalogOption {
  id: string;
  name: string;
}

export const STANDARD_FORM: CatalogSettingsForm = {
  kind: 'standard',
  categoryId: '',
  collectionId: '',
  searchTerm: '',
};

export const KIND_LABELS: Record<CatalogKind, string> = {
  standard: 'Padrão',
  category: 'Categoria',
  collection: 'Coleção',
  query: 'Busca',
};

/** Categories a catalogue can show: the tree's top level. */
export function categoryOptions(categories: readonly Category[]): CatalogOption[] {
  return treeCategories(categories).map((category) => ({ id: category.providerId, name: category.name }));
}

/** Collections (listed among the categories as COLLECTION_{id}), by their own id. */
export function collectionOptions(categories: readonly Category[]): CatalogOption[] {
  return categories
    .filter((category) => isCollectionId(category.providerId))
    .map((category) => ({ id: category.providerId.slice(COLLECTION_PREFIX.length), name: category.name }));
}

/** Types offered: Coleção only when collections exist. */
export function availableKinds(collections: readonly CatalogOption[]): CatalogKind[] {
  return collections.length > 0
    ? ['standard', 'category', 'collection', 'query']
    : ['standard', 'category', 'query'];
}

/** Switching type fills the select it shows with its default (first option) when empty. */
export function chooseKind(
  form: CatalogSettingsForm,
  kind: CatalogKind,
  categories: readonly CatalogOption[],
  collections: readonly CatalogOption[],
): CatalogSettingsForm {
  return {
    ...form,
    kind,
    categoryId: kind === 'category' && !form.categoryId ? (categories[0]?.id ?? '') : form.categoryId,
    collectionId:
      kind === 'collection' && !form.collectionId ? (collections[0]?.id ?? '') : form.collectionId,
  };
}

/** The send payload of a form: only the chosen type's field is filled. */
export function sendSettingsOf(form: CatalogSettingsForm): SendCatalogQuery {
  return {
    categoryId: form.kind === 'category' ? form.categoryId : '',
    collectionId: form.kind === 'collection' ? form.collectionId : '',
    searchTerm: form.kind === 'query' ? form.searchTerm.trim() : '',
  };
}

/** Short description of a non-standard form for the footer ('Categoria: Hortifrúti'), else null. */
export function formSummary(
  form: CatalogSettingsForm,
  categories: readonly CatalogOption[],
  collections: readonly CatalogOption[],
): string | null {
  const nameOf = (options: readonly CatalogOption[], id: string) =>
    options.find((o) => o.id === id)?.name ?? id;
  switch (form.kind) {
    case 'category':
      return form.categoryId ? `${KIND_LABELS.category}: ${nameOf(categories, form.categoryId)}` : null;
    case 'collection':
      return form.collectionId
        ? `${KIND_LABELS.collection}: ${nameOf(collections, form.collectionId)}`
        : null;
    case 'query':
      return form.searchTerm.trim() ? `${KIND_LABELS.query}: ${form.searchTerm.trim()}` : null;
    default:
      return null;
  }
}
