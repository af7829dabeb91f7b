/**
 * Pickup (spec §2): CEP with a search button enabled only when valid, the store list and the pickup options.
 * Manual-price shops without configured logistics pick the store and a manual freight instead.
 */
import { useState } from 'react';
import type { LogisticOption } from '@vitrine/contracts/checkout';
import { maskCep } from '@vitrine/contracts/masks';
import { onlyDigits } from '@vitrine/contracts/digits';
import { isValidCep } from '@vitrine/contracts/validators';
import { useCurrentOrder, useShopSettings } from '../../../stores/app-store';
import { getLogisticOptions } from '../api/get-logistic-options';
import { getStores } from '../api/get-stores';
import { setLogistic } from '../api/set-logistic';
import { checkoutActions, useCheckoutForm } from '../hooks/checkout-store';
import { changeOrder } from '../hooks/order-change';
import { useCheckoutList } from '../hooks/use-checkout-list';
import { PICKUP } from '../lib/checkout-form';
import { SelectField, TextField } from '../../../components/form-field';
import { LogisticOptions } from './logistic-options';
import { ManualFreight } from './manual-freight';
import { ServerNote } from './server-note';
import { StoreList } from './store-list';

function ManualPickup({ onError }: { onError: (message: string) => void }) {
  const stores = useCheckoutList(getStores, 'stores', 'Falha ao carregar lojas');
  const [storeId, setStoreId] = useState('');
  return (
    <>
      <ServerNote message={stores.serverMessage} />
      <SelectField label="Loja para retirada" value={storeId} onValue={setStoreId}>
        <option value="" disabled>
          Selecione a loja
        </option>
        {stores.items.map((store) => (
          <option key={store.providerId} value={store.providerId}>
            {store.name}
          </option>
        ))}
      </SelectField>
      <ManualFreight
        type={PICKUP}
        storeId={storeId}
        addressIndex={null}
        disabled={!storeId}
        onError={onError}
      />
    </>
  );
}

export function PickupPanel() {
  const settings = useShopSettings();
  const order = useCurrentOrder();
  const form = useCheckoutForm();
  const [cep, setCep] = useState(form.cep);
  const [message, setMessage] = useState<string | null>(null);
  const manual = settings?.enableManualPrices === true && !settings.logistics;
  const searched = onlyDigits(form.cep);
  const options = useCheckoutList(
    (signal) => getLogisticOptions({ type: PICKUP, code: searched }, signal),
    manual ? null : `pickup:${searched}:${order?.seller?.providerId ?? ''}`,
    'Falha ao carregar opções de entrega',
  );

  const onSelect = (option: LogisticOption) => {
    checkoutActions.patch({ selectedLogistic: option.providerId });
    setMessage(null);
    void changeOrder(() => setLogistic({ type: PICKUP, providerId: option.providerId }), {
      onError: { inline: setMessage },
    });
  };

  if (manual)
    return (
      <div className="checkout-panel">
        <ManualPickup onError={setMessage} />
        <ServerNote message={message} />
      </div>
    );
  return (
    <div className="checkout-panel">
      <form
        className="checkout-inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (isValidCep(cep)) checkoutActions.patch({ cep });
        }}
      >
        <TextField
          label="CEP"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="00000-000"
          value={cep}
          onValue={(value) => setCep(maskCep(value))}
        />
        <button type="submit" className="button button--outline" disabled={!isValidCep(cep)}>
          Buscar
        </button>
      </form>
      <StoreList />
      <ServerNote message={message ?? options.serverMessage} />
      <LogisticOptions
        type={PICKUP}
        options={options.items}
        selected={form.selectedLogistic}
        disabled={false}
        onSelect={onSelect}
      />
    </div>
  );
}
