/**
 * /order/edit/:id — the page the chat message's 'Ver alteração' opens (issue 34, decision 0053): the shop's
 * proposal for the contact's confirmed order, before → after, what it means for the money, and 'Aceitar
 * alteração' / 'Recusar' (declining asks first). Once answered (here or before), the page says so, and what is
 * left to pay after an accepted edit is asked for by the order's method (due-payment.tsx).
 */
import { useEffect, useState } from 'react';
import type { ContactOrderEdit } from '@vitrine/contracts/order-edits';
import { formatBRL } from '@vitrine/contracts/money';
import { differenceText, VersionDiff } from '../../../components/order/version-diff';
import { Modal } from '../../../components/modal';
import { PageSkeleton } from '../../../components/page-skeleton';
import { StatusMessage } from '../../../components/status-message';
import { firstServerMessage } from '../../../lib/api-client';
import { answerOrderEdit, readOrderEdit } from '../api/order-edit';
import { DuePayment } from './due-payment';
import './order-edit.css';

const ANSWERED: Record<string, { tone: 'success' | 'info' | 'warning'; title: string; text: string }> = {
  accepted: {
    tone: 'success',
    title: 'Alteração aceita',
    text: 'Seu pedido foi atualizado. A loja segue com ele pela conversa.',
  },
  declined: {
    tone: 'info',
    title: 'Alteração recusada',
    text: 'Seu pedido continua como estava. Se quiser, fale com a loja pela conversa.',
  },
  expired: {
    tone: 'warning',
    title: 'Proposta expirada',
    text: 'Esta proposta expirou sem resposta e seu pedido continua como estava. Se quiser a alteração, peça à loja uma nova proposta.',
  },
  applied: {
    tone: 'success',
    title: 'Pedido alterado pela loja',
    text: 'A alteração não aumenta o que você paga, então a loja já a aplicou. A loja segue com o pedido pela conversa.',
  },
  superseded: {
    tone: 'warning',
    title: 'Proposta substituída',
    text: 'A loja enviou uma proposta mais recente. Abra o link da última mensagem.',
  },
};

function moneyNote(data: ContactOrderEdit): string {
  const { differenceCents, after } = data.edit;
  const due = after.totalCents - data.paidCents;
  if (differenceCents > 0 && data.paidCents > 0 && due === differenceCents)
    return `${differenceText(differenceCents)} Você já pagou ${formatBRL(data.paidCents)}.`;
  if (differenceCents > 0 && data.paidCents > 0 && due > 0)
    return `${differenceText(differenceCents)} Você já pagou ${formatBRL(data.paidCents)}; ficam ${formatBRL(due)} a pagar.`;
  return differenceText(differenceCents);
}

export function OrderEditPage({ id }: { id: string }) {
  const [data, setData] = useState<ContactOrderEdit | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [confirmDecline, setConfirmDecline] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    readOrderEdit(id, controller.signal).then(setData, (failure: unknown) => {
      if (!controller.signal.aborted)
        setLoadError(firstServerMessage(failure) ?? 'Não foi possível carregar a alteração do pedido.');
    });
    return () => controller.abort();
  }, [id]);

  const answer = (choice: 'accept' | 'decline') => {
    setBusy(choice);
    setError(null);
    setConfirmDecline(false);
    answerOrderEdit(id, choice).then(
      (answered) => {
        setData(answered);
        setBusy(null);
      },
      (failure: unknown) => {
        setError(firstServerMessage(failure) ?? 'Não foi possível responder. Tente novamente.');
        setBusy(null);
      },
    );
  };

  if (loadError)
    return (
      <div className="page">
        <StatusMessage tone="error" title="Alteração não encontrada">
          <p className="status-message__text">{loadError}</p>
        </StatusMessage>
      </div>
    );
  if (!data) return <PageSkeleton />;

  const { edit } = data;
  const answered = ANSWERED[edit.state === 'accepted' && edit.decidedBy === 'staff' ? 'applied' : edit.state];
  return (
    <div className="page order-edit">
      <header>
        <p className="page__meta">{data.shopName}</p>
        <h1 className="page__title">Alteração no pedido nº {data.orderNumber}</h1>
        {!answered && (
          <p className="page__lead">A loja propõe alterar seu pedido. Confira o antes e depois.</p>
        )}
      </header>
      {answered && (
        <StatusMessage tone={answered.tone} title={answered.title}>
          <p className="status-message__text">{answered.text}</p>
        </StatusMessage>
      )}
      <section className="order-edit__card" aria-label="Antes e depois">
        <VersionDiff before={edit.before} after={edit.after} />
        {edit.note && <p className="order-edit__note">Recado da loja: {edit.note}</p>}
        <p className="order-edit__money" role="note">
          {moneyNote(data)}
        </p>
      </section>
      {data.due && edit.state === 'accepted' && <DuePayment due={data.due} />}
      {error && (
        <p className="order-edit__error" role="alert">
          {error}
        </p>
      )}
      {edit.state === 'proposed' && (
        <div className="order-edit__actions">
          <button
            type="button"
            className="button button--outline"
            disabled={busy !== null}
            onClick={() => setConfirmDecline(true)}
          >
            Recusar
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={busy !== null}
            onClick={() => answer('accept')}
          >
            {busy === 'accept' ? 'Aceitando…' : 'Aceitar alteração'}
          </button>
        </div>
      )}
      <Modal
        open={confirmDecline}
        onClose={() => setConfirmDecline(false)}
        size="sm"
        title="Recusar a alteração?"
        footer={
          <>
            <button type="button" className="button button--outline" onClick={() => setConfirmDecline(false)}>
              Voltar
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={busy !== null}
              onClick={() => answer('decline')}
            >
              Recusar alteração
            </button>
          </>
        }
      >
        <p>Seu pedido continua como estava, com o total de {formatBRL(edit.before.totalCents)}.</p>
      </Modal>
    </div>
  );
}
