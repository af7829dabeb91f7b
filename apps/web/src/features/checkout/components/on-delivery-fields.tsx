/**
 * Pay on delivery (spec §2 section 6): group select, then the means of that group; the 'Dinheiro' group asks
 * for the amount the customer pays with (change), which must cover the order total (§5). The choice is sent
 * once a mean is chosen (and, for cash, when the amount is valid and the field is left).
 */
import { useState } from 'react';
import type { PaymentOption } from '@vitrine/contracts/checkout';
import { setDeliveryPayment } from '../api/set-delivery-payment';
import { checkoutActions, useCheckoutForm } from '../hooks/checkout-store';
import { changeOrder } from '../hooks/order-change';
import { CASH_GROUP, cashAmountError, deliveryGroups, deliveryMeans, parseReais } from '../lib/payment-rules';
import { SelectField, TextField } from '../../../components/form-field';

export interface OnDeliveryFieldsProps {
  options: PaymentOption[];
  /** Order total, reais. */
  total: number;
}

export function OnDeliveryFields({ options, total }: OnDeliveryFieldsProps) {
  const form = useCheckoutForm();
  const [cashTouched, setCashTouched] = useState(false);
  const group = form.paymentOptionGroup;
  const means = group ? deliveryMeans(options, group) : [];
  const cash = group === CASH_GROUP;
  const cashError = cash ? cashAmountError(form.cashAmount, total) : null;

  const send = (providerId: string, cashAmount: number | null) =>
    void changeOrder(() => setDeliveryPayment({ providerId, type: group, cashAmount }), {
      onError: { dialog: 'Pagamento' },
    });

  const onMean = (providerId: string) => {
    checkoutActions.patch({ paymentOptionId: providerId });
    if (!cash) send(providerId, null);
    else if (!cashError) send(providerId, parseReais(form.cashAmount));
  };
  const onCashDone = () => {
    setCashTouched(true);
    if (form.paymentOptionId && !cashError) send(form.paymentOptionId, parseReais(form.cashAmount));
  };

  return (
    <div className="checkout-grid">
      <SelectField
        label="Grupo de pagamento"
        value={group}
        onValue={(value) => checkoutActions.patch({ paymentOptionGroup: value, paymentOptionId: '' })}
      >
        <option value="" disabled>
          Selecione o grupo
        </option>
        {deliveryGroups(options).map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </SelectField>
      {group && (
        <SelectField label="Meio de pagamento" value={form.paymentOptionId} onValue={onMean}>
          <option value="" disabled>
            Selecione o meio
          </option>
          {means.map((mean) => (
            <option key={mean.id} value={mean.providerId ?? mean.id}>
              {mean.name}
            </option>
          ))}
        </SelectField>
      )}
      {cash && (
        <TextField
          label="Valor em dinheiro (troco para)"
          inputMode="decimal"
          placeholder="0,00"
          value={form.cashAmount}
          error={cashTouched ? cashError : null}
          onValue={(cashAmount) => checkoutActions.patch({ cashAmount })}
          onBlur={onCashDone}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onCashDone();
          }}
        />
      )}
    </div>
  );
}
