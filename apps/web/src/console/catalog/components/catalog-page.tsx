/** Catálogo (owner, manager): the category tree, the collections and the product list with bulk edits (decision 0031). */
import { Link } from 'wouter';
import { useCategories } from '../api/catalog';
import { CatalogCategories } from './categories';
import { CatalogCollections } from './collections';
import { CatalogProducts } from './products';
import { CatalogSheets } from './sheets';
import './catalog.css';

/** 'Importar planilha' at the top (issue 38): the Planilha card's file picker, its card brought into view for the preview. */
function importSheet() {
  document.getElementById('sheets-title')?.scrollIntoView({ block: 'start' });
  document.getElementById('sheet-file')?.click();
}

export function CatalogPage({ shop }: { shop: string }) {
  const categories = useCategories(shop);
  return (
    <>
      <div className="console-title-row">
        <h1 className="console-title">Catálogo</h1>
        <span className="console-actions">
          <Link className="button button--primary" href={`/console/lojas/${shop}/catalogo/produtos/novo`}>
            Novo produto
          </Link>
          <button type="button" className="button button--outline" onClick={importSheet}>
            Importar planilha
          </button>
        </span>
      </div>
      <CatalogCategories shop={shop} />
      <CatalogProducts shop={shop} categories={categories.data ?? []} />
      <CatalogCollections shop={shop} />
      <CatalogSheets shop={shop} />
    </>
  );
}
