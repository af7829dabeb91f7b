/**
 * Entrega's lists (sellers, delivery options): a card with its title and 'Nova …' button, the form of the item
 * being added or edited, loading / error / empty states, each item's summary with 'Editar' and 'Remover', and
 * the removal's confirmation with its pt-BR toasts.
 */
import { useState, type ReactNode } from 'react';
import { showToast } from '../../../stores/toast-store';
import { errorText } from '../../api/console-api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Empty, LoadError, Loading } from '../../components/page-state';

type Loaded = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

export type DeliveryListProps<T extends { id: string; name: string }> = {
  /** the heading's id (the card is labelled by it) */
  titleId: string;
  title: string;
  newLabel: string;
  query: Loaded;
  items: T[];
  empty: string;
  summary: (item: T) => ReactNode;
  /** the form of a new item (null) or of `item`; `onDone` closes it */
  form: (item: T | null, onDone: () => void) => ReactNode;
  removeTitle: string;
  /** what removing `item` means, before 'Deseja continuar?' */
  removeText: (item: T) => string;
  remove: (item: T) => Promise<unknown>;
  removeBusy: boolean;
};

export function DeliveryList<T extends { id: string; name: string }>(props: DeliveryListProps<T>) {
  const { titleId, title, newLabel, query, items, empty, summary, form } = props;
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [removing, setRemoving] = useState<T | null>(null);
  const confirmRemove = (item: T) =>
    props.remove(item).then(
      () => showToast(`${item.name} removida.`, { variant: 'success' }),
      (error: unknown) => showToast(errorText(error), { variant: 'error' }),
    );
  return (
    <section className="console-card" aria-labelledby={titleId}>
      <div className="console-title-row">
        <h2 id={titleId} className="console-subtitle">
          {title}
        </h2>
        {editing === null && (
          <button type="button" className="button button--outline" onClick={() => setEditing('new')}>
            {newLabel}
          </button>
        )}
      </div>
      {editing !== null && form(editing === 'new' ? null : editing, () => setEditing(null))}
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <Empty>{empty}</Empty>
      ) : (
        <ul className="console-list">
          {items.map((item) => (
            <li key={item.id} className="console-list__item">
              <span>{summary(item)}</span>
              <span className="console-actions">
                <button type="button" className="button button--outline" onClick={() => setEditing(item)}>
                  Editar<span className="console-visually-hidden"> {item.name}</span>
                </button>
                <button type="button" className="button button--outline" onClick={() => setRemoving(item)}>
                  Remover<span className="console-visually-hidden"> {item.name}</span>
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={props.removeTitle}
        confirmLabel="Remover"
        busy={props.removeBusy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void confirmRemove(removing).finally(() => setRemoving(null))}
      >
        <p>{removing && `${props.removeText(removing)} Deseja continuar?`}</p>
      </ConfirmDialog>
    </section>
  );
}
