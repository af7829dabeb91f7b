/**
 * Delivery (spec §2): the contact's addresses ('name - street, number') with a 'Novo endereço' button, the
 * store list and the delivery options for the chosen address (name, estimate as one sentence, price or 'Grátis',
 * store). Manual-price shops without configured logistics set a manual freight instead of options.
 */
import { useState } from 'react';
import type { LogisticOption } from '@vitrine/contracts/checkout';
import type { Address } from '@vitrine/contracts/contact';
import { appActions, useCurrentOrder, useSession, useShopSettings } from '../../../stores/app-store';
import { getLogisticOptions } from '../api/get-logistic-options';
import { setLogistic } from '../api/set-logistic';
import { checkoutActions, useCheckoutForm } from '../hooks/checkout-store';
import { changeOrder } from '../hooks/order-change';
import { useCheckoutList } from '../hooks/use-checkout-list';
import { DELIVERY } from '../lib/checkout-form';
import { SelectField } from '../../../components/form-field';
import { LogisticOptions } from './logistic-options';
import { ManualFreight } from './manual-freight';
import { NewAddressDialog } from './new-address-dialog';
import { ServerNote } from './server-note';
import { StoreList } from './store-list';

export function DeliveryPanel() {
  const settings = useShopSettings();
  const session = useSession();
  const order = useCurrentOrder();
  const form = useCheckoutForm();
  const [message, setMessage] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [dialogKey, setDialogKey] = useState(0);
  const addresses = session?.userShop.addresses ?? [];
  const index = form.deliveryAddressIndex;
  const address = index === null ? undefined : addresses[index];
  const manual = settings?.enableManualPrices === true && !settings.logistics;
  const options = useCheckoutList(
    (signal) =>
      getLogisticOptions({ type: DELIVERY, code: address?.zipCode, number: address?.number }, signal),
    address && !manual ? `delivery:${address.id}:${order?.seller?.providerId ?? ''}` : null,
    'Falha ao carregar opções de entrega',
  );

  const onAddress = (value: string) => {
    const addressIndex = Number(value);
    checkoutActions.patch({ deliveryAddressIndex: addressIndex, selectedLogistic: '' });
    setMessage(null);
    void changeOrder(() => setLogistic({ type: DELIVERY, providerId: null, addressIndex }), {
      onError: { inline: setMessage },
    });
  };
  const onSelect = (option: LogisticOption) => {
    checkoutActions.patch({ selectedLogistic: option.providerId });
    setMessage(null);
    void changeOrder(
      () => setLogistic({ type: DELIVERY, providerId: option.providerId, addressIndex: index }),
      { onError: { inline: setMessage } },
    );
  };
  const onAdded = (list: Address[]) => {
    if (session) appActions.setSession({ ...session, userShop: { ...session.userShop, addresses: list } });
    setAdding(false);
    onAddress(String(list.length - 1));
  };

  return (
    <div className="checkout-panel">
      <div className="checkout-inline-form">
        <SelectField
          label="Endereço de entrega"
          value={index === null || !address ? '' : String(index)}
          onValue={onAddress}
        >
          <option value="" disabled>
            {addresses.length ? 'Selecione o endereço' : 'Nenhum endereço cadastrado'}
          </option>
          {addresses.map((item, position) => (
            <option key={item.id} value={position}>
              {`${item.name} - ${item.street}, ${item.number}`}
            </option>
          ))}
        </SelectField>
        <button
          type="button"
          className="button button--outline"
          aria-haspopup="dialog"
          onClick={() => {
            setDialogKey((n) => n + 1);
            setAdding(true);
          }}
        >
          Novo endereço
        </button>
      </div>
      <StoreList />
      <ServerNote message={message ?? options.serverMessage} />
      {manual ? (
        address && (
          <ManualFreight
            type={DELIVERY}
            storeId={null}
            addressIndex={index}
            disabled={false}
            onError={setMessage}
          />
        )
      ) : (
        <LogisticOptions
          type={DELIVERY}
          options={options.items}
          selected={form.selectedLogistic}
          disabled={false}
          onSelect={onSelect}
        />
      )}
      <NewAddressDialog key={dialogKey} open={adding} onClose={() => setAdding(false)} onAdded={onAdded} />
    </div>
  );
}
