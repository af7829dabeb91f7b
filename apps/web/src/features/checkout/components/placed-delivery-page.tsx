/**
 * /order/delivery/:id — the page the WhatsApp catalogue order's summary opens ('Ver pedido', issue 35,
 * decision 0054): the contact chooses how to receive the order they placed in WhatsApp (option, address, slot:
 * placed-delivery-choice.tsx), sees the fee added to the total and confirms. The fee is applied at once: their
 * choice is their agreement. Then — and on a reload of an order whose delivery is chosen — the payment step
 * (placed-payment-step.tsx, decision 0062): how to pay, and paying it. A paid or unknown order says so; a shop
 * without delivery options says the delivery is agreed in the chat and goes on to the payment.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Address } from '@vitrine/contracts/contact';
import type { PlacedDelivery } from '@vitrine/contracts/placed-delivery';
import { formatBRL } from '@vitrine/contracts/money';
import { PageSkeleton } from '../../../components/page-skeleton';
import { StatusMessage } from '../../../components/status-message';
import { firstServerMessage, isApiCallError } from '../../../lib/api-client';
import { choosePlacedDelivery, readPlacedDelivery } from '../api/placed-delivery';
import { dayHeader, draftReady, firstDraft, type DeliveryDraft } from '../lib/placed-delivery-draft';
import { DeliveryChoice, optionsFor } from './placed-delivery-choice';
import { PlacedPaymentStep } from './placed-payment-step';
import './checkout.css';
import './placed-delivery.css';

/** The delivery's refusals after which the page is the payment step's. */
const PAYMENT_STEP = new Set(['placedDeliveryChosen', 'placedDeliveryPaid', 'placedDeliveryStatus']);

type LoadError = { title: string; text: string; tone: 'info' | 'error'; code?: string | undefined };

function loadErrorOf(failure: unknown): LoadError {
  const code = isApiCallError(failure) ? failure.serverErrors[0]?.code : undefined;
  const text = firstServerMessage(failure) ?? 'Não foi possível carregar as opções de entrega.';
  if (code === 'placedDeliveryChosen') return { title: 'Entrega já escolhida', text, tone: 'info', code };
  if (code === 'placedDeliveryPaid') return { title: 'Pedido já pago', text, tone: 'error', code };
  if (code === 'placedDeliveryNotFound')
    return {
      title: 'Pedido não encontrado',
      text: 'Abra o link da última mensagem da loja sobre este pedido.',
      tone: 'error',
    };
  return { title: 'Não foi possível abrir a entrega', text, tone: 'error', code };
}

/** The choice just made, above the payment step: the option, its slot and the new total. */
function ChosenNotice({ data }: { data: PlacedDelivery }) {
  const { delivery, totalCents } = data.current;
  const slot = delivery?.slot
    ? ` em ${dayHeader(delivery.slot.day).toLowerCase()}, das ${delivery.slot.startTime} às ${delivery.slot.endTime}`
    : '';
  return (
    <p className="placed-payment__notice" role="status">
      {`Entrega escolhida: ${delivery?.name ?? 'Entrega'}${slot}. Total do pedido: ${formatBRL(totalCents)}.`}
    </p>
  );
}

export function PlacedDeliveryPage({ orderId }: { orderId: string }) {
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

  // A reload after the delivery was chosen, or once paid, finalized or cancelled: the payment step says which.
  if (loadError?.code && PAYMENT_STEP.has(loadError.code)) return <PlacedPaymentStep orderId={orderId} />;
  if (loadError)
    return (
      <div className="page">
        <StatusMessage tone={loadError.tone} title={loadError.title}>
          <p className="status-message__text">{loadError.text}</p>
        </StatusMessage>
      </div>
    );
  if (done) return <PlacedPaymentStep orderId={orderId} notice={<ChosenNotice data={done} />} />;
  if (!data || !draft) return <PageSkeleton />;

  const header = (
    <header>
      <p className="page__meta">{data.shopName}</p>
      <h1 className="page__title">Entrega do pedido nº {data.orderNumber}</h1>
    </header>
  );
  if (data.choices.options.length === 0)
    return (
      <PlacedPaymentStep
        orderId={orderId}
        notice={
          <p className="placed-payment__notice" role="status">
            A loja ainda não oferece opções de entrega por aqui: ela combina a entrega com você pela conversa.
          </p>
        }
      />
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
      (chosen) => setDone(chosen),
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
