/** The shop's stores under the delivery choice (spec §2): name, address, service fee ('Grátis' if none). */
import { getStores } from '../api/get-stores';
import { useCheckoutList } from '../hooks/use-checkout-list';
import { priceOrFree } from '../lib/price-text';
import { ServerNote } from './server-note';

export function StoreList() {
  const stores = useCheckoutList(getStores, 'stores', 'Falha ao carregar lojas');
  return (
    <div className="checkout-block">
      <h3 className="checkout-block__title">Lojas</h3>
      <ServerNote message={stores.serverMessage} />
      <ul className="checkout-list">
        {stores.items.map((store) => (
          <li key={store.providerId} className="checkout-list__item">
            <span className="checkout-list__name">{store.name}</span>
            <span className="checkout-list__meta">{store.address}</span>
            <span className="checkout-list__meta">Taxa de serviço: {priceOrFree(store.serviceTax)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
