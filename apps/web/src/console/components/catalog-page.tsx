/** Catálogo (owner, manager): the category tree and the product list with bulk edits (decision 0031). */
import { useCategories } from '../api/catalog';
import { CatalogCategories } from './catalog-categories';
import { CatalogProducts } from './catalog-products';
import './catalog.css';

export function CatalogPage({ shop }: { shop: string }) {
  const categories = useCategories(shop);
  return (
    <>
      <div className="console-title-row">
        <h1 className="console-title">Catálogo</h1>
      </div>
      <CatalogCategories shop={shop} />
      <CatalogProducts shop={shop} categories={categories.data ?? []} />
    </>
  );
}
