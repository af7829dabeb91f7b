/** Entrega › Opções de entrega: each option with where it delivers and its fees; add, edit, remove (confirmed). */
import { useState } from 'react';
import { formatBRL } from '@vitrine/contracts/money';
import { maskCep } from '@vitrine/contracts/masks';
import type { DeliveryArea, DeliveryOption } from '@vitrine/contracts/console-delivery';
import { showToast } from '../../stores/toast-store';
import { errorText } from '../api/console-api';
import { useDeliveryOptions, useStores, useWriteOption } from '../api/delivery';
import { ConfirmDialog } from './confirm-dialog';
import { DeliveryOptionForm } from './delivery-option-form';
import { Empty, LoadError, Loading } from './page-state';

const areaText = (a: DeliveryArea) =>
  `${a.kind === 'cep' ? `CEP ${maskCep(a.cepFrom)} a ${maskCep(a.cepTo)}` : `${a.neighborhood}${a.city ? ` (${a.city})` : ''}`}: ${
    a.feeCents ? formatBRL(a.feeCents) : 'grátis'
  }`;

export function DeliveryOptions({ shop }: { shop: string }) {
  const options = useDeliveryOptions(shop);
  const stores = useStores(shop);
  const write = useWriteOption(shop);
  const [editing, setEditing] = useState<DeliveryOption | 'new' | null>(null);
  const [removing, setRemoving] = useState<DeliveryOption | null>(null);
  return (
    <section className="console-card" aria-labelledby="options-title">
      <div className="console-title-row">
        <h2 id="options-title" className="console-subtitle">
          Opções de entrega
        </h2>
        {editing === null && (
          <button type="button" className="button button--outline" onClick={() => setEditing('new')}>
            Nova opção de entrega
          </button>
        )}
      </div>
      {editing !== null && (
        <DeliveryOptionForm
          shop={shop}
          option={editing === 'new' ? null : editing}
          stores={stores.data?.stores ?? []}
          onDone={() => setEditing(null)}
        />
      )}
      {options.isPending ? (
        <Loading />
      ) : options.isError ? (
        <LoadError error={options.error} onRetry={() => void options.refetch()} />
      ) : options.data.options.length === 0 ? (
        <Empty>Nenhuma opção de entrega. Sem ela, os pedidos só podem ser retirados.</Empty>
      ) : (
        <ul className="console-list">
          {options.data.options.map((option) => (
            <li key={option.id} className="console-list__item">
              <span>
                <strong>{option.name}</strong>
                {option.estimate && <span className="console-muted"> · {option.estimate}</span>}
                <br />
                {option.areas.map(areaText).join(' · ')}
                {(option.orderMinCents !== null || option.freeAboveCents !== null) && (
                  <>
                    <br />
                    <span className="console-muted">
                      {option.orderMinCents !== null && `Pedido mínimo ${formatBRL(option.orderMinCents)}. `}
                      {option.freeAboveCents !== null &&
                        `Grátis a partir de ${formatBRL(option.freeAboveCents)}.`}
                    </span>
                  </>
                )}
              </span>
              <span className="console-actions">
                <button type="button" className="button button--outline" onClick={() => setEditing(option)}>
                  Editar<span className="console-visually-hidden"> {option.name}</span>
                </button>
                <button type="button" className="button button--outline" onClick={() => setRemoving(option)}>
                  Remover<span className="console-visually-hidden"> {option.name}</span>
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remover opção de entrega"
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
          {removing?.name} deixa de ser oferecida em novos pedidos. Pedidos que já a escolheram continuam com
          ela. Deseja continuar?
        </p>
      </ConfirmDialog>
    </section>
  );
}
