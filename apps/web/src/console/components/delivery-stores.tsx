/**
 * Entrega › Lojas de retirada: the stores (address, fee, pickup, hours, price tables), add, edit, remove with
 * confirmation.
 */
import { formatBRL } from '@vitrine/contracts/money';
import { WEEKDAY_LABELS, type Store } from '@vitrine/contracts/console-delivery';
import { useStores, useWriteStore } from '../api/delivery';
import { usePriceTables } from '../api/price-tables';
import { DeliveryList } from './delivery-list';
import { StoreForm } from './store-form';

const hoursText = (store: Store) =>
  store.openingHours
    .map((h) => `${WEEKDAY_LABELS[h.weekday]!.slice(0, 3)} ${h.opens}–${h.closes}`)
    .join(' · ') || 'Horário não informado';

/** 'Tabelas: Varejo, Atacado · padrão Atacado (aplicada ao escolher a loja)' (decision 0039). */
function TablesLine({ shop, store }: { shop: string; store: Store }) {
  const tables = usePriceTables(shop);
  const names = new Map((tables.data?.tables ?? []).map((t) => [t.id, t.name]));
  if (names.size === 0) return null;
  const { allowed, defaultId, useDefault } = store.priceTables;
  const list = allowed.length ? allowed.map((id) => names.get(id) ?? id).join(', ') : 'todas';
  const chosen = defaultId
    ? ` · padrão ${names.get(defaultId) ?? defaultId}${useDefault ? ' (aplicada ao escolher a loja)' : ''}`
    : '';
  return (
    <>
      <br />
      <span className="console-muted">
        Tabelas de preço: {list}
        {chosen}
      </span>
    </>
  );
}

function StoreSummary({ shop, store }: { shop: string; store: Store }) {
  return (
    <>
      <strong>{store.name}</strong>
      <span className="console-muted">
        {' '}
        · {store.street}, {store.number} - {store.neighborhood}, {store.city} - {store.state}
      </span>
      <br />
      Taxa de serviço: {store.serviceFeeCents ? formatBRL(store.serviceFeeCents) : 'Grátis'} ·{' '}
      {store.pickup ? `Retirada${store.pickupEstimate ? ` (${store.pickupEstimate})` : ''}` : 'Sem retirada'}
      <br />
      <span className="console-muted">{hoursText(store)}</span>
      <TablesLine shop={shop} store={store} />
    </>
  );
}

export function DeliveryStores({ shop }: { shop: string }) {
  const stores = useStores(shop);
  const write = useWriteStore(shop);
  return (
    <DeliveryList
      titleId="stores-title"
      title="Lojas de retirada"
      newLabel="Nova loja"
      query={stores}
      items={stores.data?.stores ?? []}
      empty="Nenhuma loja ainda. Cadastre uma para oferecer retirada."
      summary={(store) => <StoreSummary shop={shop} store={store} />}
      form={(store, onDone) => <StoreForm shop={shop} store={store} onDone={onDone} />}
      removeTitle="Remover loja"
      removeText={(store) =>
        `${store.name} deixa de aparecer para retirada em novos pedidos. Pedidos já feitos continuam como estão.`
      }
      remove={(store) => write.mutateAsync({ id: store.id, body: null })}
      removeBusy={write.isPending}
    />
  );
}
