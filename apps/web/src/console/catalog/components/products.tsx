/**
 * Catálogo › Produtos: the list filtered by text, category, brand and active (product-filters.tsx), in keyset
 * pages with the total and 'página 1 de 6' (issue 38), each product with its cover's thumbnail and its stock; select many and change them together (bulk-edit.tsx) or adjust their stock
 * (stock-bulk-adjust.tsx).
 */
import { useState } from 'react';
import { Link } from 'wouter';
import type { ConsoleCategory, ConsoleProductRow } from '@vitrine/contracts/console-catalog-api';
import type { ProductStockSummary } from '@vitrine/contracts/console-stock';
import { formatWeight } from '@vitrine/contracts/format';
import { formatBRL } from '@vitrine/contracts/money';
import { Photo } from '../../../components/photo';
import { useProductPage, type ProductFilters } from '../../api/products';
import { Empty, LoadError, Loading } from '../../components/page-state';
import { stockAmount } from '../../components/stock-amount';
import { useStockSummaries } from '../api/stock';
import { BulkEdit } from './bulk-edit';
import { StockBulkAdjust } from './stock-bulk-adjust';
import { ProductFilterBar } from './product-filters';

/** The list's page size (the server's default `limit`). */
const PAGE_SIZE = 50;

export function CatalogProducts({ shop, categories }: { shop: string; categories: ConsoleCategory[] }) {
  const [filters, setFilters] = useState<ProductFilters>({ q: '', category: '', brand: '', active: '' });
  const [pages, setPages] = useState<(string | null)[]>([null]);
  const page = useProductPage(shop, filters, pages[pages.length - 1]!);
  // the first page (cached: no second request) counts what the filters match
  const total = useProductPage(shop, filters, null).data?.total ?? null;
  const pageCount = total === null ? null : Math.max(1, Math.ceil(total / PAGE_SIZE));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const filter = (change: Partial<ProductFilters>) => {
    setFilters({ ...filters, ...change });
    setPages([null]);
  };
  const toggle = (code: string) => {
    const next = new Set(selected);
    if (next.has(code)) next.delete(code);
    else next.add(code);
    setSelected(next);
  };
  const rows: ConsoleProductRow[] = page.data?.products ?? [];
  const stock = useStockSummaries(
    shop,
    rows.map((r) => r.code),
  );
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.code));

  return (
    <section className="console-card" aria-labelledby="products-title">
      <h2 id="products-title" className="console-subtitle">
        Produtos
      </h2>
      <ProductFilterBar
        filters={filters}
        brands={page.data?.brands ?? []}
        categories={categories}
        filter={filter}
      />
      <BulkEdit shop={shop} selected={selected} categories={categories} onDone={() => setSelected(new Set())}>
        <StockBulkAdjust shop={shop} selected={selected} onDone={() => setSelected(new Set())} />
      </BulkEdit>

      {page.isPending ? (
        <Loading />
      ) : page.isError ? (
        <LoadError error={page.error} onRetry={() => void page.refetch()} />
      ) : rows.length === 0 ? (
        <Empty>
          {Object.values(filters).some((value) => value !== '')
            ? 'Nenhum produto com estes filtros.'
            : 'Nenhum produto ainda: cadastre o primeiro em “Novo produto” ou importe uma planilha.'}
        </Empty>
      ) : (
        <div className="console-table-wrap">
          {total !== null && (
            <p className="catalog-count">
              {total === 1 ? '1 produto' : `${total.toLocaleString('pt-BR')} produtos`}
            </p>
          )}
          <table className="console-table catalog-table">
            <thead>
              <tr>
                <th scope="col">
                  <input
                    type="checkbox"
                    aria-label="Selecionar todos desta página"
                    checked={allOnPage}
                    onChange={() => {
                      const next = new Set(selected);
                      for (const r of rows) {
                        if (allOnPage) next.delete(r.code);
                        else next.add(r.code);
                      }
                      setSelected(next);
                    }}
                  />
                </th>
                <th scope="col">Produto</th>
                <th scope="col">Código</th>
                <th scope="col">Categoria</th>
                <th scope="col">Preço</th>
                <th scope="col">Situação</th>
                <th scope="col">Estoque</th>
                <th scope="col">Disponível</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.code}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Selecionar ${r.name}`}
                      checked={selected.has(r.code)}
                      onChange={() => toggle(r.code)}
                    />
                  </td>
                  <td data-label="Produto">
                    <div className="catalog-table__product">
                      {r.imageUrl ? (
                        <Photo
                          src={r.imageUrl}
                          sizes="48px"
                          alt=""
                          className="catalog-thumb"
                          loading="lazy"
                        />
                      ) : (
                        <span className="catalog-thumb catalog-thumb--none" aria-hidden="true" />
                      )}
                      <Link href={`/console/lojas/${shop}/catalogo/produtos/${r.code}`}>{r.name}</Link>
                      {r.brandName && <span className="console-muted"> · {r.brandName}</span>}
                      {r.variantCount > 0 && (
                        <span className="console-muted"> · {r.variantCount} variações</span>
                      )}
                    </div>
                  </td>
                  <td data-label="Código">{r.code}</td>
                  <td data-label="Categoria">{r.categoryName ?? '—'}</td>
                  <td data-label="Preço">
                    {r.kilo?.kilogramPriceCents != null && (
                      <>
                        {formatBRL(r.kilo.kilogramPriceCents)}/kg
                        <br />
                        <span className="console-muted">{formatWeight(r.kilo.amountInKilo)} por </span>
                      </>
                    )}
                    {formatBRL(r.promotionalPriceCents ?? r.priceCents)}
                    {r.promotionalPriceCents !== null && (
                      <span className="console-muted"> (de {formatBRL(r.priceCents)})</span>
                    )}
                  </td>
                  <td data-label="Situação">{r.isActive ? 'Ativo' : 'Inativo'}</td>
                  <StockCells summary={stock.data?.get(r.code)} pending={stock.isPending} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="catalog-pages">
        <button
          type="button"
          className="button button--outline"
          disabled={pages.length === 1}
          onClick={() => setPages(pages.slice(0, -1))}
        >
          Página anterior
        </button>
        {pageCount !== null && (
          <span className="catalog-pages__where">
            página {pages.length} de {pageCount}
          </span>
        )}
        <button
          type="button"
          className="button button--outline"
          disabled={!page.data?.next}
          onClick={() => page.data?.next && setPages([...pages, page.data.next])}
        >
          Próxima página
        </button>
      </div>
    </section>
  );
}

/** A row's stock: on hand and available summed over its items ('Sem controle' when not tracked). */
function StockCells({ summary, pending }: { summary: ProductStockSummary | undefined; pending: boolean }) {
  if (!summary)
    return (
      <>
        <td data-label="Estoque">{pending ? '…' : '—'}</td>
        <td data-label="Disponível">—</td>
      </>
    );
  return (
    <>
      <td data-label="Estoque">
        {summary.track ? (
          stockAmount(summary.onHand, summary.measure)
        ) : (
          <span className="console-muted">Sem controle</span>
        )}
      </td>
      <td data-label="Disponível">
        {summary.track ? stockAmount(summary.available, summary.measure) : '—'}
        {summary.low && <span className="chip stock-low">Baixo</span>}
      </td>
    </>
  );
}
