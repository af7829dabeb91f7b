/**
 * A price table's prices (decision 0039): the shop's products, each followed by its variants, 25 products a page
 * with search; each line's table price typed in R$ (blank: none, the catalogue's price applies). Edits are kept
 * across pages and searches until 'Salvar preços'. The table's prices as CSV: export, and import (all or nothing:
 * the refused rows are listed and nothing is written).
 */
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import {
  PRICE_PAGE_SIZE,
  type ConsolePriceTable,
  type PriceImportResult,
  type PriceRow,
} from '@vitrine/contracts/console-price-tables';
import { formatBRL } from '@vitrine/contracts/money';
import { showToast } from '../../../stores/toast-store';
import { errorText } from '../../api/console-api';
import { priceCsvUrl, useImportPrices, usePricePage, useSavePrices } from '../api/price-tables';
import { centsOfText, textOfCents } from '../../components/money-field';
import { Empty, LoadError, Loading } from '../../components/page-state';
import { RefusedRows } from '../../components/refused-rows';

const keyOf = (row: Pick<PriceRow, 'productId' | 'variantId'>) => `${row.productId}:${row.variantId ?? ''}`;
type Edit = { productId: string; variantId: string | null; text: string };
const BAD = 'Valor inválido: use, por exemplo, 1.234,56.';

function ImportResult({ result }: { result: PriceImportResult }) {
  if (result.applied)
    return (
      <div className="console-alert console-alert--success" role="status">
        <p>
          Planilha importada: {result.changed} preço(s) alterado(s), {result.unchanged} sem mudança.
        </p>
      </div>
    );
  return (
    <div className="console-alert console-alert--error" role="alert">
      <p>Nada foi importado: corrija as linhas abaixo e envie a planilha de novo.</p>
      <RefusedRows rows={result.refused.slice(0, 50)} />
      {result.refused.length > 50 && <p>E mais {result.refused.length - 50} linha(s).</p>}
    </div>
  );
}

export function PriceTableEditor({
  shop,
  table,
  onBack,
}: {
  shop: string;
  table: ConsolePriceTable;
  onBack: () => void;
}) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const [edits, setEdits] = useState<Map<string, Edit>>(new Map());
  const [imported, setImported] = useState<PriceImportResult | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const page = usePricePage(shop, table.id, q, offset);
  const save = useSavePrices(shop, table.id);
  const upload = useImportPrices(shop, table.id);

  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(typed.trim());
      setOffset(0);
    }, 300);
    return () => clearTimeout(timer);
  }, [typed]);

  const invalid = [...edits.values()].filter((e) => Number.isNaN(centsOfText(e.text) ?? 0)).length;
  const textOf = (row: PriceRow) => edits.get(keyOf(row))?.text ?? textOfCents(row.tableCents);
  const edit = (row: PriceRow, text: string) =>
    setEdits((current) => {
      const next = new Map(current);
      const cents = centsOfText(text);
      if (cents === row.tableCents) next.delete(keyOf(row));
      else next.set(keyOf(row), { productId: row.productId, variantId: row.variantId, text });
      return next;
    });
  const submit = () =>
    save.mutate(
      [...edits.values()].map((e) => ({
        productId: e.productId,
        variantId: e.variantId,
        priceCents: centsOfText(e.text),
      })),
      {
        onSuccess: ({ changed }) => {
          setEdits(new Map());
          showToast(`${changed} preço(s) salvo(s) em “${table.name}”.`, { variant: 'success' });
        },
        onError: (error) => showToast(errorText(error), { variant: 'error' }),
      },
    );
  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setImported(null);
    upload.mutate(file, { onSuccess: setImported });
  };

  const data = page.data;
  const products = data ? new Set(data.rows.map((r) => r.productId)).size : 0;
  return (
    <section className="console-section" aria-labelledby="price-editor-title">
      <div>
        <button type="button" className="button button--outline" onClick={onBack}>
          ← Tabelas de preço
        </button>
      </div>
      <div className="console-title-row">
        <h2 id="price-editor-title" className="console-subtitle">
          Preços da tabela “{table.name}”
        </h2>
      </div>
      <section className="console-card sales-section" aria-labelledby="price-csv-title">
        <h3 id="price-csv-title" className="console-subtitle">
          Planilha
        </h3>
        <p className="console-muted">
          CSV no formato da planilha do catálogo (separado por “;”, preços como 1.234,56). As linhas são
          encontradas pelo SKU do produto ou da variação; a coluna “Preço na tabela” em branco tira o preço da
          tabela. Se alguma linha tiver erro, nada é gravado.
        </p>
        <div className="console-actions">
          <a className="button button--outline" href={priceCsvUrl(shop, table.id)} download>
            Exportar CSV
          </a>
          <input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            className="console-visually-hidden"
            aria-label="Arquivo CSV de preços"
            tabIndex={-1}
            onChange={chosen}
          />
          <button
            type="button"
            className="button button--outline"
            disabled={upload.isPending || edits.size > 0}
            onClick={() => input.current?.click()}
          >
            {upload.isPending ? 'Importando…' : 'Importar CSV'}
          </button>
        </div>
        {edits.size > 0 && (
          <p className="console-muted">Salve ou descarte as alterações antes de importar.</p>
        )}
        {upload.isError && (
          <div className="console-alert console-alert--error" role="alert">
            <p>{errorText(upload.error)}</p>
          </div>
        )}
        {imported && <ImportResult result={imported} />}
      </section>

      <section className="console-card sales-section" aria-labelledby="price-list-title">
        <h3 id="price-list-title" className="console-subtitle">
          Produtos
        </h3>
        <label className="field" role="search">
          <span className="field__label">Buscar</span>
          <input
            className="field__control"
            type="search"
            value={typed}
            placeholder="Nome, SKU ou código"
            onChange={(e) => setTyped(e.target.value)}
          />
        </label>
        <p className="console-muted">Preço na tabela em branco: vale o preço do catálogo.</p>
        {page.isPending ? (
          <Loading />
        ) : page.isError ? (
          <LoadError error={page.error} onRetry={() => void page.refetch()} />
        ) : data!.rows.length === 0 ? (
          <Empty>{q ? `Nenhum produto encontrado para “${q}”.` : 'O catálogo ainda não tem produtos.'}</Empty>
        ) : (
          <>
            <div className="console-table-wrap">
              <table className="console-table price-table">
                <thead>
                  <tr>
                    <th scope="col">Produto</th>
                    <th scope="col">SKU</th>
                    <th scope="col">Preço do catálogo</th>
                    <th scope="col">Preço na tabela (R$)</th>
                  </tr>
                </thead>
                <tbody>
                  {data!.rows.map((row) => {
                    const text = textOf(row);
                    const bad = Number.isNaN(centsOfText(text) ?? 0);
                    const label = row.variant ? `${row.name} — ${row.variant}` : row.name;
                    const errorId = `price-error-${keyOf(row)}`;
                    return (
                      <tr
                        key={keyOf(row)}
                        className={row.variantId ? 'price-table__variant' : undefined}
                        data-changed={edits.has(keyOf(row)) ? 'true' : undefined}
                      >
                        <td>
                          {row.variantId ? (
                            <span className="price-table__variant-name">{row.variant}</span>
                          ) : (
                            <strong>{row.name}</strong>
                          )}
                        </td>
                        <td data-label="SKU" className="price-table__sku">
                          {row.sku}
                        </td>
                        <td data-label="Catálogo">{formatBRL(row.catalogueCents)}</td>
                        <td data-label="Preço na tabela">
                          <input
                            className="field__control price-table__input"
                            inputMode="decimal"
                            aria-label={`Preço na tabela de ${label}`}
                            aria-invalid={bad || undefined}
                            aria-describedby={bad ? errorId : undefined}
                            placeholder="Catálogo"
                            value={text}
                            onChange={(e) => edit(row, e.target.value)}
                          />
                          {bad && (
                            <span id={errorId} className="field__error">
                              {BAD}
                            </span>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <div className="price-table__pager">
              <span className="console-muted">
                Produtos {offset + 1}–{offset + products} de {data!.total}
              </span>
              <div className="console-actions">
                <button
                  type="button"
                  className="button button--outline"
                  disabled={offset === 0}
                  onClick={() => setOffset(Math.max(0, offset - PRICE_PAGE_SIZE))}
                >
                  Anteriores
                </button>
                <button
                  type="button"
                  className="button button--outline"
                  disabled={data!.nextOffset === null}
                  onClick={() => data!.nextOffset !== null && setOffset(data!.nextOffset)}
                >
                  Próximos
                </button>
              </div>
            </div>
          </>
        )}
      </section>
      <div
        className={`price-table__savebar${edits.size > 0 ? ' price-table__savebar--dirty' : ''}`}
        aria-live="polite"
      >
        <span>
          {edits.size === 0
            ? 'Nenhuma alteração.'
            : `${edits.size} preço(s) alterado(s)${invalid ? `, ${invalid} inválido(s)` : ''}.`}
        </span>
        <div className="console-actions">
          <button
            type="button"
            className="button button--outline"
            disabled={edits.size === 0 || save.isPending}
            onClick={() => setEdits(new Map())}
          >
            Descartar
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={edits.size === 0 || invalid > 0 || save.isPending}
            onClick={submit}
          >
            Salvar preços
          </button>
        </div>
      </div>
    </section>
  );
}
