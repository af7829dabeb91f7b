/**
 * Pedidos: the shop's placed orders, newest first — a table on wide screens, labelled cards on phones — with the
 * filters of the URL, 'Carregar mais' for the next keyset page and a CSV export of the filtered list. New orders
 * arrive live (useLiveOrders) and are marked 'novo' for a minute.
 */
import { useMemo, useState } from 'react';
import { flexRender, useTable } from '@tanstack/react-table';
import type { BoardFilters, BoardRow } from '@vitrine/contracts/console-orders';
import { useShopTimeZone } from '../../api/me';
import { filtersSearch, useBoard } from '../api/orders';
import { OrderFilters } from './filters';
import { ordersColumns, ordersTableFeatures, payable } from './columns';
import { Empty, LoadError, Loading } from '../../components/page-state';
import { TableHead } from '../../components/table-head';
import { RecordPaymentDialog } from './record-payment-dialog';
import { NotPlacedNote } from './not-placed-note';
import { StockNote } from './stock-note';

export type OrdersBoardProps = {
  shop: string;
  filters: BoardFilters;
  onFilters: (filters: BoardFilters) => void;
  live: boolean;
  fresh: ReadonlySet<string>;
};

export function OrdersBoard({ shop, filters, onFilters, live, fresh }: OrdersBoardProps) {
  const board = useBoard(shop, filters, !live);
  const orders = useMemo(() => board.data?.pages.flatMap((page) => page.orders) ?? [], [board.data]);
  const sessionZone = useShopTimeZone(shop);
  const timeZone = board.data?.pages[0]?.timeZone ?? sessionZone;
  const search = filtersSearch(filters);
  const [recording, setRecording] = useState<BoardRow | null>(null);
  const mayRecord = board.data?.pages[0]?.recordPayment ?? false;
  const columns = useMemo(
    () =>
      ordersColumns({
        hrefOf: (row: BoardRow) => `/console/lojas/${shop}/pedidos/${row.id}${search ? `?${search}` : ''}`,
        timeZone,
        fresh,
        onRecordPayment: mayRecord ? setRecording : undefined,
      }),
    [shop, search, timeZone, fresh, mayRecord],
  );
  const table = useTable({ features: ordersTableFeatures, data: orders, columns, getRowId: (row) => row.id });
  const filtered = Object.keys(filters).length > 0;

  return (
    <>
      <div className="console-title-row">
        <h1 className="console-title">Pedidos</h1>
        <span className="orders-live" role="status">
          {live ? 'Ao vivo' : 'Atualizando a cada 15 s'}
        </span>
        <a
          className="button button--outline"
          href={`/api/console/shops/${shop}/orders.csv${search ? `?${search}` : ''}`}
          download
        >
          Exportar CSV
        </a>
      </div>
      <OrderFilters filters={filters} onChange={onFilters} />
      <StockNote shop={shop} fresh={fresh} />
      <NotPlacedNote shop={shop} timeZone={timeZone} />
      <section className="console-card" aria-label="Lista de pedidos">
        <p className="console-visually-hidden" role="status" aria-live="polite">
          {fresh.size > 0
            ? `${fresh.size === 1 ? 'Novo pedido recebido' : `${fresh.size} novos pedidos`}.`
            : ''}
        </p>
        {board.isPending ? (
          <Loading label="Carregando pedidos…" />
        ) : board.isError && orders.length === 0 ? (
          <LoadError error={board.error} onRetry={() => void board.refetch()} />
        ) : orders.length === 0 ? (
          <Empty>
            {filtered
              ? 'Nenhum pedido com esses filtros.'
              : 'Nenhum pedido ainda. Os pedidos aparecem aqui assim que um cliente finaliza a compra.'}
          </Empty>
        ) : (
          <div className="console-table-wrap">
            <table className="console-table orders-table">
              <TableHead groups={table.getHeaderGroups()} />
              <tbody>
                {table.getRowModel().rows.map((row) => (
                  <tr key={row.id} className={fresh.has(row.id) ? 'is-fresh' : undefined}>
                    {row.getAllCells().map((cell) => (
                      <td
                        key={cell.id}
                        className={`orders-cell--${cell.column.id}`}
                        data-empty={
                          cell.getValue() === '—' || (cell.column.id === 'actions' && !payable(row.original))
                            ? ''
                            : undefined
                        }
                        data-label={
                          cell.column.id === 'number' ? undefined : String(cell.column.columnDef.header)
                        }
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {board.hasNextPage && (
          <button
            type="button"
            className="button button--outline orders-more"
            disabled={board.isFetchingNextPage}
            onClick={() => void board.fetchNextPage()}
          >
            {board.isFetchingNextPage ? 'Carregando…' : 'Carregar mais'}
          </button>
        )}
      </section>
      <RecordPaymentDialog
        shop={shop}
        order={recording}
        timeZone={timeZone}
        onClose={() => setRecording(null)}
      />
    </>
  );
}
