/**
 * Pagamentos (owner, manager; issue 38, item 8): everything about how the shop is paid, in one place — the methods
 * it takes and whether it charges through Vitrine ('Formas de pagamento'), its Pix key ('Pix') and, for the owner,
 * the gateway account ('Conta de pagamento') and the bank's API Pix ('Pix no banco'). These sat in Vendas and
 * Configurações under five names; the old Vendas addresses redirect here (routes.tsx).
 */
import { Link } from 'wouter';
import { useMe } from '../../api/me';
import { PaymentAccount } from './account';
import { ChargeSection } from './charge';
import { PaymentMethodsSection } from './methods';
import { PixSection } from './pix';
import { PixBankSection } from './pix-bank';
import './payments.css';

const TABS = [
  { path: 'formas', label: 'Formas de pagamento' },
  { path: 'pix', label: 'Pix' },
  /** The owner's only (as Integrações; decisions 0040, 0046). */
  { path: 'conta', label: 'Conta de pagamento', ownerOnly: true },
  { path: 'pix-no-banco', label: 'Pix no banco', ownerOnly: true },
] as const;
export type PaymentsTab = (typeof TABS)[number]['path'];

export function PaymentsPage({ shop, tab }: { shop: string; tab: string | undefined }) {
  const me = useMe();
  const owner = me.data?.shops.find((s) => s.slug === shop)?.role === 'owner';
  const tabs = TABS.filter((t) => owner || !('ownerOnly' in t));
  const current: PaymentsTab = tabs.find((t) => t.path === tab)?.path ?? 'formas';
  return (
    <>
      <h1 className="console-title">Pagamentos</h1>
      <nav className="console-tabs" aria-label="Pagamentos">
        {tabs.map((t) => (
          <Link
            key={t.path}
            href={`/console/lojas/${shop}/pagamentos/${t.path}`}
            className="console-tabs__link"
            aria-current={current === t.path ? 'page' : undefined}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {current === 'formas' && (
        <>
          <PaymentMethodsSection shop={shop} />
          <ChargeSection shop={shop} />
        </>
      )}
      {current === 'pix' && <PixSection shop={shop} />}
      {current === 'conta' && <PaymentAccount shop={shop} />}
      {current === 'pix-no-banco' && <PixBankSection shop={shop} />}
    </>
  );
}
