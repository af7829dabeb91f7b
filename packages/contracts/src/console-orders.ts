/**
 * The console's orders board (issue 16, docs/decisions/0022-orders-board-and-live-events.md): the list query kept
 * in the URL, its rows, the order detail, the actions and their pt-BR labels (shared by the board, its CSV export
 * and the messages sent to the contact).
 */
import { z } from 'zod';
import { PAYMENT_STATE_LABELS, PAYMENT_STATES, timelineEntry } from './order-payments.ts';

export const BOARD_STATUSES = ['received', 'finalized', 'canceled', 'error'] as const;
export type BoardStatus = (typeof BOARD_STATUSES)[number];
export const BOARD_STATUS_LABELS: Record<BoardStatus, string> = {
  received: 'Recebido',
  finalized: 'Finalizado',
  canceled: 'Cancelado',
  error: 'Erro',
};

/** The 'Pagamento' filter and column: what the order's ledger says (issue 32, decision 0046). */
export const BOARD_PAYMENT_STATUSES = PAYMENT_STATES;
export type BoardPaymentStatus = (typeof BOARD_PAYMENT_STATUSES)[number];
export const BOARD_PAYMENT_STATUS_LABELS = PAYMENT_STATE_LABELS;

export const BOARD_CHANNELS = ['whatsapp', 'messenger', 'webchat', 'instagram'] as const;
export type BoardChannel = (typeof BOARD_CHANNELS)[number];
export const BOARD_CHANNEL_LABELS: Record<BoardChannel, string> = {
  whatsapp: 'WhatsApp',
  messenger: 'Messenger',
  webchat: 'WebChat',
  instagram: 'Instagram',
};

/** Where an order came from beside its channel (issue 35): sent from WhatsApp's own catalogue. */
export const ORDER_ORIGINS = ['whatsapp_catalog'] as const;
export type OrderOrigin = (typeof ORDER_ORIGINS)[number];
export const ORDER_ORIGIN_LABELS: Record<OrderOrigin, string> = {
  whatsapp_catalog: 'Pedido pelo catálogo do WhatsApp',
};

/** The board's 'Canal': where the order came from when that says more than its channel's name. */
export function channelText(row: { channel: BoardChannel; origin: OrderOrigin | null }): string {
  return row.origin ? ORDER_ORIGIN_LABELS[row.origin] : BOARD_CHANNEL_LABELS[row.channel];
}

/** Fulfilment steps beyond the spec's statuses; FULFILMENT_MOVES (server) says which follow which. */
export const FULFILMENT_STEPS = ['separating', 'out_for_delivery', 'ready_for_pickup', 'delivered'] as const;
export type FulfilmentStep = (typeof FULFILMENT_STEPS)[number];
export const FULFILMENT_LABELS: Record<FulfilmentStep, string> = {
  separating: 'Separando',
  out_for_delivery: 'Saiu para entrega',
  ready_for_pickup: 'Pronto para retirada',
  delivered: 'Entregue',
};

/**
 * The one lifecycle the staff see (issue 38, docs/decisions/0055): Recebido → Separando → Saiu para entrega |
 * Pronto para retirada → Entregue → Finalizado, or Cancelado / Erro. An order is Finalizado once it is delivered
 * and paid (it finishes itself: paying a delivered order, or delivering a paid one) or was finalized by hand;
 * paid and not delivered yet it reads its fulfilment step ('Pagamento' says 'Pago'). The board's 'Situação'
 * filters by it.
 */
export const ORDER_STAGES = [
  'received',
  'separating',
  'out_for_delivery',
  'ready_for_pickup',
  'delivered',
  'finalized',
  'canceled',
  'error',
] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];
export const ORDER_STAGE_LABELS: Record<OrderStage, string> = {
  received: 'Recebido',
  ...FULFILMENT_LABELS,
  finalized: 'Finalizado',
  canceled: 'Cancelado',
  error: 'Erro',
};

/** Where an order is in the one lifecycle: its status once closed, else its fulfilment step. */
export function orderStage(row: { status: BoardStatus; fulfilment: FulfilmentStep | null }): OrderStage {
  if (row.status === 'canceled' || row.status === 'error') return row.status;
  if (row.status === 'finalized' && row.fulfilment === 'delivered') return 'finalized';
  return row.fulfilment ?? 'received';
}

export const PAYMENT_METHOD_LABELS: Record<number, string> = {
  0: 'Cartão de crédito',
  1: 'Boleto',
  2: 'Depósito',
  3: 'PIX',
  4: 'Dinheiro',
  5: 'Pagamento na entrega',
  6: 'Link de pagamento',
  7: 'Outro',
  8: 'Nubank',
  9: 'Pagueleve',
};

export const BOARD_REFUND_FILTERS = ['pending'] as const;
export const BOARD_REFUND_FILTER_LABELS: Record<(typeof BOARD_REFUND_FILTERS)[number], string> = {
  pending: 'Reembolso pendente',
};

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida: use AAAA-MM-DD');

/** The board's filters: kept in the console's URL, sent to the list and to its CSV export. */
export const boardFilters = z
  .object({
    /** The order's stage in the one lifecycle (ORDER_STAGES). */
    status: z.enum(ORDER_STAGES, 'Situação inválida'),
    payment: z.enum(BOARD_PAYMENT_STATUSES, 'Situação de pagamento inválida'),
    channel: z.enum(BOARD_CHANNELS, 'Canal inválido'),
    from: isoDay,
    to: isoDay,
    q: z.string().trim().max(100, 'Busca longa demais'),
    /** 'Reembolso pendente': a refund granted and not sent yet (decision 0050). */
    refund: z.enum(BOARD_REFUND_FILTERS, 'Filtro de reembolso inválido'),
  })
  .partial()
  .strict();
export type BoardFilters = z.infer<typeof boardFilters>;
export const BOARD_FILTER_KEYS = Object.keys(boardFilters.shape) as (keyof BoardFilters)[];

/** A page of the board: the filters, the keyset cursor and the page size. */
export const boardQuery = boardFilters.extend({
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'Página inválida')
    .optional(),
  limit: z.coerce.number().int('Quantidade inválida').min(1).max(100).optional(),
});
export type BoardQuery = z.infer<typeof boardQuery>;

/**
 * What a Received order still lacks before the shop can act on it (issue 38), in this order: the store (when the
 * shop's checkout has the seller step), the payment method (unless the shop takes orders without charging), the
 * delivery option, the address of a delivery, and the slot (when the schedule step is on and an option is chosen).
 */
export const ORDER_MISSING = ['seller', 'payment', 'delivery', 'address', 'slot'] as const;
export type OrderMissing = (typeof ORDER_MISSING)[number];
/** How 'Falta definir' names each, as a sentence's object ('falta escolher a loja'). */
export const ORDER_MISSING_TEXT: Record<OrderMissing, string> = {
  seller: 'a loja',
  payment: 'a forma de pagamento',
  delivery: 'a entrega ou retirada',
  address: 'o endereço de entrega',
  slot: 'o horário de entrega',
};
/** The board's short names ('Falta definir: loja, pagamento'). */
export const ORDER_MISSING_LABELS: Record<OrderMissing, string> = {
  seller: 'loja',
  payment: 'pagamento',
  delivery: 'entrega',
  address: 'endereço',
  slot: 'horário',
};

const slot = z.object({ day: z.string(), startTime: z.string(), endTime: z.string() });
export const boardRow = z.object({
  id: z.string(),
  number: z.number().int(),
  placedAt: z.string(),
  status: z.enum(BOARD_STATUSES),
  fulfilment: z.enum(FULFILMENT_STEPS).nullable(),
  customer: z.object({ name: z.string().nullable(), phone: z.string().nullable() }),
  channel: z.enum(BOARD_CHANNELS),
  itemCount: z.number(),
  /** Units of the lines sold by the unit, and kilos of the lines sold by the kilo (issue 38). */
  unitCount: z.number(),
  weightKg: z.number(),
  totalCents: z.number().int(),
  paymentMethod: z.number().int().nullable(),
  paymentStatus: z.enum(BOARD_PAYMENT_STATUSES),
  /** The sum of the order's payment ledger, and total − paid (below zero: paid more than the total). */
  paidCents: z.number().int(),
  dueCents: z.number().int(),
  /** Refunds sent, and granted but not sent yet (decision 0050). */
  refundedCents: z.number().int(),
  refundPendingCents: z.number().int(),
  logistic: z.object({ kind: z.enum(['delivery', 'pickup']), name: z.string() }).nullable(),
  slot: slot.nullable(),
  seller: z.string().nullable(),
  /** 'Falta definir': what the order still lacks, in ORDER_MISSING's order (empty once it is not Received). */
  missing: z.array(z.enum(ORDER_MISSING)),
  /** Null: placed in the storefront (by the contact or an agent). */
  origin: z.enum(ORDER_ORIGINS).nullable(),
});
export type BoardRow = z.infer<typeof boardRow>;
export const boardPage = z.object({
  orders: z.array(boardRow),
  nextCursor: z.string().nullable(),
  timeZone: z.string(),
  /** Whether the caller may 'Registrar pagamento' (owner and manager; agents when the shop allows them). */
  recordPayment: z.boolean(),
});
export type BoardPage = z.infer<typeof boardPage>;

export const orderDetail = boardRow.extend({
  /** The shop's time zone (dates are shown in it). */
  timeZone: z.string(),
  lines: z.array(
    z.object({
      name: z.string(),
      sku: z.string(),
      quantity: z.number(),
      unitPriceCents: z.number().int(),
      promotionalPriceCents: z.number().int().nullable(),
      totalCents: z.number().int(),
      isGift: z.boolean(),
      /** A kilo line: `quantity` portions of `amountInKilo` kg (format.ts lineQuantityText, kiloPriceCents). */
      soldInKilo: z.boolean(),
      amountInKilo: z.number().nullable(),
    }),
  ),
  itemsCents: z.number().int(),
  discountCents: z.number().int(),
  /** The coupon the discount came from (its code), if any. */
  coupon: z.string().nullable(),
  customerData: z.object({
    name: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    /** CPF masked: `***.982.247-**`. */
    document: z.string().nullable(),
    company: z
      .object({
        name: z.string().nullable(),
        tradeName: z.string().nullable(),
        document: z.string().nullable(),
      })
      .nullable(),
  }),
  address: z.string().nullable(),
  /** What the agent must see on an order from WhatsApp's catalogue: items not found, sold out, repriced. */
  originNotes: z.array(z.string()),
  cancelReason: z.string().nullable(),
  refundDecision: z.enum(['refund', 'no_refund']).nullable(),
  /**
   * Charges issued, authorized, refused, expired, cancelled, paid and estornadas by their gateway; Pix received at
   * the bank; payments recorded by hand, undone and refunded — oldest first.
   */
  timeline: z.array(timelineEntry),
  messages: z.array(
    z.object({
      at: z.string(),
      type: z.string(),
      status: z.string(),
      text: z.string(),
      /** What WhatsApp reported after the send: sent, delivered, read or failed (with its error); null before. */
      delivery: z.object({ status: z.string(), error: z.string().nullable() }).nullable(),
    }),
  ),
  history: z.array(z.object({ at: z.string(), actor: z.string(), action: z.string() })),
  /** What the caller may do now (finalize, cancel, the next fulfilment steps). */
  actions: z.object({
    finalize: z.boolean(),
    cancel: z.boolean(),
    fulfilment: z.array(z.enum(FULFILMENT_STEPS)),
    /** 'Registrar pagamento' (owner and manager; agents when the shop allows them). */
    recordPayment: z.boolean(),
  }),
});
export type OrderDetail = z.infer<typeof orderDetail>;

export const cancelOrderBody = z
  .object({
    reason: z.string().trim().min(3, 'Informe o motivo do cancelamento.').max(500, 'Motivo longo demais'),
    refund: z.enum(['refund', 'no_refund']).optional(),
  })
  .strict();
export type CancelOrderBody = z.infer<typeof cancelOrderBody>;
export const fulfilmentBody = z.object({ step: z.enum(FULFILMENT_STEPS, 'Etapa inválida') }).strict();
export type FulfilmentBody = z.infer<typeof fulfilmentBody>;

export const orderIdParam = z.string().regex(/^ord_[0-9a-z]{26}$/, 'Pedido inválido');

/** A CPF or CNPJ as the staff sees it: only its middle shown (`***.982.247-**`, `**.222.333/0001-**`). */
export function hideDocument(value: string | null): string | null {
  if (!value) return null;
  const chars = value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  if (chars.length === 11) return `***.${chars.slice(3, 6)}.${chars.slice(6, 9)}-**`;
  if (chars.length === 14) return `**.${chars.slice(2, 5)}.${chars.slice(5, 8)}/${chars.slice(8, 12)}-**`;
  return '***';
}

/**
 * A WhatsApp catalogue order of which nothing could be placed (issue 35): no order exists, so the board lists the
 * message with who sent it and why, for the agent to follow up on the chat (the contact was told already).
 */
export const notPlacedCatalogOrder = z.object({
  messageId: z.string(),
  /** ISO instant the message was received. */
  receivedAt: z.string(),
  contactName: z.string().nullable(),
  phone: z.string().nullable(),
  /** 'Nenhum item pôde ser pedido.', 'Itens não encontrados no catálogo da loja: …', 'Pedido não criado: …'. */
  notes: z.array(z.string()),
});
export type NotPlacedCatalogOrder = z.infer<typeof notPlacedCatalogOrder>;
export const notPlacedCatalogOrders = z.object({ messages: z.array(notPlacedCatalogOrder) });
export type NotPlacedCatalogOrders = z.infer<typeof notPlacedCatalogOrders>;
