/**
 * 'Excluir' of an item of a console list after a confirmation: deletes it by id, says so in a toast (or the
 * server's pt-BR refusal) and closes either way. `item` null keeps the dialog closed.
 */
import type { ReactNode } from 'react';
import { showToast } from '../../stores/toast-store';
import { errorText } from '../api/console-api';
import { ConfirmDialog } from './confirm-dialog';

/** The delete mutation (a TanStack `useMutation` taking the item's id). */
type Remove = {
  isPending: boolean;
  mutate: (id: string, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
};

export function ConfirmDelete<T extends { id: string; name: string }>({
  item,
  title,
  remove,
  deleted,
  onClose,
  children,
}: {
  item: T | null;
  title: string;
  remove: Remove;
  /** The toast once deleted, e.g. `Brinde “x” excluído.` */
  deleted: (item: T) => string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <ConfirmDialog
      open={item !== null}
      title={title}
      confirmLabel="Excluir"
      busy={remove.isPending}
      onConfirm={() =>
        item &&
        remove.mutate(item.id, {
          onSuccess: () => {
            showToast(deleted(item), { variant: 'success' });
            onClose();
          },
          onError: (error) => {
            showToast(errorText(error), { variant: 'error' });
            onClose();
          },
        })
      }
      onCancel={onClose}
    >
      {children}
    </ConfirmDialog>
  );
}
