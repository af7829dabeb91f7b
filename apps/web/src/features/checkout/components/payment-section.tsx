/**
 * 6. Forma de pagamento (spec §2, §4, §5): the methods the order enables (PIX and Boleto hidden with a
 * subscription). Pay on delivery: group, then the group's means; 'Dinheiro' asks for the cash amount. With a
 * manual gateway, PIX shows the shop's key and credit card a payment-link field. Failures: dialog 'Pagamento'.
 */
import { useState } from 'react';
import { Gateway, PaymentMethod } from '@vitrine/contracts/enums';
import type { Order } from '@vitrine/contracts/order';
import { useShopSettings } from '../../../stores/app-store';
import { getManualPix } from '../api/get-manual-pix';
import type { PaymentOption } from '@vitrine/contracts/checkout';
import { setPaymentMethod } from '../api/set-payment-method';
import { checkoutActions, useCheckoutForm } from '../hooks/checkout-store';
import { changeOrder, reportFailure } from '../hooks/order-change';
import { paymentLinkError, visibleMethods } from '../lib/payment-rules';
import { TextField } from '../../../components/form-field';
import { OnDeliveryFields } from './on-delivery-fields';

const PAYMENT_DIALOG = { dialog: 'Pagamento' } as const;

export interface PaymentSectionProps {
  order: Order;
  /** `GET /api/order/payments/` (loaded by the page: the footer names the method too). */
  options: PaymentOption[];
}

export function PaymentSection({ order, options }: PaymentSectionProps) {
  const settings = useShopSettings();
  const form = useCheckoutForm();
  const [linkTouched, setLinkTouched] = useState(false);
  const methods = visibleMethods(options, order);
  const manual = order.gateway === Gateway.Manual || settings?.type === 'manual';

  const onMethod = async (method: number) => {
    checkoutActions.patch({
      paymentMethod: method,
      ...(method === PaymentMethod.CreditCard ? { manualPaymentOption: '' } : {}),
    });
    const updated = await changeOrder(() => setPaymentMethod(method), { onError: PAYMENT_DIALOG });
    if (!updated || method !== PaymentMethod.Pix || !manual) return;
    try {
      checkoutActions.patch({ manualPaymentOption: (await getManualPix()).key });
    } catch (error) {
      reportFailure(error, PAYMENT_DIALOG);
    }
  };

  return (
    <section className="checkout-section" aria-labelledby="checkout-payment-title">
      <h2 id="checkout-payment-title" className="checkout-section__title">
        Forma de pagamento
      </h2>
      <fieldset className="checkout-choices">
        <legend className="visually-hidden">Forma de pagamento</legend>
        {methods.map((choice) => (
          <label key={choice.method} className="checkout-choice">
            <input
              type="radio"
              name="payment-method"
              checked={form.paymentMethod === choice.method}
              onChange={() => void onMethod(choice.method)}
            />
            <span>{choice.name}</span>
          </label>
        ))}
      </fieldset>
      {form.paymentMethod === PaymentMethod.OnDelivery && (
        <OnDeliveryFields options={options} total={order.totalAmout} />
      )}
      {manual && form.paymentMethod === PaymentMethod.Pix && (
        <TextField label="Chave Pix" readOnly value={form.manualPaymentOption} onValue={() => undefined} />
      )}
      {manual && form.paymentMethod === PaymentMethod.CreditCard && (
        <TextField
          label="Link de pagamento do cartão"
          type="url"
          placeholder="https://"
          value={form.manualPaymentOption}
          error={linkTouched ? paymentLinkError(form.manualPaymentOption) : null}
          onBlur={() => setLinkTouched(true)}
          onValue={(manualPaymentOption) => checkoutActions.patch({ manualPaymentOption })}
        />
      )}
    </section>
  );
}
