/**
 * Money into an order's ledger, and what it does to the order (decision 0046): under the order's row lock the
 * row is added; when the order has just become fully paid (paid was below the total and now covers it) the order
 * goes Received → Finalized, the chatbot's 'order.paid' is queued (once per version of the order: the difference
 * an edit added, once paid, is told again) and the contact gets the same 'Pagamento confirmado' message whatever
 * paid — a gateway, the shop's bank or a person (WhatsApp's order_status where the order went as an order_details
 * message). A cancelled order is never finalized nor told it was paid.
 */
import { OrderStatus, SessionType, type ChannelType } from '@vitrine/contracts/enums';
import { formatBRL } from '@vitrine/contracts/money';
import type { Queryable } from '../../db/client.ts';
import { TEXT_LIMITS } from '../../adapters/channels/channel-adapter.ts';
import { enqueueOrderEvent, enqueueOrderStatus, PAID_STATUS } from '../messaging/service.ts';
import { tryTransitionOrder, type OrderRow } from '../order/service.ts';
import { enqueueMessage, KIND_BY_CHANNEL } from '../outbox/service.ts';
import { findLatestChannelId, type SessionContext } from '../session/service.ts';
import { getShop } from '../shop/service.ts';
import { insertLedgerRow, orderPaidCents, type LedgerRow, type NewLedgerRow } from './ledger.ts';

/** The payment the 'order.paid' event names (a charge, or the ledger row of a payment recorded by hand). */
export type PaidBy = { id: string; method: number | null; installments: number };

export type MoneyIn = { row: LedgerRow | null; paidBefore: number; paidAfter: number; fullyPaid: boolean };

/** The text the contact gets when the order is fully paid. */
export const paymentConfirmedText = (shopName: string, paidCents: number) =>
  `*Pagamento confirmado — ${shopName}*\nRecebemos ${formatBRL(paidCents)} do seu pedido. Obrigado!`;

/**
 * Adds `row` to the ledger of `order` (locked by the caller) with the flag the order's state calls for, then the
 * consequences of becoming fully paid. A row a unique index refuses (the same charge, e2e id or token) changes
 * nothing: `row` null.
 */
export async function addMoneyIn(
  tx: Queryable,
  order: OrderRow,
  row: NewLedgerRow,
  paidBy: (row: LedgerRow) => PaidBy,
  session: SessionContext | null = null,
): Promise<MoneyIn> {
  const paidBefore = await orderPaidCents(tx, order.id);
  const overpaid = row.kind === 'received' && paidBefore >= order.total_cents;
  const cancelled = order.status === OrderStatus.Canceled;
  const flag = row.flag ?? (cancelled ? 'after_cancel' : overpaid ? 'overpaid' : null);
  const inserted = await insertLedgerRow(tx, { ...row, flag });
  if (!inserted) return { row: null, paidBefore, paidAfter: paidBefore, fullyPaid: false };
  const paidAfter = paidBefore + inserted.amount_cents;
  const fullyPaid = await afterPaidChange(tx, order, paidBefore, paidAfter, paidBy(inserted), session);
  return { row: inserted, paidBefore, paidAfter, fullyPaid };
}

/** The consequences of the paid amount going from `before` to `after`; true when the order just became paid. */
export async function afterPaidChange(
  tx: Queryable,
  order: OrderRow,
  before: number,
  after: number,
  paidBy: PaidBy,
  session: SessionContext | null,
): Promise<boolean> {
  const becamePaid = before < order.total_cents && after >= order.total_cents && after > 0;
  if (!becamePaid || order.status === OrderStatus.Canceled || order.status === OrderStatus.Error)
    return false;
  const current =
    (await tryTransitionOrder(tx, order.id, OrderStatus.Finalized, [OrderStatus.Received])) ?? order;
  const channelId = session?.channelId ?? (await findLatestChannelId(tx, order.shop_id, order.user_id));
  // Once per version of the order: paying the difference an edit added (issue 34) is told again.
  const once = `${order.id}:v${order.version}`;
  await enqueueOrderEvent(tx, 'order.paid', current, session ?? conversationOf(current, channelId ?? ''), {
    extra: { payment: paidBy },
    dedupeKey: `order.paid:${once}`,
  });
  const statusQueued = await enqueueOrderStatus(tx, current, PAID_STATUS, {
    type: 'order-status',
    dedupeKey: `order-status:paid:${once}`,
  });
  if (statusQueued || !channelId) return true;
  const shop = await getShop(tx, order.shop_id);
  const channel = KIND_BY_CHANNEL[order.channel_type as ChannelType];
  await enqueueMessage(tx, {
    shopId: order.shop_id,
    type: 'payment-confirmed',
    orderId: order.id,
    userId: order.user_id,
    channel,
    recipient: channelId,
    contactId: order.contact_id,
    parts: [{ text: paymentConfirmedText(shop.name, after).slice(0, TEXT_LIMITS[channel]) }],
    contentKey: 'payment-confirmed',
    idempotencyKey: null,
    dedupeKey: `payment-confirmed:${once}`,
  });
  return true;
}

/** A session-like context of the order's contact on conversation `channelId` (work done without a request). */
export function conversationOf(order: OrderRow, channelId: string): SessionContext {
  return {
    id: '',
    shopId: order.shop_id,
    sessionType: SessionType.Contact,
    channelType: order.channel_type as SessionContext['channelType'],
    channelId,
    userId: order.user_id,
    contactId: order.contact_id,
    agentId: null,
    expiresAt: new Date(0),
  };
}
