/**
 * WhatsApp's own order messages, composed (docs/decisions/0030): the `order_details` part of a confirmed order
 * (its lines, totals and the Pix code / boleto line / payment link) and the `order_status` part of a later change.
 * Amounts stay in centavos here; the WhatsApp adapter writes the API's value/offset form. Answers null where the
 * order cannot be told that way (another payment method, a Pix code without a key, too many lines): the caller
 * then sends today's text message.
 */
import { formatWeight } from '@vitrine/contracts/format';
import { formatBRL } from '@vitrine/contracts/money';
import type { MessagePart, OrderMessage, OrderPaymentSetting } from '@vitrine/contracts/messaging';
import { parsePixTlv, PIX_NAME_MAX, pixText } from '@vitrine/contracts/pix';
import type { PaymentInstructions } from './compose-payment.ts';

/** Lines an order_details carries at most (the fake Cloud API's limit, adapters/channels/fake-whatsapp-cloud.ts). */
export const ORDER_LINES_MAX = 999;

/** The order's reference_id: its id in the API's alphabet (letters, digits, `_ - .`), at most 35 characters. */
export const referenceIdOf = (orderId: string) => orderId.replace(/[^A-Za-z0-9_.-]/g, '').slice(-35);

export type OrderLine = {
  productId: string;
  name: string;
  quantity: number;
  totalCents: number;
  /** Kilos of a kilo line (format.ts lineWeightKg); null or absent on unit lines. */
  weightKg?: number | null;
};
export type OrderTotals = { discountCents: number; totalCents: number };
export type ShopPixReceiver = { pixKey: string; merchantName: string } | null;

type PixKeyType = Extract<OrderPaymentSetting, { type: 'pix' }>['keyType'];

/** Pix key types by the key's form (DICT: e-mail, random key, +55 phone, CPF, CNPJ). */
const PIX_KEY_TYPES: [PixKeyType, RegExp][] = [
  ['EMAIL', /^[^@\s]+@[^@\s]+$/],
  ['EVP', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i],
  ['PHONE', /^\+\d{10,14}$/],
  ['CPF', /^\d{11}$/],
  ['CNPJ', /^\d{14}$/],
];

/** The Pix key and receiver of a BR Code (field 26 sub-field 01, field 59), else the shop's; null without a key. */
function pixSetting(code: string, shopPix: ShopPixReceiver): OrderPaymentSetting | null {
  let fields: Record<string, string> = {};
  let account: Record<string, string> = {};
  try {
    fields = parsePixTlv(code);
    account = parsePixTlv(fields['26'] ?? '');
  } catch {
    return null;
  }
  const key = account['01'] ?? shopPix?.pixKey;
  const merchantName = fields['59'] ?? (shopPix && pixText(shopPix.merchantName, PIX_NAME_MAX));
  const keyType = key ? PIX_KEY_TYPES.find(([, pattern]) => pattern.test(key))?.[0] : undefined;
  if (!key || !merchantName || !keyType) return null;
  return { type: 'pix', code, merchantName, key, keyType };
}

function paymentSetting(how: PaymentInstructions, shopPix: ShopPixReceiver): OrderPaymentSetting | null {
  switch (how.kind) {
    case 'pix':
      return pixSetting(how.code, shopPix);
    case 'boleto': {
      const line = how.line.replace(/\D/g, ''); // the digitable line: 47 digits (48 for a utility bill)
      return /^\d{47,48}$/.test(line) ? { type: 'boleto', line } : null;
    }
    case 'link':
      return { type: 'link', url: how.url };
    default:
      return null;
  }
}

/** One order line as an item: whole quantities keep their unit price; kilos (by weight) and odd totals go as one item. */
function itemOf(line: OrderLine): Extract<OrderMessage, { kind: 'details' }>['items'][number] {
  const weighed = typeof line.weightKg === 'number';
  const whole =
    !weighed && Number.isInteger(line.quantity) && line.quantity > 0 && line.totalCents % line.quantity === 0;
  if (whole)
    return {
      retailerId: line.productId,
      name: line.name,
      quantity: line.quantity,
      amountCents: line.totalCents / line.quantity,
    };
  const quantity = line.quantity.toLocaleString('pt-BR', { maximumFractionDigits: 3 });
  return {
    retailerId: line.productId,
    name: weighed ? `${formatWeight(line.weightKg!)} de ${line.name}` : `${quantity} × ${line.name}`,
    quantity: 1,
    amountCents: line.totalCents,
  };
}

const PAY_TEXT: Record<OrderPaymentSetting['type'], string> = {
  pix: 'Toque em *Copiar código Pix* e cole no app do seu banco.',
  boleto: 'Toque em *Copiar linha digitável* e pague no app do seu banco.',
  link: 'Toque em *Pagar* para abrir o link de pagamento.',
};

/** The order_details part of an order, or null when it cannot be one (the caller sends the text message). */
export function orderDetailsPart(input: {
  shopName: string;
  orderId: string;
  lines: OrderLine[];
  totals: OrderTotals;
  how: PaymentInstructions;
  shopPix: ShopPixReceiver;
}): MessagePart | null {
  const { shopName, lines, totals } = input;
  const payment = paymentSetting(input.how, input.shopPix);
  if (!payment || lines.length === 0 || lines.length > ORDER_LINES_MAX) return null;
  const subtotalCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  // Delivery and service fees: what the total adds to the lines after the discounts.
  const shippingCents = totals.totalCents - subtotalCents + totals.discountCents;
  if (shippingCents < 0) return null;
  const total = formatBRL(totals.totalCents);
  return {
    text: `*Pedido confirmado — ${shopName}*\nTotal: *${total}*\n${PAY_TEXT[payment.type]}`,
    order: {
      kind: 'details',
      referenceId: referenceIdOf(input.orderId),
      headline: `Seu pedido na ${shopName} foi confirmado: total ${total}.`,
      items: lines.map(itemOf),
      subtotalCents,
      shippingCents,
      discountCents: totals.discountCents,
      totalCents: totals.totalCents,
      payment,
    },
  };
}

export type OrderStatusChange = {
  status: Extract<OrderMessage, { kind: 'status' }>['status'];
  description: string;
};

/** The order_status part following an order_details sent with `referenceId`. */
export function orderStatusPart(referenceId: string, change: OrderStatusChange): MessagePart {
  return {
    text: change.description,
    order: {
      kind: 'status',
      referenceId,
      headline: change.description,
      status: change.status,
      description: change.description,
    },
  };
}
