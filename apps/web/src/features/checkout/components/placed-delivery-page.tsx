/**
 * /order/delivery/:id — the page the WhatsApp catalogue order's summary opens ('Ver pedido', issue 35,
 * decision 0054): the contact chooses how to receive the order they placed in WhatsApp (option, address, slot:
 * placed-delivery-choice.tsx), sees the fee added to the total and confirms. The fee is applied at once: their
 * choice is their agreement. A card order then goes on to the payment page; any other says the choice is made and
 * that the shop sends how to pay in the chat (the card page is the only one a contact pays on by themselves). An
 * order whose delivery is already chosen, paid or not theirs says so; a shop without options says the delivery is
 * agreed in the chat.
 */
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { Address } from '@vitrine/contracts/contact';
import { PaymentMethod } from '@vitrine/contracts/enums';
import type { PlacedDelivery } from '@vitrine/contracts/placed-delivery';
import { formatBRL } from '@vitrine/contracts/money';
import { PageSkeleton } from '../../../components/page-skeleton';
import { StatusMessage } from '../../../components/status-message';
import { firstServerMessage, isApiCallError } from '../../../lib/api-client';
import { choosePlacedDelivery, readPlacedDelivery } from '../api/placed-delivery';
import { dayHeader, draftReady, firstDraft, type DeliveryDraft } from '../lib/placed-delivery-draft';
import { DeliveryChoice, optionsFor } from './placed-delivery-choice';
import './checkout.css';
import './placed-delivery.css';

type LoadError = { title: string; text: string; tone: 'info' | 'error' };

function loadErrorOf(failure: unknown): LoadError {
  const code = isApiCallError(failure) ? failure.serverErrors[0]?.code : undefined;
  const text = firstServerMessage(failure) ?? 'Não foi possível carregar as opções de entrega.';
  if (code === 'placedDeliveryChosen') return { title: 'Entrega já escolhida', text, tone: 'info' };
  if (code === 'placedDeliveryPaid') return { title: 'Pedido já pago', text, tone: 'error' };
  if (code === 'placedDeliveryNotFound')
    return {
      title: 'Pedido não encontrado',
      text: 'Abra o link da última mensagem da loja sobre este pedido.',
      tone: 'error',
    };
  return { title: 'Não foi possível abrir a entrega', text, tone: 'error' };
}

function ToPayment({ label = 'Ir para o pagamento' }: { label?: string }) {
  const [, navigate] = useLocation();
  return (
    <button type="button" className="button button--primary" onClick={() => navigate('/order/payment')}>
      {label}
    </button>
  );
}

/** The choice made, on an order without a card to pay by: what it costs now and that the shop sends how to pay. */
function Chosen({ data }: { data: PlacedDelivery }) {
  const { delivery, totalCents } = data.current;
  const slot = delivery?.slot
    ? ` em ${dayHeader(delivery.slot.day).toLowerCase()}, das ${delivery.slot.startTime} às ${delivery.slot.endTime}`
    : '';
  return (
    <div className="page">
      <StatusMessage tone="success" title="Entrega escolhida">
        <p className="status-message__text">
          {`${delivery?.name ?? 'Entrega'}${slot}. Total do pedido nº ${data.orderNumber}: ${formatBRL(totalCents)}.`}
        </p>
        <p className="status-message__text">A loja vai mandar como pagar pela conversa.</p>
      </StatusMessage>
    </div>
  );
}

export function PlacedDeliveryPage({ orderId }: { orderId: string }) {
  const [, navigate] = useLocation();
  const [data, setData] = useState<PlacedDelivery | null>(null);
  const [loadError, setLoadError] = useState<LoadError | null>(null);
  const [draft, setDraft] = useState<DeliveryDraft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState<number | null>(null);
  const [done, setDone] = useState<PlacedDelivery | null>(null);

  const load = useCallback(
    (signal?: AbortSignal, keep?: Partial<DeliveryDraft>) =>
      readPlacedDelivery(orderId, signal).then(
        (fresh) => {
          setData(fresh);
          setDraft((old) => ({ ...(old ?? firstDraft(fresh)), ...keep }));
        },
        (failure: unknown) => {
          if (!signal?.aborted) setLoadError(loadErrorOf(failure));
        },
      ),
    [orderId],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  if (loadError)
    return (
      <div className="page">
        <StatusMessage tone={loadError.tone} title={loadError.title}>
          <p className="status-message__text">{loadError.text}</p>
        </StatusMessage>
      </div>
    );
  if (done) return <Chosen data={done} />;
  if (!data || !draft) return <PageSkeleton />;

  const header = (
    <header>
      <p className="page__meta">{data.shopName}</p>
      <h1 className="page__title">Entrega do pedido nº {data.orderNumber}</h1>
    </header>
  );
  if (data.choices.options.length === 0)
    return (
      <div className="page placed-delivery">
        {header}
        <StatusMessage tone="info" title="Entrega a combinar">
          <p className="status-message__text">
            A loja ainda não oferece opções de entrega por aqui: ela combina a entrega com você pela conversa.
          </p>
          {data.paymentMethod === PaymentMethod.CreditCard && (
            <ToPayment label="Continuar para o pagamento" />
          )}
        </StatusMessage>
      </div>
    );

  const fee = optionsFor(data, draft.type, draft.addressId).find((o) => o.providerId === draft.providerId);
  const feeCents = fee ? Math.round(fee.price * 100) : null;
  const onAdded = (addresses: Address[]) => {
    setAdding(null);
    const added = addresses[addresses.length - 1];
    void load(undefined, { addressId: added?.id ?? '', providerId: '', day: '', slotId: '' });
  };
  const confirm = () => {
    setBusy(true);
    setError(null);
    const body = {
      delivery: {
        providerId: draft.providerId,
        type: draft.type,
        ...(draft.type === 1 && draft.addressId ? { addressId: draft.addressId } : {}),
      },
      ...(draft.slotId ? { slotId: draft.slotId } : {}),
    };
    choosePlacedDelivery(orderId, body).then(
      (chosen) => {
        // A card order is paid on the card page; the shop sends the others' payment in the chat.
        if (chosen.paymentMethod === PaymentMethod.CreditCard) navigate('/order/payment');
        else setDone(chosen);
      },
      (failure: unknown) => {
        setBusy(false);
        setError(firstServerMessage(failure) ?? 'Não foi possível salvar a entrega. Tente novamente.');
        // A slot taken meanwhile: show the places as they are now.
        void load(undefined, { day: '', slotId: '' });
      },
    );
  };

  return (
    <div className="page placed-delivery">
      {header}
      <p className="page__lead">Seu pedido chegou pelo WhatsApp. Escolha como quer recebê-lo.</p>
      <DeliveryChoice
        data={data}
        draft={draft}
        onDraft={(patch) => setDraft({ ...draft, ...patch })}
        adding={adding}
        onAdding={setAdding}
        onAdded={onAdded}
      />
      <section className="checkout-section" aria-labelledby="placed-delivery-summary">
        <h2 id="placed-delivery-summary" className="checkout-section__title">
          Resumo do pedido
        </h2>
        <dl className="checkout-summary">
          <div>
            <dt>Itens</dt>
            <dd>{formatBRL(data.current.itemsCents)}</dd>
          </div>
          {data.current.discountCents > 0 && (
            <div>
              <dt>Descontos</dt>
              <dd>- {formatBRL(data.current.discountCents)}</dd>
            </div>
          )}
          <div>
            <dt>Entrega</dt>
            <dd>{feeCents === null ? 'A escolher' : feeCents === 0 ? 'Grátis' : formatBRL(feeCents)}</dd>
          </div>
          <div className="checkout-summary__total">
            <dt>Total</dt>
            <dd>{formatBRL(data.current.totalCents + (feeCents ?? 0))}</dd>
          </div>
        </dl>
      </section>
      {error && (
        <p className="placed-delivery__error" role="alert">
          {error}
        </p>
      )}
      <div className="placed-delivery__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy || !draftReady(data, draft)}
          onClick={confirm}
        >
          {busy ? 'Salvando…' : 'Confirmar entrega'}
        </button>
      </div>
    </div>
  );
}
