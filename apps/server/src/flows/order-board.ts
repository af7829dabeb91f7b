/**
 * The orders board (issue 16, docs/decisions/0022-orders-board-and-live-events.md): a keyset page of the shop's
 * placed orders with its filters, and one order's detail — lines as charged, customer and company data (documents
 * masked), address and slot, payment timeline, messages sent to the contact and what the staff did to it.
 */
import {
  BOARD_CHANNELS,
  BOARD_PAYMENT_STATUSES,
  BOARD_STATUSES,
  FULFILMENT_LABELS,
  hideDocument,
  type FulfilmentStep,
  type BoardQuery,
  type BoardRow,
  type OrderDetail,
} from '@vitrine/contracts/console-orders';
import { CHANNEL_BY_NAME, LogisticType } from '@vitrine/contracts/enums';
import type { Queryable } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { historyOf } from '../modules/audit/service.ts';
import { findContact } from '../modules/customer/repository.ts';
import {
  findBoardOrder,
  listBoardOrders,
  type BoardFilter,
  type BoardOrderRow,
} from '../modules/order/board-repository.ts';
import { findOrderItems } from '../modules/order/line-repository.ts';
import { findShopOrder } from '../modules/order/repository.ts';
import { nextFulfilmentSteps, staffMoves, type StaffOrderRow } from '../modules/order/staff-moves.ts';
import { listOrderRows, type MessagePayload } from '../modules/outbox/repository.ts';
import { listOrderPaymentEvents } from '../modules/payment/service.ts';
import { getShop } from '../modules/shop/service.ts';

export const BOARD_PAGE_SIZE = 25;
/** Payment statuses on the wire index PaymentStatus (0–4); 'none' is an order without a payment row. */
const PAYMENT_STATUS_BY_NAME = Object.fromEntries(BOARD_PAYMENT_STATUSES.map((s, i) => [s, i < 5 ? i : -1]));

const CHANNEL_NAMES = BOARD_CHANNELS.reduce<Record<number, BoardRow['channel']>>(
  (names, name) => ({ ...names, [CHANNEL_BY_NAME[name]]: name }),
  {},
);

/** A row's keyset position (what a cursor carries). */
export const cursorOf = (row: BoardOrderRow) => ({ at: row.cursor_at, id: row.id });
export const encodeCursor = (row: BoardOrderRow) =>
  Buffer.from(`${row.cursor_at}|${row.id}`).toString('base64url');

export function decodeCursor(cursor: string): { at: string; id: string } {
  const [at, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (extra !== undefined || !at || !id || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/.test(at))
    throw new AppError('validation', 'boardCursorInvalid');
  if (!/^ord_[0-9a-z]{26}$/.test(id)) throw new AppError('validation', 'boardCursorInvalid');
  return { at, id };
}

/** A board row as the console shows it. */
export function boardRowOf(row: BoardOrderRow): BoardRow {
  const logistic = row.checkout.logistic;
  return {
    id: row.id,
    number: row.number,
    placedAt: new Date(row.confirmed_at).toISOString(),
    status: BOARD_STATUSES[row.status - 1] ?? 'error',
    fulfilment: (row.fulfilment as BoardRow['fulfilment']) ?? null,
    customer: { name: row.customer_name, phone: row.customer_phone },
    channel: CHANNEL_NAMES[row.channel_type]!,
    itemCount: row.item_count,
    totalCents: row.total_cents,
    paymentMethod: row.checkout.paymentMethod ?? row.payment_method ?? null,
    paymentStatus: row.payment_status === null ? 'none' : BOARD_PAYMENT_STATUSES[row.payment_status]!,
    logistic: logistic
      ? { kind: logistic.type === LogisticType.StorePickUp ? 'pickup' : 'delivery', name: logistic.name }
      : null,
    slot: row.checkout.slot ?? null,
    seller: row.checkout.seller?.name ?? null,
  };
}

/** The board's filters as repository terms; 400 in pt-BR for a bad cursor or an inverted date range. */
export function boardFilterOf(shop: { id: string; time_zone: string }, query: BoardQuery): BoardFilter {
  if (query.from && query.to && query.from > query.to) throw new AppError('validation', 'boardDateRange');
  return {
    shopId: shop.id,
    timeZone: shop.time_zone,
    status: query.status ? BOARD_STATUSES.indexOf(query.status) + 1 : null,
    paymentStatus: query.payment ? PAYMENT_STATUS_BY_NAME[query.payment]! : null,
    channelType: query.channel ? CHANNEL_BY_NAME[query.channel] : null,
    fromDay: query.from ?? null,
    toDay: query.to ?? null,
    text: query.q || null,
    after: query.cursor ? decodeCursor(query.cursor) : null,
    limit: query.limit ?? BOARD_PAGE_SIZE,
  };
}

/** One page of the shop's placed orders, newest first, and the cursor of the next page. */
export async function boardPage(db: Queryable, shopId: string, query: BoardQuery) {
  const shop = await getShop(db, shopId);
  const filter = boardFilterOf(shop, query);
  const rows = await listBoardOrders(db, filter);
  const page = rows.slice(0, filter.limit);
  return {
    orders: page.map(boardRowOf),
    nextCursor: rows.length > filter.limit ? encodeCursor(page[page.length - 1]!) : null,
    timeZone: shop.time_zone,
  };
}

/** One placed order of the shop with everything its detail page shows; 404 when it is not the shop's. */
export async function orderDetail(db: Queryable, shopId: string, orderId: string): Promise<OrderDetail> {
  const row = await findBoardOrder(db, shopId, orderId);
  const order = row && ((await findShopOrder(db, shopId, orderId)) as StaffOrderRow | null);
  if (!row || !order) throw new AppError('notFound', 'boardOrderNotFound');
  const [shop, lines, contact, payments, outbox, history] = await Promise.all([
    getShop(db, shopId),
    findOrderItems(db, orderId),
    row.contact_id ? findContact(db, shopId, row.contact_id) : null,
    listOrderPaymentEvents(db, shopId, orderId),
    listOrderRows(db, shopId, orderId),
    historyOf(db, shopId, orderId),
  ]);
  const logistic = row.checkout.logistic;
  const pickup = logistic?.type === LogisticType.StorePickUp ? logistic.storePickUpAddress : null;
  return {
    ...boardRowOf(row),
    timeZone: shop.time_zone,
    lines: lines.map((l) => ({
      name: l.name,
      sku: l.sku,
      quantity: l.quantity,
      unitPriceCents: l.unit_price_cents,
      promotionalPriceCents: l.promotional_price_cents,
      totalCents: l.total_cents,
      isGift: l.is_gift,
    })),
    itemsCents: row.items_amount_cents,
    discountCents: row.discount_cents,
    customerData: {
      name: contact?.name ?? null,
      phone: contact?.phone ?? null,
      email: contact?.email ?? null,
      document: hideDocument(contact?.document ?? null),
      company: contact?.is_corporate
        ? {
            name: contact.corporate_name,
            tradeName: contact.trade_name,
            document: hideDocument(contact.corporate_document),
          }
        : null,
    },
    address: pickup
      ? `Retirada: ${pickup.name}, ${pickup.street}, ${pickup.number} - ${pickup.neighborhood}`
      : (row.checkout.address?.fullAddress ?? null),
    cancelReason: row.cancel_reason,
    refundDecision: row.refund_decision,
    payments: payments.map((p) => ({
      at: new Date(p.created_at).toISOString(),
      kind: p.kind,
      source: p.source,
      amountCents: p.amount_cents,
      method: p.method,
    })),
    messages: outbox
      .filter((m) => m.kind === 'message')
      .map((m) => ({
        at: new Date(m.created_at).toISOString(),
        type: m.type,
        status: m.status,
        text: (m.payload as MessagePayload).parts.map((part) => part.text).join('\n'),
      })),
    history: history.map((h) => ({ at: h.at, actor: h.actor, action: historyText(h.action, h.detail) })),
    actions: { ...staffMoves(order), fulfilment: nextFulfilmentSteps(order) },
  };
}

/** The pt-BR line of an order's history entry. */
export function historyText(action: string, detail: Record<string, unknown>): string {
  if (action === 'order.finalized') return 'Marcado como finalizado';
  if (action === 'order.canceled') {
    const refund = detail.refund === 'refund' ? ' (com estorno)' : detail.refund ? ' (sem estorno)' : '';
    return `Cancelado${refund}: ${String(detail.reason)}`;
  }
  if (action === 'order.fulfilment') return FULFILMENT_LABELS[detail.step as FulfilmentStep] ?? action;
  return action;
}
