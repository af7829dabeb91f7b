/**
 * What 'Reembolsar' and 'Recebido no estoque' decide before they call the server (issue 34, decision 0050): each
 * line's quantity as typed (units, or kilograms for a kilo product) turned into the order's quantity, the amount
 * the chosen lines cost (each line's share, rounded as the server does), the most that may be refunded (what was
 * paid less what refunds already took, and what is left of the payment it comes from), the rail the money goes
 * back by, and the bodies sent — or the pt-BR reason each field is refused.
 */
import { formatWeight } from '@vitrine/contracts/format';
import { formatBRL } from '@vitrine/contracts/money';
import type {
  GrantRefundInput,
  OrderRefunds,
  ReceiveReturnBody,
  RefundRail,
  RefundSource,
  RefundView,
  SendRefundBody,
} from '@vitrine/contracts/order-refunds';

export type RefundLine = OrderRefunds['lines'][number];
type Measured = Pick<RefundLine, 'kilogramsPerUnit'>;

const round3 = (n: number) => Math.round(n * 1000) / 1000;
const units = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

/** What is left of a line to refund, in the order's quantity. */
export const leftOf = (line: RefundLine) => Math.max(0, round3(line.quantity - line.refundedQuantity));

/** A quantity of a line as staff read it: '2' units, or its weight ('1,5 kg', '500 g') for a kilo product. */
export const amountText = (line: Measured, quantity: number) =>
  line.kilogramsPerUnit === null ? units.format(quantity) : formatWeight(quantity * line.kilogramsPerUnit);

/** A line given back as staff read it: '2 × Azeite', or a kilo product's weight: '250 g de Banana'. */
export const lineText = (line: Measured, quantity: number, name: string) =>
  line.kilogramsPerUnit === null
    ? `${amountText(line, quantity)} × ${name}`
    : `${amountText(line, quantity)} de ${name}`;

/** The text typed in a line's field: '' → null; units are whole, kilograms take up to 3 decimals ('1,125'). */
export function quantityOfText(line: Measured, text: string): number | null {
  const clean = text.trim();
  if (clean === '') return null;
  if (line.kilogramsPerUnit === null) return /^\d+$/.test(clean) ? Number(clean) : Number.NaN;
  if (!/^\d+([.,]\d{1,3})?$/.test(clean)) return Number.NaN;
  return round3(Number(clean.replace(',', '.')) / line.kilogramsPerUnit);
}

/** A quantity in the line's field: units, or kilograms ('1,5'). */
export const textOfQuantity = (line: Measured, quantity: number) =>
  line.kilogramsPerUnit === null
    ? String(quantity)
    : round3(quantity * line.kilogramsPerUnit).toLocaleString('pt-BR', { maximumFractionDigits: 3 });

/** A line's share of what it cost, as the server counts it. */
export const lineCents = (line: RefundLine, quantity: number) =>
  line.quantity > 0 ? Math.round((line.totalCents * quantity) / line.quantity) : 0;

export type RefundDraft = {
  /** Per item id, the text of its field (units or kilograms). */
  quantities: Record<string, string>;
  /** The amount in centavos (null: the chosen lines' share; NaN: not an amount). */
  amountCents: number | null;
  restock: boolean;
  /** The payment it comes from (null: the newest that covers it, as the server picks). */
  entryId: string | null;
  /** Already given back by hand (cash at the counter, a Pix sent from the bank's app): recorded with a reference. */
  manual: boolean;
  reference: string;
  reason: string;
};

export const emptyDraft = (): RefundDraft => ({
  quantities: {},
  amountCents: null,
  restock: true,
  entryId: null,
  manual: false,
  reference: '',
  reason: '',
});

/** The chosen lines with their quantities (only those typed and valid). */
export function chosenLines(view: Pick<OrderRefunds, 'lines'>, draft: Pick<RefundDraft, 'quantities'>) {
  return view.lines.flatMap((line) => {
    const quantity = quantityOfText(line, draft.quantities[line.itemId] ?? '');
    return quantity !== null && Number.isFinite(quantity) && quantity > 0 ? [{ line, quantity }] : [];
  });
}

/** What the chosen lines cost: the amount prefilled while staff has not typed one. */
export const linesCents = (view: Pick<OrderRefunds, 'lines'>, draft: Pick<RefundDraft, 'quantities'>) =>
  chosenLines(view, draft).reduce((sum, { line, quantity }) => sum + lineCents(line, quantity), 0);

/** The payment the money comes from: the one chosen, else the newest whose remainder covers `amount`. */
export function sourceFor(
  view: Pick<OrderRefunds, 'sources'>,
  entryId: string | null,
  amount: number,
): RefundSource | null {
  if (entryId) return view.sources.find((s) => s.entryId === entryId) ?? null;
  return view.sources.find((s) => s.leftCents >= amount) ?? view.sources[0] ?? null;
}

/** The most this refund may give back: what was paid less what refunds took, and no more than one payment holds. */
export function maxCents(view: Pick<OrderRefunds, 'sources' | 'refundableCents'>, entryId: string | null) {
  const chosen = entryId ? view.sources.find((s) => s.entryId === entryId) : null;
  const fromPayment = chosen ? chosen.leftCents : Math.max(0, ...view.sources.map((s) => s.leftCents));
  return Math.max(0, Math.min(view.refundableCents, fromPayment));
}

/** Whether the send needs the reference of what was done by hand. */
export const needsReference = (rail: RefundRail | null, manual: boolean) => manual || rail === 'manual';

export type RefundPlan = {
  amountCents: number;
  rail: RefundRail | null;
  grant: GrantRefundInput;
  send: SendRefundBody;
};
export type DraftErrors = Partial<Record<string, string>>;

/** The grant and send bodies of a draft, or the pt-BR reason of each refused field. */
export function planRefund(
  view: Pick<OrderRefunds, 'lines' | 'sources' | 'refundableCents'>,
  draft: RefundDraft,
): { plan: RefundPlan } | { errors: DraftErrors } {
  const errors: DraftErrors = {};
  for (const line of view.lines) {
    const quantity = quantityOfText(line, draft.quantities[line.itemId] ?? '');
    if (quantity === null || quantity === 0) continue;
    if (Number.isNaN(quantity))
      errors[`quantities.${line.itemId}`] =
        line.kilogramsPerUnit === null
          ? 'Informe um número inteiro de unidades.'
          : 'Peso inválido: use, por exemplo, 1,250.';
    else if (quantity > leftOf(line) + 1e-9)
      errors[`quantities.${line.itemId}`] = `No máximo ${amountText(line, leftOf(line))}.`;
  }
  const lines = chosenLines(view, draft);
  const amount = draft.amountCents ?? linesCents(view, draft);
  const max = maxCents(view, draft.entryId);
  // A refused line says why on its own field; the amount it would prefill is not refused again.
  const amountError =
    draft.amountCents === null && Object.keys(errors).length > 0
      ? null
      : Number.isNaN(amount)
        ? 'Valor inválido: use, por exemplo, 12,50.'
        : lines.length === 0 && draft.amountCents === null
          ? 'Escolha os itens ou informe o valor do reembolso.'
          : amount <= 0
            ? 'O valor deve ser maior que zero.'
            : amount > max
              ? `O reembolso passa do que foi pago: no máximo ${formatBRL(max)}.`
              : null;
  if (amountError) errors.amountCents = amountError;
  const reason = draft.reason.trim();
  if (!reason) errors.reason = 'Informe o motivo.';
  else if (reason.length > 500) errors.reason = 'Motivo longo demais (até 500 caracteres).';
  const rail = sourceFor(view, draft.entryId, amount)?.rail ?? null;
  const reference = draft.reference.trim();
  if (needsReference(rail, draft.manual) && !reference)
    errors.reference = 'Informe a referência do reembolso feito por fora (por exemplo: devolvido no caixa).';
  else if (reference.length > 100) errors.reference = 'Referência longa demais (até 100 caracteres).';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    plan: {
      amountCents: amount,
      rail,
      grant: {
        lines: lines.map(({ line, quantity }) => ({ itemId: line.itemId, quantity })),
        amountCents: draft.amountCents,
        reason,
        restock: draft.restock && lines.length > 0,
        entryId: draft.entryId,
      },
      send: needsReference(rail, draft.manual)
        ? { manual: true, reference }
        : { manual: false, reference: null },
    },
  };
}

/** 'Recebido no estoque': per line of the refund, the text of its sellable and damaged fields. */
export type ReturnDraft = Record<string, { sellable: string; damaged: string }>;

/** The refund's lines as first offered: everything came back sellable. */
export const returnDraftOf = (refund: Pick<RefundView, 'lines'>, measures: Map<string, Measured>) =>
  Object.fromEntries(
    refund.lines.map((l) => [
      l.itemId,
      {
        sellable: textOfQuantity(measures.get(l.itemId) ?? { kilogramsPerUnit: null }, l.quantity),
        damaged: '',
      },
    ]),
  ) as ReturnDraft;

/** The return's body, or the reason of each refused field (never more of a line than the refund gave back). */
export function planReturn(
  refund: Pick<RefundView, 'lines'>,
  measures: Map<string, Measured>,
  draft: ReturnDraft,
): { body: ReceiveReturnBody } | { errors: DraftErrors } {
  const errors: DraftErrors = {};
  const lines = refund.lines.map((l) => {
    const measure = measures.get(l.itemId) ?? { kilogramsPerUnit: null };
    const typed = draft[l.itemId] ?? { sellable: '', damaged: '' };
    const sellable = quantityOfText(measure, typed.sellable) ?? 0;
    const damaged = quantityOfText(measure, typed.damaged) ?? 0;
    for (const [field, value] of [
      ['sellable', sellable],
      ['damaged', damaged],
    ] as const)
      if (Number.isNaN(value))
        errors[`${l.itemId}.${field}`] =
          measure.kilogramsPerUnit === null
            ? 'Informe um número inteiro.'
            : 'Peso inválido: use, por exemplo, 0,5.';
    if (
      !errors[`${l.itemId}.sellable`] &&
      !errors[`${l.itemId}.damaged`] &&
      sellable + damaged > l.quantity + 1e-9
    )
      errors[`${l.itemId}.sellable`] = `Voltaram no máximo ${amountText(measure, l.quantity)} deste item.`;
    return { itemId: l.itemId, sellable, damaged };
  });
  if (Object.keys(errors).length > 0) return { errors };
  if (lines.every((l) => l.sellable + l.damaged === 0))
    return { errors: { form: 'Informe o que voltou: em condição de venda ou com defeito.' } };
  return { body: { lines } };
}
