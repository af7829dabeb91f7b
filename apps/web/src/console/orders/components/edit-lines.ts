/**
 * The edit dialog's model (issue 34, decision 0053): the order's lines as editable rows — a count for unit
 * products, the weight in kg for kilo products ("1,120") — and the products added, turned into the cart's line
 * changes the server prices (only what differs is sent), with the store, the coupon, the manual discount and the
 * delivery (option, address, slot) when they change.
 */
import type {
  OrderEditChange,
  OrderEditCheckout,
  OrderEditLine,
  OrderEdits,
  OrderVersion,
} from '@vitrine/contracts/order-edits';

export type EditRow = {
  /** The order's line index; null for a product added in the dialog. */
  index: number | null;
  providerId: string;
  name: string;
  soldInKilo: boolean;
  amountInKilo: number | null;
  /** What the field shows: units, or kg with a comma. */
  text: string;
  /** The line's quantity before the edit (0 for an added product). */
  original: number;
};

const portion = (row: { amountInKilo: number | null }) =>
  row.amountInKilo && row.amountInKilo > 0 ? row.amountInKilo : 1;

/** The field's text of a line: units, or its weight in kg ('1,12'). */
export function textOf(line: { quantity: number; soldInKilo: boolean; amountInKilo: number | null }): string {
  if (!line.soldInKilo) return String(line.quantity);
  const kg = Math.round(line.quantity * portion(line) * 1000) / 1000;
  return kg.toLocaleString('pt-BR', { maximumFractionDigits: 3 });
}

export const rowOfLine = (line: OrderEditLine): EditRow => ({
  index: line.index,
  providerId: line.providerId,
  name: line.name,
  soldInKilo: line.soldInKilo,
  amountInKilo: line.amountInKilo,
  text: textOf(line),
  original: line.quantity,
});

/**
 * The quantity a row's text asks for (portions for kilo products, three decimals), or a pt-BR reason: whole
 * units ≥ 0; kg ≥ 0 with up to three decimals ('1,120').
 */
export function quantityOf(row: EditRow): number | string {
  const text = row.text.trim().replace(/\s/g, '');
  if (row.soldInKilo) {
    if (!/^\d{1,4}([.,]\d{1,3})?$/.test(text))
      return `Peso de "${row.name}": use kg com até 3 casas, como 1,120.`;
    const kg = Number(text.replace(',', '.'));
    return Math.round((kg / portion(row)) * 1000) / 1000;
  }
  if (!/^\d{1,3}$/.test(text)) return `Quantidade de "${row.name}": use um número inteiro, como 2.`;
  return Number(text);
}

/** The coupon and manual discount as typed in the dialog (discount in centavos; null empty, NaN not an amount). */
export type CheckoutDraft = { coupon: string; discountCents: number | null };

/** What the draft changes of the order's coupon and manual discount (only what differs), or a pt-BR reason. */
export function checkoutOf(
  current: OrderVersion,
  draft: CheckoutDraft,
): OrderEditCheckout | { error: string } {
  const out: OrderEditCheckout = {};
  const code = draft.coupon.trim();
  if (code.toUpperCase() !== (current.couponCode ?? '').toUpperCase()) out.coupon = code || null;
  const cents = draft.discountCents ?? 0;
  if (Number.isNaN(cents)) return { error: 'Desconto manual: use um valor como 5,00.' };
  if (cents !== (current.manualDiscountCents ?? 0)) out.manualDiscountCents = cents;
  return out;
}

/** The delivery as chosen in the dialog: the option ('providerId|type'), the address and the slot ids ('' none). */
export type DeliveryDraft = { option: string; addressId: string; slotId: string };

export const optionKey = (o: { providerId: string | null; type: number | null }) =>
  o.providerId === null ? '' : `${o.providerId}|${o.type ?? ''}`;

/** The order's delivery now, as the dialog's draft starts. */
export const deliveryDraftOf = (d: OrderEdits['delivery']): DeliveryDraft => ({
  option: optionKey(d),
  addressId: d.addressId ?? '',
  slotId: d.slotId ?? '',
});

/** What the draft changes of the order's delivery (option with the address when either changed, the slot). */
export function deliveryOf(now: OrderEdits['delivery'], draft: DeliveryDraft): OrderEditCheckout {
  const out: OrderEditCheckout = {};
  const start = deliveryDraftOf(now);
  if (draft.option && (draft.option !== start.option || draft.addressId !== start.addressId)) {
    const [providerId, type] = draft.option.split('|');
    out.delivery = { providerId: providerId!, type: Number(type) };
    if (draft.addressId) out.delivery.addressId = draft.addressId;
  }
  if (draft.slotId && draft.slotId !== start.slotId) out.slotId = draft.slotId;
  return out;
}

/** The store chosen in the dialog (its provider id, '' none) when it is not the order's. */
export const storeOf = (now: OrderEdits['seller'], draft: string): OrderEditCheckout =>
  draft && draft !== (now.sellerId ?? '') ? { sellerId: draft } : {};

/** The changes to send (lines, then coupon and discount), or the first reason they cannot be sent. */
export function changesOf(
  rows: EditRow[],
  checkout: OrderEditCheckout = {},
): ({ changes: OrderEditChange[] } & OrderEditCheckout) | { error: string } {
  const changes: OrderEditChange[] = [];
  for (const row of rows) {
    const quantity = quantityOf(row);
    if (typeof quantity === 'string') return { error: quantity };
    if (quantity === row.original) continue;
    changes.push({ index: row.index, providerId: row.providerId, quantity });
  }
  if (changes.length === 0 && Object.keys(checkout).length === 0)
    return { error: 'Nada mudou: altere uma quantidade, um item, a loja, o cupom, o desconto ou a entrega.' };
  return { changes, ...checkout };
}
