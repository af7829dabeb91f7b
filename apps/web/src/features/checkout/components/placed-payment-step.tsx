/**
 * The payment step of `/order/delivery/:id` (issue 35, decision 0062): once the delivery of the WhatsApp catalogue
 * order is chosen, the contact chooses how to pay among the ways the shop takes a remote payment (card, Pix, boleto,
 * pay on delivery) and then pays it the way the product pays it elsewhere: card → the card page; Pix → the QR and
 * copia e cola; boleto → its line and PDF (placed-payment-how.tsx). A reload reads the choice back; 'Trocar forma de
 * pagamento' chooses again. A shop that takes no remote way: the shop sends how to pay in the chat.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { formatBRL, reaisToCents } from '@vitrine/contracts/money';
import type { PlacedPayment } from '@vitrine/contracts/placed-payment';
import { TextField } from '../../../components/form-field';
import { PageSkeleton } from '../../../components/page-skeleton';
import { StatusMessage } from '../../../components/status-message';
import { firstServerMessage, isApiCallError } from '../../../lib/api-client';
import { choosePlacedPayment, readPlacedPayment } from '../api/placed-payment';
import { CASH_GROUP, parseReais } from '../lib/payment-rules';
import { PaymentHow } from './placed-payment-how';

type LoadError = { title: string; text: string; tone: 'success' | 'error' };

function loadErrorOf(failure: unknown): LoadError {
  const code = isApiCallError(failure) ? failure.serverErrors[0]?.code : undefined;
  const text = firstServerMessage(failure) ?? 'Não foi possível carregar as formas de pagamento.';
  if (code === 'placedPaymentPaid') return { title: 'Pedido pago', text, tone: 'success' };
  if (code === 'placedDeliveryNotFound')
    return {
      title: 'Pedido não encontrado',
      text: 'Abra o link da última mensagem da loja sobre este pedido.',
      tone: 'error',
    };
  return { title: 'Não foi possível abrir o pagamento', text, tone: 'error' };
}

export function PlacedPaymentStep({ orderId, notice }: { orderId: string; notice?: ReactNode }) {
  const [, navigate] = useLocation();
  const [data, setData] = useState<PlacedPayment | null>(null);
  const [loadError, setLoadError] = useState<LoadError | null>(null);
  const [optionId, setOptionId] = useState('');
  const [cash, setCash] = useState('');
  const [changing, setChanging] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    (signal?: AbortSignal) =>
      readPlacedPayment(orderId, signal).then(setData, (failure: unknown) => {
        if (!signal?.aborted) setLoadError(loadErrorOf(failure));
      }),
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
        {notice}
        <StatusMessage tone={loadError.tone} title={loadError.title}>
          <p className="status-message__text">{loadError.text}</p>
        </StatusMessage>
      </div>
    );
  if (!data) return <PageSkeleton />;

  const amount = formatBRL(data.dueCents);
  const option = data.options.find((o) => o.id === optionId);
  const cashCents = option?.group === CASH_GROUP && cash.trim() ? reaisToCents(parseReais(cash) ?? 0) : null;
  const cashError =
    cashCents !== null && cashCents < data.dueCents ? 'O valor deve ser maior que o valor do pedido!' : null;
  const send = (id: string, cashAmount: number | null) => {
    setBusy(true);
    setError(null);
    choosePlacedPayment(orderId, { optionId: id, ...(cashAmount ? { cashAmount } : {}) }).then(
      (chosen) => {
        setBusy(false);
        if (chosen.chosen?.how.kind === 'card') return navigate('/order/payment');
        setData(chosen);
        setChanging(false);
      },
      (failure: unknown) => {
        setBusy(false);
        setError(
          firstServerMessage(failure) ?? 'Não foi possível salvar a forma de pagamento. Tente novamente.',
        );
        void load();
      },
    );
  };
  const online = data.options.filter((o) => o.group === null);
  const onDelivery = data.options.filter((o) => o.group !== null);
  const radio = (o: PlacedPayment['options'][number]) => (
    <label key={o.id} className="checkout-choice">
      <input
        type="radio"
        name="placed-payment"
        checked={optionId === o.id}
        onChange={() => setOptionId(o.id)}
      />
      <span>{o.name}</span>
    </label>
  );

  let body: ReactNode;
  if (data.options.length === 0)
    body = (
      <StatusMessage tone="info" title="Pagamento pela conversa">
        <p className="status-message__text">A loja vai mandar como pagar pela conversa.</p>
      </StatusMessage>
    );
  else if (data.chosen && !changing)
    body = (
      <section className="checkout-section placed-payment" aria-labelledby="placed-payment-how">
        <h2 id="placed-payment-how" className="checkout-section__title">
          {`Como pagar: ${data.chosen.name}`}
        </h2>
        <PaymentHow
          how={data.chosen.how}
          amount={amount}
          timeZone={data.timeZone}
          busy={busy}
          onRenew={() => send(data.chosen!.optionId, null)}
        />
        <button type="button" className="button button--outline" onClick={() => setChanging(true)}>
          Trocar forma de pagamento
        </button>
      </section>
    );
  else
    body = (
      <section className="checkout-section" aria-labelledby="placed-payment-choose">
        <h2 id="placed-payment-choose" className="checkout-section__title">
          Forma de pagamento
        </h2>
        <fieldset className="checkout-choices">
          <legend className="visually-hidden">Forma de pagamento</legend>
          {online.map(radio)}
        </fieldset>
        {onDelivery.length > 0 && (
          <fieldset className="checkout-choices">
            <legend className="placed-payment__legend">Pagar na entrega</legend>
            {onDelivery.map(radio)}
          </fieldset>
        )}
        {option?.group === CASH_GROUP && (
          <TextField
            label="Troco para quanto? (opcional)"
            inputMode="decimal"
            placeholder="0,00"
            value={cash}
            error={cashError}
            onValue={setCash}
          />
        )}
        <div className="placed-delivery__actions">
          {data.chosen && (
            <button type="button" className="button button--outline" onClick={() => setChanging(false)}>
              Voltar
            </button>
          )}
          <button
            type="button"
            className="button button--primary"
            disabled={busy || !option || cashError !== null}
            onClick={() => send(optionId, cashCents === null ? null : cashCents / 100)}
          >
            {busy ? 'Salvando…' : 'Continuar'}
          </button>
        </div>
      </section>
    );

  return (
    <div className="page placed-delivery">
      <header>
        <p className="page__meta">{data.shopName}</p>
        <h1 className="page__title">Pagamento do pedido nº {data.orderNumber}</h1>
      </header>
      {notice}
      <dl className="checkout-summary checkout-section">
        <div>
          <dt>Entrega</dt>
          <dd>{data.deliveryName ?? 'A combinar'}</dd>
        </div>
        <div className="checkout-summary__total">
          <dt>Total a pagar</dt>
          <dd>{amount}</dd>
        </div>
      </dl>
      {error && (
        <p className="placed-delivery__error" role="alert">
          {error}
        </p>
      )}
      {body}
    </div>
  );
}
