/**
 * 7. Resumo do pedido (spec §2, §5): the discount field (manual discount in manual-price mode, otherwise the
 * coupon code with its apply button), then coupon, subtotal, discounts, delivery, service fee (when a seller
 * is set) and total. A failed coupon resets it (dialog 'Cupom'); so does a refused manual discount.
 */
import { useState } from 'react';
import type { Order } from '@vitrine/contracts/order';
import { formatReais } from '@vitrine/contracts/money';
import { useShopSettings } from '../../../stores/app-store';
import { orderSummaryFigures } from '../../../stores/order/order-summary';
import { refreshCurrentOrder } from '../../../stores/order/current-order';
import { applyCoupon } from '../api/apply-coupon';
import { setDiscount } from '../api/set-discount';
import { checkoutActions, useBusyLabel, useCheckoutForm } from '../hooks/checkout-store';
import { changeOrder } from '../hooks/order-change';
import { parseReais, reaisText } from '../lib/payment-rules';
import { deliveryText, priceOrFree } from '../lib/price-text';
import { TextField } from '../../../components/form-field';

function CouponForm() {
  const form = useCheckoutForm();
  const apply = async () => {
    const order = await changeOrder(() => applyCoupon(form.coupon.trim()), {
      busy: 'Recalculando...',
      onError: { dialog: 'Cupom' },
    });
    if (order) return;
    checkoutActions.patch({ coupon: '' });
    const fresh = await refreshCurrentOrder();
    if (fresh) checkoutActions.sync(fresh);
  };
  return (
    <form
      className="checkout-inline-form"
      onSubmit={(event) => {
        event.preventDefault();
        void apply();
      }}
    >
      <TextField
        label="Cupom"
        autoCapitalize="characters"
        value={form.coupon}
        onValue={(coupon) => checkoutActions.patch({ coupon })}
      />
      <button type="submit" className="button button--outline">
        Aplicar
      </button>
    </form>
  );
}

function DiscountForm({ current }: { current: number }) {
  const [text, setText] = useState(current ? reaisText(current) : '');
  const amount = parseReais(text);
  const apply = async () => {
    if (amount === null) return;
    const order = await changeOrder(() => setDiscount(amount), { busy: 'Recalculando...' });
    if (!order) setText('');
  };
  return (
    <form
      className="checkout-inline-form"
      onSubmit={(event) => {
        event.preventDefault();
        void apply();
      }}
    >
      <TextField
        label="Desconto (R$)"
        inputMode="decimal"
        placeholder="0,00"
        value={text}
        onValue={setText}
      />
      <button type="submit" className="button button--outline" disabled={amount === null}>
        Aplicar
      </button>
    </form>
  );
}

export function SummarySection({ order }: { order: Order }) {
  const settings = useShopSettings();
  const busy = useBusyLabel();
  const figures = orderSummaryFigures(order);
  const checkout = order.checkout;
  const manual = settings?.enableManualPrices === true;
  const recalculating = busy === 'Recalculando...';

  return (
    <section className="checkout-section" aria-labelledby="checkout-summary-title" aria-busy={recalculating}>
      <h2 id="checkout-summary-title" className="checkout-section__title">
        Resumo do pedido
      </h2>
      {manual ? (
        <DiscountForm current={checkout?.manualDiscount ?? 0} />
      ) : (
        settings?.canUseCoupon && <CouponForm />
      )}
      <dl className={`checkout-summary${recalculating ? ' checkout-summary--busy' : ''}`}>
        {order.coupon && (
          <div>
            <dt>Cupom {order.coupon}</dt>
            <dd>- {formatReais(checkout?.couponDiscount ?? 0)}</dd>
          </div>
        )}
        <div>
          <dt>Subtotal</dt>
          <dd>{formatReais(figures.subtotal)}</dd>
        </div>
        <div>
          <dt>Descontos</dt>
          <dd>{figures.savings ? `- ${formatReais(figures.savings)}` : formatReais(0)}</dd>
        </div>
        <div>
          <dt>Entrega</dt>
          <dd>{deliveryText(order, checkout?.delivery)}</dd>
        </div>
        {order.seller && (
          <div>
            <dt>Taxa de serviço</dt>
            <dd>{priceOrFree(checkout?.serviceFee)}</dd>
          </div>
        )}
        <div className="checkout-summary__total">
          <dt>Total</dt>
          <dd>{formatReais(order.totalAmout)}</dd>
        </div>
      </dl>
      {recalculating && <p className="checkout-note">Recalculando...</p>}
    </section>
  );
}
