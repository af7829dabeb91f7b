/**
 * 'Filtrar por categorias' (spec §2, §4 "Category filter"), loaded on first use. 'Categorias' lists the
 * shop's top-level categories, 'Subcategorias' the children of the selected one, as toggle badges with
 * lowercased names. 'Filtrar' runs the search with the search box text and this selection; 'Cancelar'
 * leaves everything as it was.
 */
import { useId, useState } from 'react';
import type { Category } from '@vitrine/contracts/catalog';
import { useCategories } from '../../../stores/app-store';
import { Modal } from '../../../components/modal';
import { initialSelection, subcategoriesOf, toggleCategory, toggleSubcategory } from '../lib/category-filter';
import { treeCategories } from '../lib/category-tree';
import { catalogActions, useCatalogStore } from '../hooks/catalog-store';
import './category-filter-modal.css';

export interface CategoryFilterModalProps {
  open: boolean;
  onClose: () => void;
}

function BadgeList({
  labelledBy,
  items,
  isSelected,
  onToggle,
}: {
  labelledBy: string;
  items: Category[];
  isSelected: (category: Category) => boolean;
  onToggle: (category: Category) => void;
}) {
  return (
    <ul className="badge-list" aria-labelledby={labelledBy}>
      {items.map((category) => (
        <li key={category.providerId}>
          <button
            type="button"
            className="badge-toggle"
            aria-pressed={isSelected(category)}
            onClick={() => onToggle(category)}
          >
            {category.name.toLocaleLowerCase('pt-BR')}
          </button>
        </li>
      ))}
    </ul>
  );
}

export function CategoryFilterModal({ open, onClose }: CategoryFilterModalProps) {
  const categories = useCategories();
  const current = useCatalogStore((state) => state.query.searchCategoryIds);
  const [selection, setSelection] = useState(() => initialSelection(current));
  const categoriesId = useId();
  const subcategoriesId = useId();
  const tree = treeCategories(categories);
  const subcategories = subcategoriesOf(categories, selection);
  const parent = selection[0];

  const apply = () => {
    catalogActions.search(selection);
    onClose();
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Filtrar por categorias"
      footer={
        <>
          <button type="button" className="button button--outline" onClick={onClose}>
            Cancelar
          </button>
          <button type="button" className="button button--primary" onClick={apply}>
            Filtrar
          </button>
        </>
      }
    >
      <section className="category-filter__section">
        <h3 id={categoriesId} className="category-filter__title">
          Categorias
        </h3>
        {tree.length > 0 ? (
          <BadgeList
            labelledBy={categoriesId}
            items={tree}
            isSelected={(category) => selection[0] === category.providerId}
            onToggle={(category) => setSelection((ids) => toggleCategory(ids, category.providerId))}
          />
        ) : (
          <p className="category-filter__empty">Nenhuma categoria disponível.</p>
        )}
      </section>
      <section className="category-filter__section">
        <h3 id={subcategoriesId} className="category-filter__title">
          Subcategorias
        </h3>
        {parent && subcategories.length > 0 ? (
          <BadgeList
            labelledBy={subcategoriesId}
            items={subcategories}
            isSelected={(category) => selection[1] === category.providerId}
            onToggle={(category) =>
              setSelection((ids) => toggleSubcategory(ids, parent, category.providerId))
            }
          />
        ) : (
          <p className="category-filter__empty">
            {parent
              ? 'Esta categoria não tem subcategorias.'
              : 'Selecione uma categoria para ver as subcategorias.'}
          </p>
        )}
      </section>
    </Modal>
  );
}
