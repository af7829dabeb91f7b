import { describe, expect, it } from 'vitest';
import type { Category } from '@vitrine/contracts/catalog';
import {
  availableKinds,
  categoryOptions,
  chooseKind,
  collectionOptions,
  formSummary,
  sendSettingsOf,
  STANDARD_FORM,
} from './catalog-settings-form';

const cat = (providerId: string, name: string): Category => ({
  providerId,
  name,
  description: null,
  shopId: 's',
  children: [],
});
const categories = [
  cat('C10', 'Hortifrúti'),
  cat('C20', 'Mercearia'),
  cat('COLLECTION_ofertas', 'Ofertas'),
  cat('SUGGESTED_ITEMS', 'Sugeridos'),
];

describe('catalogue settings form', () => {
  const cats = categoryOptions(categories);
  const cols = collectionOptions(categories);

  it('offers tree categories and collections by their own ids', () => {
    expect(cats).toEqual([
      { id: 'C10', name: 'Hortifrúti' },
      { id: 'C20', name: 'Mercearia' },
    ]);
    expect(cols).toEqual([{ id: 'ofertas', name: 'Ofertas' }]);
  });

  it('offers Coleção only when collections exist', () => {
    expect(availableKinds(cols)).toEqual(['standard', 'category', 'collection', 'query']);
    expect(availableKinds([])).toEqual(['standard', 'category', 'query']);
  });

  it('defaults Categoria to the first non-collection category', () => {
    const form = chooseKind(STANDARD_FORM, 'category', cats, cols);
    expect(form).toMatchObject({ kind: 'category', categoryId: 'C10' });
    expect(sendSettingsOf(form)).toEqual({ categoryId: 'C10', collectionId: '', searchTerm: '' });
    expect(formSummary(form, cats, cols)).toBe('Categoria: Hortifrúti');
  });

  it('sends only the chosen type’s field', () => {
    const collection = chooseKind({ ...STANDARD_FORM, categoryId: 'C20' }, 'collection', cats, cols);
    expect(sendSettingsOf(collection)).toEqual({ categoryId: '', collectionId: 'ofertas', searchTerm: '' });
    expect(sendSettingsOf({ ...STANDARD_FORM, kind: 'query', searchTerm: '  pão  ' })).toEqual({
      categoryId: '',
      collectionId: '',
      searchTerm: 'pão',
    });
    expect(sendSettingsOf(STANDARD_FORM)).toEqual({ categoryId: '', collectionId: '', searchTerm: '' });
    expect(formSummary(STANDARD_FORM, cats, cols)).toBeNull();
  });
});
