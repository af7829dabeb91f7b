/** Vendas › Cupons: the shop's coupons with their uses; create, edit, turn off (after a confirmation) or back on. */
import { useState } from 'react';
import type { ConsoleCoupon } from '@vitrine/contracts/console-coupons';
import { formatBRL } from '@vitrine/contracts/money';
import { Link } from 'wouter';
import { showToast } from '../../../stores/toast-store';
import { Modal } from '../../../components/modal';
import { errorText } from '../../api/console-api';
import { useCoupons, useSaveCoupon } from '../api/rules';
import { useShopSettings } from '../../api/shop-settings';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CouponForm, bodyOfCoupon } from './coupon-form';
import { Empty, LoadError, Loading } from '../../components/page-state';

const day = (value: string | null) => (value ? value.split('-').reverse().join('/') : null);

/** 'R$ 15,00' or '10 %', then the minimum. */
function discountText(c: ConsoleCoupon): string {
  const off = c.kind === 'percentage' ? `${c.value} %` : formatBRL(c.value);
  return c.minOrderCents > 0 ? `${off} em pedidos a partir de ${formatBRL(c.minOrderCents)}` : off;
}

function validityText(c: ConsoleCoupon): string {
  if (c.validFrom && c.validUntil) return `de ${day(c.validFrom)} a ${day(c.validUntil)}`;
  if (c.validFrom) return `a partir de ${day(c.validFrom)}`;
  if (c.validUntil) return `até ${day(c.validUntil)}`;
  return 'sem prazo';
}

function CouponCard({
  coupon,
  onEdit,
  onToggle,
}: {
  coupon: ConsoleCoupon;
  onEdit: () => void;
  onToggle: () => void;
}) {
  const uses =
    coupon.usageLimit === null ? `${coupon.uses} usos` : `${coupon.uses} de ${coupon.usageLimit} usos`;
  return (
    <li className="console-card sales-coupon">
      <div className="sales-coupon__head">
        <strong className="sales-coupon__code">{coupon.code}</strong>
        <span className={`sales-badge${coupon.active ? ' sales-badge--on' : ''}`}>
          {coupon.active ? 'Ativo' : 'Desativado'}
        </span>
      </div>
      <p className="sales-coupon__line">{discountText(coupon)}</p>
      <p className="console-muted sales-coupon__line">
        {validityText(coupon)} · {uses}
        {coupon.perCustomerLimit !== null && ` · até ${coupon.perCustomerLimit} por cliente`}
        {coupon.firstOrderOnly && ' · só na primeira compra'}
      </p>
      <div className="console-actions">
        <button type="button" className="button button--outline" onClick={onEdit}>
          Editar <span className="console-visually-hidden">{coupon.code}</span>
        </button>
        <button type="button" className="button button--outline" onClick={onToggle}>
          {coupon.active ? 'Desativar' : 'Reativar'}{' '}
          <span className="console-visually-hidden">{coupon.code}</span>
        </button>
      </div>
    </li>
  );
}

export function SalesCoupons({ shop }: { shop: string }) {
  const coupons = useCoupons(shop);
  const save = useSaveCoupon(shop);
  const couponsOff = useShopSettings(shop).data?.settings.canUseCoupon === false;
  /** The coupon in the form: undefined closed, null a new one. */
  const [editing, setEditing] = useState<ConsoleCoupon | null | undefined>(undefined);
  const [turningOff, setTurningOff] = useState<ConsoleCoupon | null>(null);

  const toggle = (coupon: ConsoleCoupon) =>
    save.mutate(
      { id: coupon.id, body: { ...bodyOfCoupon(coupon), active: !coupon.active } },
      {
        onSuccess: (saved) => {
          setTurningOff(null);
          showToast(saved.active ? `Cupom ${saved.code} reativado.` : `Cupom ${saved.code} desativado.`, {
            variant: 'success',
          });
        },
        onError: (error) => showToast(errorText(error), { variant: 'error' }),
      },
    );

  return (
    <section className="console-section" aria-labelledby="sales-coupons-title">
      <div className="console-title-row">
        <h2 id="sales-coupons-title" className="console-subtitle">
          Cupons
        </h2>
        <button type="button" className="button button--primary" onClick={() => setEditing(null)}>
          Novo cupom
        </button>
      </div>
      {couponsOff && (
        <p className="console-alert sales-notice" role="note">
          Esta loja ainda não aceita cupons no checkout: ative “Aceitar cupons” em{' '}
          <Link href={`/console/lojas/${shop}/configuracoes`}>Configurações</Link>.
        </p>
      )}
      {coupons.isPending ? (
        <Loading />
      ) : coupons.isError ? (
        <LoadError error={coupons.error} onRetry={() => void coupons.refetch()} />
      ) : coupons.data.coupons.length === 0 ? (
        <Empty>Nenhum cupom ainda. Crie o primeiro em “Novo cupom”.</Empty>
      ) : (
        <ul className="sales-coupons" aria-label="Cupons da loja">
          {coupons.data.coupons.map((coupon) => (
            <CouponCard
              key={coupon.id}
              coupon={coupon}
              onEdit={() => setEditing(coupon)}
              onToggle={() => (coupon.active ? setTurningOff(coupon) : toggle(coupon))}
            />
          ))}
        </ul>
      )}
      <Modal
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={editing ? `Editar cupom ${editing.code}` : 'Novo cupom'}
        sheet
      >
        {editing !== undefined && (
          <CouponForm shop={shop} coupon={editing} onDone={() => setEditing(undefined)} />
        )}
      </Modal>
      <ConfirmDialog
        open={turningOff !== null}
        title="Desativar cupom"
        confirmLabel="Desativar"
        busy={save.isPending}
        onConfirm={() => turningOff && toggle(turningOff)}
        onCancel={() => setTurningOff(null)}
      >
        <p>
          O cupom <strong>{turningOff?.code}</strong> deixa de valer em novos pedidos. Pedidos já confirmados
          mantêm o desconto. Você pode reativá-lo depois.
        </p>
      </ConfirmDialog>
    </section>
  );
}
