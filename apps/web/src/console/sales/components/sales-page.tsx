/**
 * Vendas (owner, manager): the shop's coupons, gifts by order value and price tables, one sub-page each. How the
 * shop is paid is Pagamentos (issue 38).
 */
import { Link } from 'wouter';
import { SalesCoupons } from './coupons';
import { SalesGifts } from './gifts';
import { SalesPriceTables } from './price-tables';
import './sales.css';

const TABS = [
  { path: 'cupons', label: 'Cupons' },
  { path: 'brindes', label: 'Brindes' },
  { path: 'tabelas', label: 'Tabelas de preço' },
] as const;
export type SalesTab = (typeof TABS)[number]['path'];

export function SalesPage({ shop, tab }: { shop: string; tab: string | undefined }) {
  const current: SalesTab = TABS.find((t) => t.path === tab)?.path ?? 'cupons';
  return (
    <>
      <h1 className="console-title">Vendas</h1>
      <nav className="console-tabs" aria-label="Regras de venda">
        {TABS.map((t) => (
          <Link
            key={t.path}
            href={`/console/lojas/${shop}/vendas/${t.path}`}
            className="console-tabs__link"
            aria-current={current === t.path ? 'page' : undefined}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {current === 'cupons' && <SalesCoupons shop={shop} />}
      {current === 'brindes' && <SalesGifts shop={shop} />}
      {current === 'tabelas' && <SalesPriceTables shop={shop} />}
    </>
  );
}
