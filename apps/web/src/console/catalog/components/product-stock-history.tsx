/**
 * A product's stock movements, newest first (50 at a time, 'Carregar mais' for older ones): when (in the shop's
 * time zone), which item, why (with the note), what moved, who, and the order where there is one.
 */
import { useState } from 'react';
import { Link } from 'wouter';
import type { ProductStock } from '@vitrine/contracts/console-stock';
import { useShopTimeZone } from '../../api/me';
import { formatDateTime } from '../../components/format-date';
import { Empty } from '../../components/page-state';
import { useOlderMovements } from '../api/stock';
import { movementTexts } from './stock-model';

export function StockHistory({ shop, code, stock }: { shop: string; code: string; stock: ProductStock }) {
  const timeZone = useShopTimeZone(shop);
  const [wanted, setWanted] = useState(false);
  const older = useOlderMovements(
    shop,
    code,
    stock.more ? (stock.movements.at(-1)?.id ?? null) : null,
    wanted,
  );
  const movements = [...stock.movements, ...(older.data?.pages.flatMap((p) => p.movements) ?? [])];
  const more = older.data ? older.hasNextPage : stock.more;
  const loading = older.isFetching;
  const loadMore = () => (wanted ? void older.fetchNextPage() : setWanted(true));
  const units = new Map(stock.units.map((u) => [u.unitId, u] as const));
  const several = stock.units.length > 1;
  return (
    <section aria-labelledby="stock-history-title">
      <h3 id="stock-history-title" className="console-subtitle">
        Movimentações
      </h3>
      {movements.length === 0 ? (
        <Empty>Nenhuma movimentação de estoque ainda.</Empty>
      ) : (
        <div className="console-table-wrap" role="region" aria-label="Movimentações de estoque" tabIndex={0}>
          <table className="console-table stock-history">
            <thead>
              <tr>
                <th scope="col">Data</th>
                {several && <th scope="col">Item</th>}
                <th scope="col">Motivo</th>
                <th scope="col">Quantidade</th>
                <th scope="col">Quem</th>
                <th scope="col">Pedido</th>
              </tr>
            </thead>
            <tbody>
              {movements.map((m) => {
                const unit = units.get(m.unitId);
                const text = movementTexts(m, unit?.measure ?? 'unit');
                return (
                  <tr key={m.id}>
                    <td data-label="Data">{formatDateTime(m.at, timeZone)}</td>
                    {several && <td data-label="Item">{unit?.name ?? '—'}</td>}
                    <td data-label="Motivo">
                      {text.reason}
                      {m.note && <span className="stock-history__note stock-muted">{m.note}</span>}
                    </td>
                    <td data-label="Quantidade">{text.moved}</td>
                    <td data-label="Quem">{text.who}</td>
                    <td data-label="Pedido">
                      {m.orderId ? (
                        <Link href={`/console/lojas/${shop}/pedidos/${m.orderId}`}>
                          {m.orderNumber === null ? 'Ver pedido' : `Pedido nº ${m.orderNumber}`}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {older.isError && (
        <p className="console-alert console-alert--error" role="alert">
          Não foi possível carregar as movimentações anteriores. Tente de novo.
        </p>
      )}
      {more && (
        <button
          type="button"
          className="button button--outline stock-history__more"
          onClick={loadMore}
          disabled={loading}
          aria-busy={loading}
        >
          {loading ? 'Carregando…' : 'Carregar mais'}
        </button>
      )}
    </section>
  );
}
