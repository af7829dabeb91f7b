/**
 * 2. Forma de entrega (spec §2, §4): 'Entregamos para você' (1) or 'Retirada em loja' (0). Changing the type
 * clears address, logistic and seller. Shipping-restricted items disable delivery (with the note) unless the
 * shop allows them, and force pickup.
 */
import { useEffect, useState } from 'react';
import { useCurrentOrder, useShopSettings } from '../../../stores/app-store';
import { setLogistic } from '../api/set-logistic';
import { checkoutActions, useCheckoutForm, useCheckoutStore } from '../hooks/checkout-store';
import { changeOrder } from '../hooks/order-change';
import { afterLogisticType, DELIVERY, PICKUP } from '../lib/checkout-form';
import { DeliveryPanel } from './delivery-panel';
import { PickupPanel } from './pickup-panel';
import { ServerNote } from './server-note';

export const RESTRICTED_DELIVERY_NOTE =
  'Alguns itens do pedido só estão disponíveis para a modalidade de retirada em loja';

export function DeliverySection() {
  const settings = useShopSettings();
  const order = useCurrentOrder();
  const form = useCheckoutForm();
  const [message, setMessage] = useState<string | null>(null);
  const restricted =
    !settings?.allowShippingRestrictedProducts && (order?.items ?? []).some((i) => i.hasShippingRestriction);

  const switchType = (type: number) => {
    checkoutActions.replace(afterLogisticType(useCheckoutStore.getState().form, type));
    void changeOrder(() => setLogistic({ type, providerId: null }), { onError: { inline: setMessage } });
  };
  const onType = (type: number) => {
    if (type === form.logisticType) return;
    setMessage(null);
    switchType(type);
  };

  // Restricted items and delivery do not mix: move the order to pickup.
  const mustPickUp = restricted && form.logisticType === DELIVERY;
  useEffect(() => {
    if (mustPickUp) switchType(PICKUP);
  }, [mustPickUp]);

  const types = [
    { value: DELIVERY, label: 'Entregamos para você', disabled: restricted },
    { value: PICKUP, label: 'Retirada em loja', disabled: false },
  ];

  return (
    <section className="checkout-section" aria-labelledby="checkout-delivery-title">
      <h2 id="checkout-delivery-title" className="checkout-section__title">
        Forma de entrega
      </h2>
      <fieldset className="checkout-choices checkout-choices--inline">
        <legend className="visually-hidden">Forma de entrega</legend>
        {types.map((type) => (
          <label key={type.value} className="checkout-choice">
            <input
              type="radio"
              name="logistic-type"
              value={type.value}
              checked={form.logisticType === type.value}
              disabled={type.disabled}
              aria-describedby={type.disabled ? 'checkout-restricted-note' : undefined}
              onChange={() => onType(type.value)}
            />
            <span>{type.label}</span>
          </label>
        ))}
      </fieldset>
      {restricted && (
        <p id="checkout-restricted-note" className="checkout-note">
          {RESTRICTED_DELIVERY_NOTE}
        </p>
      )}
      <ServerNote message={message} />
      {form.logisticType === PICKUP && <PickupPanel />}
      {form.logisticType === DELIVERY && <DeliveryPanel />}
    </section>
  );
}
