/**
 * The orders board (issue 16, docs/decisions/0022-orders-board-and-live-events.md): a keyset page of the shop's
 * placed orders with its filters, and one order's detail — lines as charged, customer and company data (documents
 * masked), address and slot, payment timeline, messages sent to the contact and what the staff did to it.
 */
import {
  BOARD_CHANNELS,
  BOARD_STATUSES,
  FULFILMENT_LABELS,
  hideDocument,
  type FulfilmentStep,
  type BoardQuery,
  type BoardRow,
  type NotPlacedCatalogOrders,
  type OrderDetail,
} from '@vitrine/contracts/console-orders';
import { CHANNEL_BY_NAME, LogisticType, OrderStatus, PaymentStatus } from '@vitrine/contracts/enums';
import { paymentStateOf } from '@vitrine/contracts/order-payments';
import { balanceOf } from '@vitrine/contracts/order-refunds';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { historyOf } from '../../modules/audit/service.ts';
import { findContact } from '../../modules/customer/service.ts';
import {
  findBoardOrder,
  findNotPlacedCatalogOrders,
  listBoardOrders,
  type BoardFilter,
  type BoardOrderRow,
  findOrderItems,
  findShopOrder,
  nextFulfilmentSteps,
  staffMoves,
  type StaffOrderRow,
} from '../../modules/order/service.ts';
import { listOrderRows, type MessagePayload } from '../../modules/outbox/service.ts';
import { orderPaymentTimeline } from '../../modules/payment/service.ts';
import { mayRecordPayments, paymentHistoryText } from './record-payment.ts';
import { editHistoryText } from './order-edits.ts';
import { auditChangesOf } from '@vitrine/contracts/audit-changes';
import { refundHistoryText } from './refunds.ts';
import type { StaffRole } from '@vitrine/contracts/console-roles';
import { getShop, settingsOf, type ShopRow } from '../../modules/shop/service.ts';
import { missingOf } from './missing.ts';

export const BOARD_PAGE_SIZE = 25;

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

/** A board row as the console shows it; `shop`'s settings say what a Received order still lacks. */
export function boardRowOf(row: BoardOrderRow, shop: ShopRow): BoardRow {
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
    unitCount: row.unit_count,
    weightKg: row.weight_kg,
    totalCents: row.total_cents,
    paymentMethod: row.checkout.paymentMethod ?? row.payment_method ?? null,
    paymentStatus: paymentStateOf(
      row.total_cents,
      row.paid_cents,
      row.payment_status === PaymentStatus.Expired,
    ),
    paidCents: row.paid_cents,
    dueCents: balanceOf(row.total_cents, row.paid_cents, row.refunded_cents),
    refundedCents: row.refunded_cents,
    refundPendingCents: row.refund_pending_cents,
    logistic: logistic
      ? { kind: logistic.type === LogisticType.StorePickUp ? 'pickup' : 'delivery', name: logistic.name }
      : null,
    slot: row.checkout.slot ?? null,
    seller: row.checkout.seller?.name ?? null,
    missing: missingOf(row, settingsOf(shop)),
    origin: row.catalog_notes ? 'whatsapp_catalog' : null,
  };
}

/** The board's filters as repository terms; 400 in pt-BR for a bad cursor or an inverted date range. */
export function boardFilterOf(shop: { id: string; time_zone: string }, query: BoardQuery): BoardFilter {
  if (query.from && query.to && query.from > query.to) throw new AppError('validation', 'boardDateRange');
  return {
    shopId: shop.id,
    timeZone: shop.time_zone,
    stage: query.status ?? null,
    paymentState: query.payment ?? null,
    refund: query.refund ?? null,
    channelType: query.channel ? CHANNEL_BY_NAME[query.channel] : null,
    fromDay: query.from ?? null,
    toDay: query.to ?? null,
    text: query.q || null,
    after: query.cursor ? decodeCursor(query.cursor) : null,
    limit: query.limit ?? BOARD_PAGE_SIZE,
  };
}

/** One page of the shop's placed orders, newest first, and the cursor of the next page. */
export async function boardPage(db: Queryable, shopId: string, query: BoardQuery, role: StaffRole) {
  const shop = await getShop(db, shopId);
  const filter = boardFilterOf(shop, query);
  const rows = await listBoardOrders(db, filter);
  const page = rows.slice(0, filter.limit);
  return {
    orders: page.map((row) => boardRowOf(row, shop)),
    nextCursor: rows.length > filter.limit ? encodeCursor(page[page.length - 1]!) : null,
    timeZone: shop.time_zone,
    recordPayment: mayRecordPayments(role, shop.settings),
  };
}

/** One placed order of the shop with everything its detail page shows; 404 when it is not the shop's. */
export async function orderDetail(
  db: Queryable,
  shopId: string,
  orderId: string,
  role: StaffRole = 'agent',
): Promise<OrderDetail> {
  const row = await findBoardOrder(db, shopId, orderId);
  const order = row && ((await findShopOrder(db, shopId, orderId)) as StaffOrderRow | null);
  if (!row || !order) throw new AppError('notFound', 'boardOrderNotFound');
  const shop = await getShop(db, shopId);
  const [lines, contact, timeline, outbox, history] = await Promise.all([
    findOrderItems(db, orderId),
    row.contact_id ? findContact(db, shopId, row.contact_id) : null,
    orderPaymentTimeline(db, shopId, orderId, shop.time_zone),
    listOrderRows(db, shopId, orderId),
    historyOf(db, shopId, orderId),
  ]);
  const logistic = row.checkout.logistic;
  const pickup = logistic?.type === LogisticType.StorePickUp ? logistic.storePickUpAddress : null;
  return {
    ...boardRowOf(row, shop),
    timeZone: shop.time_zone,
    lines: lines.map((l) => ({
      name: l.name,
      sku: l.sku,
      quantity: l.quantity,
      unitPriceCents: l.unit_price_cents,
      promotionalPriceCents: l.promotional_price_cents,
      totalCents: l.total_cents,
      isGift: l.is_gift,
      soldInKilo: l.sold_in_kilo,
      amountInKilo: l.sold_in_kilo ? (l.amount_in_kilo ?? null) : null,
    })),
    itemsCents: row.items_amount_cents,
    discountCents: row.discount_cents,
    coupon: row.checkout.couponCode ?? null,
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
    originNotes: row.catalog_notes ?? [],
    cancelReason: row.cancel_reason,
    refundDecision: row.refund_decision,
    timeline: mayRecordPayments(role, shop.settings)
      ? timeline
      : timeline.map((entry) => ({ ...entry, canUndo: false, canRefund: false })),
    messages: outbox
      .filter((m) => m.kind === 'message')
      .map((m) => ({
        at: new Date(m.created_at).toISOString(),
        type: m.type,
        status: m.status,
        text: (m.payload as MessagePayload).parts.map((part) => part.text).join('\n'),
        delivery: m.delivery_status ? { status: m.delivery_status, error: m.delivery_error ?? null } : null,
      })),
    history: history.map((h) => ({ at: h.at, actor: h.actor, action: historyText(h.action, h.detail) })),
    actions: {
      ...staffMoves(order),
      fulfilment: nextFulfilmentSteps(order),
      recordPayment: mayRecordPayments(role, shop.settings) && order.status !== OrderStatus.Canceled,
    },
  };
}

/** The pt-BR line of an order's history entry. */
export function historyText(action: string, detail: Record<string, unknown>): string {
  if (action === 'order.finalized') return 'Marcado como finalizado';
  if (action === 'order.canceled') {
    const refund = detail.refund === 'refund' ? ' (com reembolso)' : detail.refund ? ' (sem reembolso)' : '';
    return `Cancelado${refund}: ${String(detail.reason)}`;
  }
  if (action === 'order.fulfilment') return FULFILMENT_LABELS[detail.step as FulfilmentStep] ?? action;
  if (action === 'order.payment_link.sent') return 'Link de pagamento enviado ao cliente';
  if (action === 'order.completed') {
    const [change] = auditChangesOf(detail);
    return `Pedido completado pela loja${change ? `: ${change.label.toLowerCase()} ${change.after}` : ''}`;
  }
  return (
    paymentHistoryText(action, detail) ??
    refundHistoryText(action, detail) ??
    editHistoryText(action, detail) ??
    action
  );
}

/** How far back, and how many, the board's 'Pedidos do WhatsApp não criados' lists. */
export const NOT_PLACED_DAYS = 7;
export const NOT_PLACED_SHOWN = 20;

/** The shop's WhatsApp catalogue messages of the last week of which nothing could be placed, newest first. */
export async function notPlacedCatalogOrders(
  db: Queryable,
  shopId: string,
  now = new Date(),
): Promise<NotPlacedCatalogOrders> {
  const since = new Date(now.getTime() - NOT_PLACED_DAYS * 86_400_000);
  const rows = await findNotPlacedCatalogOrders(db, shopId, since, NOT_PLACED_SHOWN);
  return {
    messages: rows.map((row) => ({
      messageId: row.message_id,
      receivedAt: new Date(row.created_at).toISOString(),
      contactName: row.contact_name,
      phone: row.contact_phone,
      notes: row.notes,
    })),
  };
}
