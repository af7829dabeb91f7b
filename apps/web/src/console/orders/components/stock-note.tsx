/**
 * The board's note on stock (issue 31): when confirmed orders still open hold items that are now at or below
 * their low threshold (or sold out), a short line names up to three and links to Início's 'Baixo estoque'.
 */
import { useEffect } from 'react';
import { Link } from 'wouter';
import { useLowStock } from '../../api/stock';

const NAMED = 3;

export function StockNote({ shop, fresh }: { shop: string; fresh: ReadonlySet<string> }) {
  const low = useLowStock(shop);
  const { refetch } = low;
  // A new order may have taken the last units: read the list again with it.
  useEffect(() => {
    if (fresh.size > 0) void refetch();
  }, [fresh.size, refetch]);
  const held = (low.data ?? []).filter((unit) => unit.held > 0);
  if (held.length === 0) return null;
  const more = held.length - NAMED;
  return (
    <p className="console-alert orders-stock-note" role="status">
      Pedidos abertos reservam itens com estoque baixo:{' '}
      {held.slice(0, NAMED).map((unit, i) => (
        <span key={unit.unitId}>
          {i > 0 && ', '}
          <Link
            href={`/console/lojas/${shop}/catalogo/produtos/${encodeURIComponent(unit.productId)}#estoque`}
          >
            {unit.name}
          </Link>
          {unit.available <= 0 && ' (indisponível)'}
        </span>
      ))}
      {more > 0 && ` e mais ${more}`}. <Link href={`/console/lojas/${shop}`}>Ver baixo estoque</Link>
    </p>
  );
}
