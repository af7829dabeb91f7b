/**
 * Catálogo › Produtos: the list filtered by text, category, brand and active, in keyset pages; select many and
 * change their price by a percentage or a value, activate, deactivate or move them, after a confirmation.
 */
import { useState } from 'react';
import { Link } from 'wouter';
import type { BulkAction, ConsoleCategory, ConsoleProductRow } from '@vitrine/contracts/console-catalog-api';
import { formatBRL } from '@vitrine/contracts/money';
import { Modal } from '../../components/modal';
import { showToast } from '../../stores/toast-store';
import { errorText } from '../api/console-api';
import { useBulkEdit, useProductPage, type ProductFilters } from '../api/catalog';
import { Empty, LoadError, Loading } from './page-state';

type BulkKind = BulkAction['kind'];
const BULK_LABELS: Record<BulkKind, string> = {
  pricePercent: 'Mudar preço em %',
  priceValue: 'Mudar preço em R$',
  activate: 'Ativar',
  deactivate: 'Desativar',
  category: 'Mover para a categoria',
};

/** The action a person set up, or the pt-BR reason it is not ready. */
function actionOf(kind: BulkKind, amount: string, categoryCode: string): BulkAction | string {
  const number = Number(amount.replace(/\./g, '').replace(',', '.'));
  if (kind === 'pricePercent')
    return Number.isFinite(number) && number !== 0
      ? { kind, percent: number }
      : 'Informe o percentual (ex.: 10 ou -5).';
  if (kind === 'priceValue')
    return Number.isFinite(number) && number !== 0
      ? { kind, cents: Math.round(number * 100) }
      : 'Informe o valor em reais (ex.: 2,50 ou -1).';
  if (kind === 'category') return { kind, categoryCode: categoryCode || null };
  return { kind };
}

function describe(action: BulkAction, count: number, categories: ConsoleCategory[]): string {
  const products = `${count} produto(s)`;
  switch (action.kind) {
    case 'pricePercent':
      return `${action.percent > 0 ? 'Aumentar' : 'Reduzir'} em ${Math.abs(action.percent)}% todos os preços de ${products}?`;
    case 'priceValue':
      return `${action.cents > 0 ? 'Somar' : 'Tirar'} ${formatBRL(Math.abs(action.cents))} de todos os preços de ${products}?`;
    case 'activate':
      return `Ativar ${products}?`;
    case 'deactivate':
      return `Desativar ${products}? Eles aparecem como indisponíveis na loja.`;
    case 'category': {
      const name = categories.find((c) => c.code === action.categoryCode)?.name ?? 'sem categoria';
      return `Mover ${products} para ${name}?`;
    }
  }
}

export function CatalogProducts({ shop, categories }: { shop: string; categories: ConsoleCategory[] }) {
  const [filters, setFilters] = useState<ProductFilters>({ q: '', category: '', brand: '', active: '' });
  const [pages, setPages] = useState<(string | null)[]>([null]);
  const page = useProductPage(shop, filters, pages[pages.length - 1]!);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [kind, setKind] = useState<BulkKind>('pricePercent');
  const [amount, setAmount] = useState('');
  const [categoryCode, setCategoryCode] = useState('');
  const [confirming, setConfirming] = useState<BulkAction | null>(null);
  const bulk = useBulkEdit(shop);
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
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.code));

  return (
    <section className="console-card" aria-labelledby="products-title">
      <h2 id="products-title" className="console-subtitle">
        Produtos
      </h2>
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
            {(page.data?.brands ?? []).map((b) => (
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

      <div className="catalog-bulk" aria-label="Alterar selecionados">
        <span>{selected.size} selecionado(s)</span>
        <label className="field">
          <span className="field__label">Ação</span>
          <select
            aria-label="Ação"
            className="field__control"
            value={kind}
            onChange={(e) => setKind(e.target.value as BulkKind)}
          >
            {(Object.keys(BULK_LABELS) as BulkKind[]).map((k) => (
              <option key={k} value={k}>
                {BULK_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        {(kind === 'pricePercent' || kind === 'priceValue') && (
          <label className="field">
            <span className="field__label">{kind === 'pricePercent' ? 'Percentual' : 'Valor (R$)'}</span>
            <input
              aria-label={kind === 'pricePercent' ? 'Percentual' : 'Valor (R$)'}
              className="field__control"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              placeholder={kind === 'pricePercent' ? '10 ou -5' : '2,50 ou -1'}
            />
          </label>
        )}
        {kind === 'category' && (
          <label className="field">
            <span className="field__label">Categoria de destino</span>
            <select
              aria-label="Categoria de destino"
              className="field__control"
              value={categoryCode}
              onChange={(e) => setCategoryCode(e.target.value)}
            >
              <option value="">Sem categoria</option>
              {categories.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <button
          type="button"
          className="button"
          disabled={selected.size === 0 || bulk.isPending}
          onClick={() => {
            const action = actionOf(kind, amount, categoryCode);
            if (typeof action === 'string') showToast(action, { variant: 'error' });
            else setConfirming(action);
          }}
        >
          Aplicar aos selecionados
        </button>
      </div>

      {page.isPending ? (
        <Loading />
      ) : page.isError ? (
        <LoadError error={page.error} onRetry={() => void page.refetch()} />
      ) : rows.length === 0 ? (
        <Empty>Nenhum produto com estes filtros.</Empty>
      ) : (
        <div className="console-table-wrap">
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
                    <Link href={`/console/lojas/${shop}/catalogo/produtos/${r.code}`}>{r.name}</Link>
                    {r.brandName && <span className="console-muted"> · {r.brandName}</span>}
                    {r.variantCount > 0 && (
                      <span className="console-muted"> · {r.variantCount} variações</span>
                    )}
                  </td>
                  <td data-label="Código">{r.code}</td>
                  <td data-label="Categoria">{r.categoryName ?? '—'}</td>
                  <td data-label="Preço">
                    {formatBRL(r.promotionalPriceCents ?? r.priceCents)}
                    {r.promotionalPriceCents !== null && (
                      <span className="console-muted"> (de {formatBRL(r.priceCents)})</span>
                    )}
                  </td>
                  <td data-label="Situação">{r.isActive ? 'Ativo' : 'Inativo'}</td>
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
        <button
          type="button"
          className="button button--outline"
          disabled={!page.data?.next}
          onClick={() => page.data?.next && setPages([...pages, page.data.next])}
        >
          Próxima página
        </button>
      </div>

      <Modal
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        size="sm"
        title="Confirmar alteração"
        footer={
          <>
            <button type="button" className="button button--outline" onClick={() => setConfirming(null)}>
              Cancelar
            </button>
            <button
              type="button"
              className="button"
              disabled={bulk.isPending}
              onClick={() =>
                confirming &&
                bulk.mutate(
                  { codes: [...selected], action: confirming },
                  {
                    onSuccess: (result) => {
                      showToast(`${result.changed} de ${result.selected} produto(s) alterado(s).`, {
                        variant: 'success',
                      });
                      setConfirming(null);
                      setSelected(new Set());
                    },
                    onError: (error) => showToast(errorText(error), { variant: 'error' }),
                  },
                )
              }
            >
              Confirmar
            </button>
          </>
        }
      >
        <p>{confirming && describe(confirming, selected.size, categories)}</p>
      </Modal>
    </section>
  );
}
