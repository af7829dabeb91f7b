/**
 * 1. Loja (spec §2): the seller dropdown (only when the shop allows seller options) and the price table,
 * first option 'Sem Tabela de preço'. A seller clears logistic, day, schedule and payment (§4); a price
 * table reprices the order ('Recalculando...'; failure: dialog 'Tabela de preço').
 */
import { useState } from 'react';
import { useCurrentOrder, useShopSettings } from '../../../stores/app-store';
import { getPriceTables } from '../api/get-price-tables';
import { getSellers } from '../../../stores/order/get-sellers';
import { setPriceTable } from '../api/set-price-table';
import { setSeller } from '../../../stores/order/set-seller';
import { checkoutActions, useCheckoutForm } from '../hooks/checkout-store';
import { changeOrder } from '../hooks/order-change';
import { useCheckoutList } from '../hooks/use-checkout-list';
import { afterSeller } from '../lib/checkout-form';
import { SelectField } from '../../../components/form-field';
import { ServerNote } from './server-note';

export function StoreSection() {
  const settings = useShopSettings();
  const order = useCurrentOrder();
  const form = useCheckoutForm();
  const showSellers = settings?.showSellerOptions === true;
  const sellers = useCheckoutList(getSellers, showSellers ? 'sellers' : null);
  const tables = useCheckoutList(getPriceTables, `tables:${order?.seller?.providerId ?? ''}`);
  const [sellerMessage, setSellerMessage] = useState<string | null>(null);

  const onSeller = (providerId: string) => {
    if (!providerId || providerId === form.selectedSeller) return;
    checkoutActions.replace(afterSeller(form, providerId));
    setSellerMessage(null);
    void changeOrder(() => setSeller(providerId), { onError: { inline: setSellerMessage } });
  };
  const onPriceTable = (id: string) => {
    checkoutActions.patch({ priceTableId: id });
    void changeOrder(() => setPriceTable(id || 'none'), {
      busy: 'Recalculando...',
      onError: { dialog: 'Tabela de preço', message: 'Falha ao alterar a tabela de preço' },
    });
  };

  return (
    <section className="checkout-section" aria-labelledby="checkout-store-title">
      <h2 id="checkout-store-title" className="checkout-section__title">
        Loja
      </h2>
      <div className="checkout-grid">
        {showSellers && (
          <SelectField label="Loja" value={form.selectedSeller} onValue={onSeller}>
            <option value="" disabled>
              Selecione a loja
            </option>
            {sellers.items.map((seller) => (
              <option key={seller.providerId} value={seller.providerId}>
                {seller.name}
              </option>
            ))}
          </SelectField>
        )}
        <SelectField label="Tabela de preço" value={form.priceTableId} onValue={onPriceTable}>
          <option value="">Sem Tabela de preço</option>
          {tables.items.map((table) => (
            <option key={table.id} value={table.id}>
              {table.name}
            </option>
          ))}
        </SelectField>
      </div>
      <ServerNote message={sellerMessage ?? sellers.serverMessage} />
    </section>
  );
}
