/**
 * Vendas (owner, manager): the shop's coupons, gifts by order value, payment methods, Pix receiver and price tables,
 * one sub-page each.
 */
import { Link } from 'wouter';
import { useMe } from '../../api/me';
import { SalesCoupons } from './coupons';
import { SalesGifts } from './gifts';
import { SalesPaymentAccount } from './payment-account';
import { SalesPaymentMethods } from './payment-methods';
import { SalesPix } from './pix';
import { SalesPixBank } from './pix-bank';
import { SalesPriceTables } from './price-tables';
import './sales.css';

const TABS = [
  { path: 'cupons', label: 'Cupons' },
  { path: 'brindes', label: 'Brindes' },
  { path: 'pagamento', label: 'Pagamento' },
  { path: 'pix', label: 'Pix' },
  /** The owner's only (as Integrações; decision 0040). */
  { path: 'conta-de-pagamento', label: 'Conta de pagamento', ownerOnly: true },
  { path: 'tabelas', label: 'Tabelas de preço' },
] as const;
export type SalesTab = (typeof TABS)[number]['path'];

export function SalesPage({ shop, tab }: { shop: string; tab: string | undefined }) {
  const me = useMe();
  const owner = me.data?.shops.find((s) => s.slug === shop)?.role === 'owner';
  const tabs = TABS.filter((t) => owner || !('ownerOnly' in t));
  const current: SalesTab = tabs.find((t) => t.path === tab)?.path ?? 'cupons';
  return (
    <>
      <h1 className="console-title">Vendas</h1>
      <nav className="sales-tabs" aria-label="Regras de venda">
        {tabs.map((t) => (
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
      {current === 'conta-de-pagamento' && (
        <>
          <SalesPaymentAccount shop={shop} />
          <SalesPixBank shop={shop} />
        </>
      )}
      {current === 'tabelas' && <SalesPriceTables shop={shop} />}
    </>
  );
}
