/**
 * What an import preview would create and change (issue 38): each product with its cells before → after, 'Estoque'
 * among them (a 'Planilha' movement in the stock's history). The server lists the first PRODUCT_CHANGES_SHOWN; the
 * list shows them a page at a time, so a 10,000-row sheet stays a short page.
 */
import { useState } from 'react';
import type { CatalogImport } from '@vitrine/contracts/catalog-sheet';

const PAGE = 20;
const n = (value: number) => value.toLocaleString('pt-BR');

export function ImportChanges({ preview }: { preview: CatalogImport['preview'] }) {
  const [shown, setShown] = useState(PAGE);
  const { products, created, changed, stock } = preview;
  if (products.length === 0) return null;
  const listed = products.slice(0, shown);
  const total = Math.max(created + changed, products.length);
  return (
    <>
      <h3 className="catalog-sheets__heading" id="import-changes-title">
        O que muda
      </h3>
      {stock.count > 0 && (
        <p className="catalog-sheets__note">
          {stock.count === 1 ? 'Um estoque muda de contagem' : `${n(stock.count)} estoques mudam de contagem`}
          : cada mudança entra no histórico do estoque como ajuste de <q>Planilha</q>.
        </p>
      )}
      <ul className="catalog-sheets__changes" aria-labelledby="import-changes-title">
        {listed.map((p) => (
          <li key={`${p.row}-${p.code}`} className="catalog-sheets__change">
            <p className="catalog-sheets__change-title">
              <span className={`catalog-sheets__kind catalog-sheets__kind--${p.kind}`}>
                {p.kind === 'created' ? 'Novo' : 'Alterado'}
              </span>{' '}
              <strong>{p.name}</strong>{' '}
              <span className="catalog-sheets__change-where">
                {p.code} · linha {p.row}
              </span>
            </p>
            {p.fields.length > 0 && (
              <dl className="catalog-sheets__fields">
                {p.fields.map((f) => (
                  <div key={f.field}>
                    <dt>{f.field}</dt>
                    <dd>
                      <span className="catalog-sheets__from">{f.from || '(vazio)'}</span>
                      <span aria-hidden="true"> → </span>
                      <span className="console-visually-hidden"> passa a </span>
                      <span className="catalog-sheets__to">{f.to || '(vazio)'}</span>
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </li>
        ))}
      </ul>
      <p className="catalog-sheets__note" role="status">
        {`Mostrando ${n(listed.length)} de ${n(total)} (novos e alterados)`}
        {total > products.length
          ? ` — a prévia lista os ${n(products.length)} primeiros, na ordem da planilha.`
          : '.'}
      </p>
      {shown < products.length && (
        <button type="button" className="button button--outline" onClick={() => setShown(shown + PAGE)}>
          Mostrar mais {Math.min(PAGE, products.length - shown)}
        </button>
      )}
    </>
  );
}
