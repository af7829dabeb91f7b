/** Catálogo › Produtos' filters: text (name, SKU or code), category, brand and active or not. */
import type { ConsoleCategory } from '@vitrine/contracts/console-catalog-api';
import type { ProductFilters } from '../../api/products';

export function ProductFilterBar({
  filters,
  brands,
  categories,
  filter,
}: {
  filters: ProductFilters;
  /** The brands of the shop's products (the list's answer). */
  brands: string[];
  categories: ConsoleCategory[];
  /** Changes some filters (the list goes back to its first page). */
  filter: (change: Partial<ProductFilters>) => void;
}) {
  return (
    <div className="catalog-filters" role="search">
      <label className="field">
        <span className="field__label">Buscar</span>
        <input
          aria-label="Buscar"
          className="field__control"
          type="search"
          value={filters.q}
          placeholder="Nome, SKU ou código"
          onChange={(e) => filter({ q: e.target.value })}
        />
      </label>
      <label className="field">
        <span className="field__label">Categoria</span>
        <select
          aria-label="Categoria"
          className="field__control"
          value={filters.category}
          onChange={(e) => filter({ category: e.target.value })}
        >
          <option value="">Todas</option>
          {categories.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">Marca</span>
        <select
          aria-label="Marca"
          className="field__control"
          value={filters.brand}
          onChange={(e) => filter({ brand: e.target.value })}
        >
          <option value="">Todas</option>
          {brands.map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">Situação</span>
        <select
          aria-label="Situação"
          className="field__control"
          value={filters.active}
          onChange={(e) => filter({ active: e.target.value as ProductFilters['active'] })}
        >
          <option value="">Todos</option>
          <option value="true">Ativos</option>
          <option value="false">Inativos</option>
        </select>
      </label>
    </div>
  );
}
