/**
 * 'Reembolsar' (issue 34, decision 0050): the lines and quantities given back (a kilo product by its weight), the
 * amount prefilled with what they cost and never above what was paid less what refunds already took, whether the
 * items come back to stock, the payment (and so the rail) the money goes back by — or by hand with a reference —
 * and the reason. 'Revisar reembolso' shows what will happen and asks before any money moves; confirmed, the
 * refund is granted (one Idempotency-Key per opening, so a double click or a retry grants one) and then sent.
 */
import { useRef, useState } from 'react';
import { formatBRL } from '@vitrine/contracts/money';
import { REFUND_RAIL_LABELS, type OrderRefunds, type RefundSource } from '@vitrine/contracts/order-refunds';
import { SelectField, TextField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../stores/toast-store';
import { errorText } from '../../api/console-api';
import { formatDateTime } from '../../components/format-date';
import { FormError } from '../../components/form-error';
import { MoneyInput } from '../../components/money-field';
import { newRefundKey, useGrantRefund, useSendRefund } from '../api/refunds';
import {
  amountText,
  chosenLines,
  emptyDraft,
  leftOf,
  lineText,
  linesCents,
  maxCents,
  planRefund,
  sourceFor,
  type DraftErrors,
  type RefundDraft,
  type RefundPlan,
} from './refund-model';
import { RefundRailField } from './refund-rail-field';

type Order = { id: string; number: number; timeZone: string };

const sourceText = (source: RefundSource, timeZone: string) =>
  `${formatBRL(source.amountCents)} de ${formatDateTime(source.receivedAt, timeZone)} (${
    REFUND_RAIL_LABELS[source.rail]
  }) · resta ${formatBRL(source.leftCents)}`;

/** The fields a change touches: their refusals go away as soon as staff types again. */
function errorsAfter(errors: DraftErrors, change: Partial<RefundDraft>): DraftErrors {
  const touched = Object.keys(change);
  return Object.fromEntries(
    Object.entries(errors).filter(([key]) => {
      if (key.startsWith('quantities.') || key === 'amountCents')
        return !touched.some((t) => t === 'quantities' || t === 'amountCents' || t === 'entryId');
      if (key === 'reference') return !touched.some((t) => t === 'reference' || t === 'manual');
      return !touched.includes(key);
    }),
  );
}

/** The text of a refund's outcome, for its toast. */
export function sentText(answer: { sent: boolean; refund: { amountCents: number; failure: string | null } }) {
  return answer.sent
    ? `Reembolso enviado: ${formatBRL(answer.refund.amountCents)}.`
    : `O reembolso falhou: ${(answer.refund.failure ?? 'sem resposta').replace(/\.$/, '')}. Use 'Tentar novamente' na lista.`;
}

function RefundForm({
  order,
  view,
  draft,
  errors,
  onDraft,
  onSubmit,
}: {
  order: Order;
  view: OrderRefunds;
  draft: RefundDraft;
  errors: DraftErrors;
  onDraft: (change: Partial<RefundDraft>) => void;
  onSubmit: () => void;
}) {
  const fromLines = linesCents(view, draft);
  const max = maxCents(view, draft.entryId);
  const amount = draft.amountCents ?? fromLines;
  const source = sourceFor(view, draft.entryId, Number.isFinite(amount) ? amount : 0);
  const anyLine = chosenLines(view, draft).length > 0;
  return (
    <form
      id="refund-form"
      className="console-form record-payment"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <p className="console-muted">
        Pago {formatBRL(view.paidCents)} · já reembolsado {formatBRL(view.refundedCents + view.pendingCents)}{' '}
        · pode reembolsar até <strong>{formatBRL(max)}</strong>
      </p>
      {view.lines.length > 0 && (
        <fieldset className="order-refund">
          <legend>Itens reembolsados</legend>
          {view.lines.map((line) => {
            const left = leftOf(line);
            const kilo = line.kilogramsPerUnit !== null;
            return (
              <TextField
                key={line.itemId}
                label={kilo ? `${line.name} (kg)` : line.name}
                name={`refund-${line.itemId}`}
                inputMode={kilo ? 'decimal' : 'numeric'}
                placeholder="0"
                disabled={left === 0}
                hint={
                  left === 0
                    ? 'Já reembolsado por completo.'
                    : `Pedido: ${amountText(line, line.quantity)}${
                        line.refundedQuantity > 0
                          ? ` · já reembolsado: ${amountText(line, line.refundedQuantity)}`
                          : ''
                      } · até ${amountText(line, left)} (${formatBRL(line.totalCents)} no pedido)`
                }
                value={draft.quantities[line.itemId] ?? ''}
                onValue={(text) => onDraft({ quantities: { ...draft.quantities, [line.itemId]: text } })}
                error={errors[`quantities.${line.itemId}`] ?? null}
              />
            );
          })}
          {anyLine && (
            <label>
              <input
                type="checkbox"
                checked={draft.restock}
                onChange={(event) => onDraft({ restock: event.target.checked })}
              />{' '}
              Os itens voltam ao estoque (ao receber a devolução)
            </label>
          )}
        </fieldset>
      )}
      <MoneyInput
        label="Valor do reembolso (R$)"
        name="refund-amount"
        hint={
          anyLine
            ? `Os itens escolhidos custaram ${formatBRL(fromLines)}; mude para reembolsar outro valor.`
            : 'Escolha os itens ou informe um valor.'
        }
        cents={draft.amountCents ?? (fromLines > 0 ? fromLines : null)}
        onCents={(cents) => onDraft({ amountCents: cents === fromLines && fromLines > 0 ? null : cents })}
        onBlur={() => undefined}
        error={errors.amountCents ?? null}
      />
      {view.sources.length > 1 && (
        <SelectField
          label="Pagamento de onde sai o dinheiro"
          value={draft.entryId ?? ''}
          onValue={(value) => onDraft({ entryId: value === '' ? null : value })}
        >
          <option value="">O mais recente que cobre o valor</option>
          {view.sources.map((s) => (
            <option key={s.entryId} value={s.entryId}>
              {sourceText(s, order.timeZone)}
            </option>
          ))}
        </SelectField>
      )}
      {view.sources.length === 1 && (
        <p className="console-muted">Sai do pagamento: {sourceText(view.sources[0]!, order.timeZone)}</p>
      )}
      <RefundRailField
        rail={source?.rail ?? null}
        manual={draft.manual}
        reference={draft.reference}
        error={errors.reference ?? null}
        onManual={(manual) => onDraft({ manual })}
        onReference={(reference) => onDraft({ reference })}
      />
      <TextField
        label="Motivo"
        name="refund-reason"
        hint="Fica no histórico do pedido. Por exemplo: chegou amassado."
        maxLength={500}
        value={draft.reason}
        onValue={(reason) => onDraft({ reason })}
        error={errors.reason ?? null}
      />
    </form>
  );
}

function Review({ view, plan }: { view: OrderRefunds; plan: RefundPlan }) {
  const names = new Map(view.lines.map((l) => [l.itemId, l]));
  return (
    <div className="refund-review">
      {plan.grant.lines && plan.grant.lines.length > 0 && (
        <ul className="console-list">
          {plan.grant.lines.map((l) => {
            const line = names.get(l.itemId)!;
            return <li key={l.itemId}>{lineText(line, l.quantity, line.name)}</li>;
          })}
        </ul>
      )}
      <p>
        {plan.send.manual
          ? `Fica registrado que ${formatBRL(plan.amountCents)} voltou ao cliente por fora (${plan.send.reference}).`
          : `${REFUND_RAIL_LABELS[plan.rail ?? 'manual']} devolve ${formatBRL(plan.amountCents)} a quem pagou. Não dá para desfazer depois de enviado.`}
      </p>
      {plan.grant.restock && <p>Os itens voltam ao estoque quando a devolução for recebida.</p>}
      <p className="console-muted">Motivo: {plan.grant.reason}</p>
    </div>
  );
}

function RefundFlow({
  shop,
  order,
  view,
  onDone,
}: {
  shop: string;
  order: Order;
  view: OrderRefunds;
  onDone: () => void;
}) {
  // One key for this opening of the dialog: every confirm sends it, so the server grants one refund.
  const [key] = useState(newRefundKey);
  const grant = useGrantRefund(shop, order.id);
  const send = useSendRefund(shop, order.id);
  const [draft, setDraft] = useState<RefundDraft>(emptyDraft);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [plan, setPlan] = useState<RefundPlan | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A second click while the first is on its way does nothing (the key would grant one anyway).
  const running = useRef(false);
  const busy = grant.isPending || send.isPending;

  const review = () => {
    setError(null);
    const planned = planRefund(view, draft);
    if ('errors' in planned) return setErrors(planned.errors);
    setErrors({});
    setPlan(planned.plan);
  };
  const confirm = async () => {
    if (!plan || running.current) return;
    running.current = true;
    setError(null);
    try {
      const granted = await grant.mutateAsync({ key, body: plan.grant });
      try {
        const answer = await send.mutateAsync({ refundId: granted.refund.id, body: plan.send });
        showToast(sentText(answer), { variant: answer.sent ? 'success' : 'error' });
      } catch (failure) {
        showToast(`Reembolso concedido, mas não enviado: ${errorText(failure)} Use 'Enviar' na lista.`, {
          variant: 'error',
        });
      }
      onDone();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      running.current = false;
    }
  };

  const footer = plan ? (
    <>
      <button type="button" className="button button--outline" onClick={() => setPlan(null)}>
        Voltar e corrigir
      </button>
      <button type="button" className="button button--primary" disabled={busy} onClick={() => void confirm()}>
        {busy ? 'Reembolsando…' : `Reembolsar ${formatBRL(plan.amountCents)}`}
      </button>
    </>
  ) : (
    <>
      <button type="button" className="button button--outline" onClick={onDone}>
        Voltar
      </button>
      <button type="submit" form="refund-form" className="button button--primary">
        Revisar reembolso
      </button>
    </>
  );
  return (
    <Modal
      open
      onClose={onDone}
      size="md"
      title={
        plan
          ? `Reembolsar ${formatBRL(plan.amountCents)} do pedido nº ${order.number}?`
          : `Reembolsar o pedido nº ${order.number}`
      }
      footer={footer}
    >
      {plan ? (
        <Review view={view} plan={plan} />
      ) : (
        <RefundForm
          order={order}
          view={view}
          draft={draft}
          errors={errors}
          onDraft={(change) => {
            setDraft((d) => ({ ...d, ...change }));
            setErrors((e) => errorsAfter(e, change));
          }}
          onSubmit={review}
        />
      )}
      <FormError error={error} />
    </Modal>
  );
}

export function RefundDialog({
  shop,
  order,
  view,
  open,
  onClose,
}: {
  shop: string;
  order: Order;
  view: OrderRefunds;
  open: boolean;
  onClose: () => void;
}) {
  // Mounted per opening: a new key, an empty draft.
  return open ? <RefundFlow shop={shop} order={order} view={view} onDone={onClose} /> : null;
}
