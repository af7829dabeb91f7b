/**
 * 'Alterações' of an order's detail (issue 34, decision 0053): 'Editar pedido' for whoever may edit it (else why
 * not), and its proposals newest first — 'Aguardando o cliente', 'Aceita', 'Aplicada pela loja' (nothing more to
 * pay: applied at once), 'Recusada', 'Substituída', 'Expirada' — each with its before → after, who and when — and
 * the versions the contact made themselves ('Escolhida pelo cliente': the delivery of a WhatsApp catalogue order).
 */
import { ORDER_EDIT_STATE_LABELS, type OrderEditView } from '@vitrine/contracts/order-edits';
import { formatBRL } from '@vitrine/contracts/money';
import { differenceText, VersionDiff } from '../../../components/order/version-diff';
import { formatDateTime } from '../../components/format-date';
import { Empty, LoadError, Loading } from '../../components/page-state';
import { useOrderEdits } from '../api/edits';
import { OrderEditDialog } from './edit-dialog';
import { Section } from './detail-sections';
import './edit.css';

function EditEntry({ edit, timeZone }: { edit: OrderEditView; timeZone: string }) {
  return (
    <li className="order-edit-entry">
      <details open={edit.state === 'proposed'}>
        <summary>
          <span className={`order-edit-state order-edit-state--${edit.state}`}>
            {edit.author === 'contact'
              ? 'Escolhida pelo cliente'
              : edit.decidedBy === 'staff' && edit.state === 'accepted'
                ? 'Aplicada pela loja'
                : ORDER_EDIT_STATE_LABELS[edit.state]}
          </span>{' '}
          {formatBRL(edit.before.totalCents)} → {formatBRL(edit.after.totalCents)}
          <span className="console-muted">
            {' '}
            · {edit.proposedBy}, {formatDateTime(edit.proposedAt, timeZone)}
            {edit.decidedAt &&
            edit.state !== 'superseded' &&
            edit.decidedBy !== 'staff' &&
            edit.author !== 'contact'
              ? ` · respondida ${formatDateTime(edit.decidedAt, timeZone)}`
              : ''}
          </span>
        </summary>
        <VersionDiff before={edit.before} after={edit.after} />
        <p className="console-muted">{differenceText(edit.differenceCents)}</p>
        {edit.note && <p className="console-muted">Recado: {edit.note}</p>}
      </details>
    </li>
  );
}

export function OrderEditSection({
  shop,
  order,
  open,
  onOpen,
}: {
  shop: string;
  order: { id: string; number: number; timeZone: string };
  /** The dialog is open (the detail opens it from 'Falta definir' too). */
  open: boolean;
  onOpen: (open: boolean) => void;
}) {
  const edits = useOrderEdits(shop, order.id);
  const setOpen = onOpen;
  let body;
  if (edits.isPending) body = <Loading label="Carregando alterações…" />;
  else if (edits.isError) body = <LoadError error={edits.error} onRetry={() => void edits.refetch()} />;
  else {
    const data = edits.data;
    body = (
      <>
        {data.editable ? (
          <button type="button" className="button button--outline" onClick={() => setOpen(true)}>
            Editar pedido
          </button>
        ) : (
          <p className="console-muted">{data.reason}</p>
        )}
        {data.edits.length === 0 ? (
          <Empty>Nenhuma alteração proposta.</Empty>
        ) : (
          <ul className="order-edit-list">
            {data.edits.map((edit) => (
              <EditEntry key={edit.id} edit={edit} timeZone={order.timeZone} />
            ))}
          </ul>
        )}
        <OrderEditDialog
          shop={shop}
          orderId={order.id}
          number={order.number}
          edits={open && data.editable ? data : null}
          onClose={() => setOpen(false)}
        />
      </>
    );
  }
  return (
    <Section id="order-edits" title="Alterações">
      {body}
    </Section>
  );
}
