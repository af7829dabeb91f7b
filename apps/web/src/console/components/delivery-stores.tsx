/** Entrega › Lojas de retirada: the stores (address, fee, pickup, hours), add, edit, remove with confirmation. */
import { useState } from 'react';
import { formatBRL } from '@vitrine/contracts/money';
import { WEEKDAY_LABELS, type Store } from '@vitrine/contracts/console-delivery';
import { showToast } from '../../stores/toast-store';
import { errorText } from '../api/console-api';
import { useStores, useWriteStore } from '../api/delivery';
import { ConfirmDialog } from './confirm-dialog';
import { Empty, LoadError, Loading } from './page-state';
import { StoreForm } from './store-form';

const hoursText = (store: Store) =>
  store.openingHours
    .map((h) => `${WEEKDAY_LABELS[h.weekday]!.slice(0, 3)} ${h.opens}–${h.closes}`)
    .join(' · ') || 'Horário não informado';

export function DeliveryStores({ shop }: { shop: string }) {
  const stores = useStores(shop);
  const write = useWriteStore(shop);
  const [editing, setEditing] = useState<Store | 'new' | null>(null);
  const [removing, setRemoving] = useState<Store | null>(null);
  return (
    <section className="console-card" aria-labelledby="stores-title">
      <div className="console-title-row">
        <h2 id="stores-title" className="console-subtitle">
          Lojas de retirada
        </h2>
        {editing === null && (
          <button type="button" className="button button--outline" onClick={() => setEditing('new')}>
            Nova loja
          </button>
        )}
      </div>
      {editing !== null && (
        <StoreForm shop={shop} store={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      )}
      {stores.isPending ? (
        <Loading />
      ) : stores.isError ? (
        <LoadError error={stores.error} onRetry={() => void stores.refetch()} />
      ) : stores.data.stores.length === 0 ? (
        <Empty>Nenhuma loja ainda. Cadastre uma para oferecer retirada.</Empty>
      ) : (
        <ul className="console-list">
          {stores.data.stores.map((store) => (
            <li key={store.id} className="console-list__item">
              <span>
                <strong>{store.name}</strong>
                <span className="console-muted">
                  {' '}
                  · {store.street}, {store.number} - {store.neighborhood}, {store.city} - {store.state}
                </span>
                <br />
                Taxa de serviço: {store.serviceFeeCents ? formatBRL(store.serviceFeeCents) : 'Grátis'} ·{' '}
                {store.pickup
                  ? `Retirada${store.pickupEstimate ? ` (${store.pickupEstimate})` : ''}`
                  : 'Sem retirada'}
                <br />
                <span className="console-muted">{hoursText(store)}</span>
              </span>
              <span className="console-actions">
                <button type="button" className="button button--outline" onClick={() => setEditing(store)}>
                  Editar<span className="console-visually-hidden"> {store.name}</span>
                </button>
                <button type="button" className="button button--outline" onClick={() => setRemoving(store)}>
                  Remover<span className="console-visually-hidden"> {store.name}</span>
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remover loja"
        confirmLabel="Remover"
        busy={write.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          write.mutate(
            { id: removing.id, body: null },
            {
              onSuccess: () => showToast(`${removing.name} removida.`, { variant: 'success' }),
              onError: (error) => showToast(errorText(error), { variant: 'error' }),
              onSettled: () => setRemoving(null),
            },
          )
        }
      >
        <p>
          {removing?.name} deixa de aparecer para retirada em novos pedidos. Pedidos já feitos continuam como
          estão. Deseja continuar?
        </p>
      </ConfirmDialog>
    </section>
  );
}
