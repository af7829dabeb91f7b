import { describe, expect, it } from 'vitest';
import type { Category } from '@vitrine/contracts/catalog';
import { initialSelection, subcategoriesOf, toggleCategory, toggleSubcategory } from './category-filter';
import { catalogTabs, searchHeadingText, treeCategories } from './category-tree';

const cat = (providerId: string, name: string, children: Category[] = []): Category => ({
  providerId,
  name,
  description: null,
  shopId: 's',
  children,
});
const TREE = [
  cat('C10', 'Hortifrúti', [cat('C11', 'Frutas'), cat('C12', 'Verduras')]),
  cat('C20', 'Mercearia'),
  cat('COLLECTION_ofertas', 'Ofertas da Semana'),
  cat('SUGGESTED_ITEMS', 'Sugeridos'),
];

describe('category filter', () => {
  it('selecting a category sets it; selecting it again clears the filter', () => {
    expect(toggleCategory([], 'C10')).toEqual(['C10']);
    expect(toggleCategory(['C10', 'C11'], 'C20')).toEqual(['C20']);
    expect(toggleCategory(['C10', 'C11'], 'C10')).toEqual([]);
  });

  it('selecting a subcategory sets both; again keeps only the category', () => {
    expect(toggleSubcategory(['C10'], 'C10', 'C11')).toEqual(['C10', 'C11']);
    expect(toggleSubcategory(['C10', 'C11'], 'C10', 'C12')).toEqual(['C10', 'C12']);
    expect(toggleSubcategory(['C10', 'C11'], 'C10', 'C11')).toEqual(['C10']);
  });

  it('starts from the current filter only when it names tree categories', () => {
    expect(initialSelection(['C10', 'C11'])).toEqual(['C10', 'C11']);
    expect(initialSelection(['COLLECTION_ofertas'])).toEqual([]);
    expect(initialSelection(['SUGGESTED_ITEMS'])).toEqual([]);
  });

  it('lists the subcategories of the selected category', () => {
    expect(subcategoriesOf(TREE, []).map((c) => c.providerId)).toEqual([]);
    expect(subcategoriesOf(TREE, ['C10']).map((c) => c.providerId)).toEqual(['C11', 'C12']);
    expect(treeCategories(TREE).map((c) => c.providerId)).toEqual(['C10', 'C20']);
  });
});

describe('category tree', () => {
  it('builds the tabs: Todos, the server list, Sugeridos when needed and missing', () => {
    const withoutSuggested = TREE.slice(0, 3);
    expect(catalogTabs(withoutSuggested, false).map((t) => t.name)).toEqual([
      'Todos',
      'Hortifrúti',
      'Mercearia',
      'Ofertas da Semana',
    ]);
    expect(catalogTabs(withoutSuggested, true).at(-1)).toEqual({ id: 'SUGGESTED_ITEMS', name: 'Sugeridos' });
    expect(catalogTabs(TREE, true).filter((t) => t.id === 'SUGGESTED_ITEMS')).toHaveLength(1);
  });

  it('writes the search heading', () => {
    expect(searchHeadingText('maçã', ['C10', 'C11'], TREE)).toBe(
      'Buscando por "maçã" na categoria Hortifrúti > Frutas',
    );
    expect(searchHeadingText('arroz', [], TREE)).toBe('Buscando por "arroz"');
    expect(searchHeadingText('', ['C20'], TREE)).toBe('Buscando na categoria Mercearia');
    expect(searchHeadingText('x', ['COLLECTION_ofertas'], TREE)).toBe(
      'Buscando por "x" na categoria Ofertas da Semana',
    );
  });
});
