/**
 * Início › 'Baixo estoque' (issue 31): the shop's tracked items at or below their low threshold, fewest available
 * first, each linking to its product's editor.
 */
import { Link } from 'wouter';
import { useLowStock } from '../../api/stock';
import { Empty, LoadError, Loading } from '../../components/page-state';
import { stockAmount } from '../../components/stock-amount';

/** The list shows this many; the rest are counted. */
const SHOWN = 10;

export function LowStockCard({ shop }: { shop: string }) {
  const low = useLowStock(shop);
  return (
    <section className="console-card" aria-labelledby="low-stock-title">
      <h2 id="low-stock-title" className="console-subtitle">
        Baixo estoque
      </h2>
      {low.isPending ? (
        <Loading label="Carregando estoque…" />
      ) : low.isError ? (
        <LoadError error={low.error} onRetry={() => void low.refetch()} />
      ) : low.data.length === 0 ? (
        <Empty>
          Nenhum item com estoque baixo. Ligue “Controlar estoque” num produto para acompanhá-lo aqui.
        </Empty>
      ) : (
        <>
          <ul className="console-list">
            {low.data.slice(0, SHOWN).map((unit) => (
              <li key={unit.unitId} className="console-list__item">
                <Link
                  href={`/console/lojas/${shop}/catalogo/produtos/${encodeURIComponent(unit.productId)}#estoque`}
                >
                  {unit.name}
                </Link>
                <span className={unit.available <= 0 ? 'console-danger' : 'console-muted'}>
                  {unit.available <= 0
                    ? 'Indisponível'
                    : `${stockAmount(unit.available, unit.measure)} disponível(is)`}
                  {unit.held > 0 && ` · ${stockAmount(unit.held, unit.measure)} reservado(s)`}
                </span>
              </li>
            ))}
          </ul>
          {low.data.length > SHOWN && (
            <p className="console-muted">E mais {low.data.length - SHOWN} item(ns) com estoque baixo.</p>
          )}
        </>
      )}
    </section>
  );
}
