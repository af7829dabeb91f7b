/** Vendas (owner, manager): the shop's coupons, gifts by order value, payment methods and Pix receiver, one sub-page each. */
import { Link } from 'wouter';
import { SalesCoupons } from './sales-coupons';
import { SalesGifts } from './sales-gifts';
import { SalesPaymentMethods } from './sales-payment-methods';
import { SalesPix } from './sales-pix';
import './sales.css';

const TABS = [
  { path: 'cupons', label: 'Cupons' },
  { path: 'brindes', label: 'Brindes' },
  { path: 'pagamento', label: 'Pagamento' },
  { path: 'pix', label: 'Pix' },
] as const;
export type SalesTab = (typeof TABS)[number]['path'];

export function SalesPage({ shop, tab }: { shop: string; tab: string | undefined }) {
  const current: SalesTab = TABS.find((t) => t.path === tab)?.path ?? 'cupons';
  return (
    <>
      <h1 className="console-title">Vendas</h1>
      <nav className="sales-tabs" aria-label="Regras de venda">
        {TABS.map((t) => (
          <Link
            key={t.path}
            href={`/console/lojas/${shop}/vendas/${t.path}`}
            className="sales-tabs__link"
            aria-current={current === t.path ? 'page' : undefined}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {current === 'cupons' && <SalesCoupons shop={shop} />}
      {current === 'brindes' && <SalesGifts shop={shop} />}
      {current === 'pagamento' && <SalesPaymentMethods shop={shop} />}
      {current === 'pix' && <SalesPix shop={shop} />}
    </>
  );
}
