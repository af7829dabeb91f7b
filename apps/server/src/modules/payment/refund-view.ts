/**
 * An order's refunds as the console shows them (issue 34, decision 0050): each refund with its lines, status and
 * what staff may do next, the order's lines with what earlier refunds named of them, and its money — paid,
 * refunded (sent), pending (granted, not sent) and what may still be refunded.
 */
import { REFUND_STATUS_LABELS, type OrderRefunds, type RefundView } from '@vitrine/contracts/order-refunds';
import { OrderStatus } from '@vitrine/contracts/enums';
import type { Queryable } from '../../db/client.ts';
import { findOrderItems, findShopOrder } from '../order/service.ts';
import { listOrderLedger, orderPaidCents, orderRefundedCents } from './ledger.ts';
import { railOf } from './refund-grant.ts';
import {
  grantedByEntry,
  listOrderRefunds,
  listRefundLines,
  refundedQuantities,
  type RefundLineRow,
  type RefundRow,
} from './refund-repository.ts';

const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);

function viewOf(
  refund: RefundRow,
  lines: RefundLineRow[],
  names: Map<string, string>,
  finalized: boolean,
  now: number,
): RefundView {
  const leaseOver = !refund.lease_until || new Date(refund.lease_until).getTime() < now;
  return {
    id: refund.id,
    status: refund.status,
    statusLabel: REFUND_STATUS_LABELS[refund.status],
    rail: refund.rail,
    amountCents: refund.amount_cents,
    reason: refund.reason,
    restock: refund.restock,
    lines: lines.map((l) => ({
      itemId: l.item_id,
      name: names.get(l.item_id) ?? '',
      quantity: l.quantity,
      amountCents: l.amount_cents,
      receivedSellable: l.received_sellable,
      receivedDamaged: l.received_damaged,
    })),
    grantedBy: refund.granted_by_name,
    grantedAt: iso(refund.created_at)!,
    attempts: refund.attempts,
    failure: refund.failure,
    reference: refund.reference,
    sentAt: iso(refund.sent_at),
    sentBy: refund.sent_by_name,
    returnReceivedAt: iso(refund.return_received_at),
    canSend:
      refund.status === 'granted' || refund.status === 'failed' || (refund.status === 'sending' && leaseOver),
    canReceive: refund.restock && !refund.return_received_at && finalized,
  };
}

/** The shop's order's refunds and money (null when the order is not the shop's). */
export async function orderRefundsView(
  db: Queryable,
  shopId: string,
  orderId: string,
  now = Date.now(),
): Promise<OrderRefunds | null> {
  const order = await findShopOrder(db, shopId, orderId);
  if (!order || !order.confirmed_at) return null;
  const [refunds, items, paid, refunded, named, entries, byEntry] = await Promise.all([
    listOrderRefunds(db, shopId, orderId),
    findOrderItems(db, orderId),
    orderPaidCents(db, orderId),
    orderRefundedCents(db, orderId),
    refundedQuantities(db, orderId),
    listOrderLedger(db, shopId, orderId),
    grantedByEntry(db, orderId),
  ]);
  const open = entries.filter((e) => e.kind === 'received' && !e.reversed).reverse();
  const sources = await Promise.all(
    open.map(async (e) => ({
      entryId: e.id,
      rail: await railOf(db, e),
      receivedAt: iso(e.received_at)!,
      amountCents: e.amount_cents,
      leftCents: Math.max(0, e.amount_cents - (byEntry.get(e.id) ?? 0)),
    })),
  );
  const lines = await listRefundLines(
    db,
    refunds.map((r) => r.id),
  );
  const names = new Map(items.map((i) => [i.id, i.name]));
  const finalized = order.status === OrderStatus.Finalized;
  const granted = refunds.reduce((sum, r) => sum + r.amount_cents, 0);
  const pending = refunds.filter((r) => r.status !== 'sent').reduce((sum, r) => sum + r.amount_cents, 0);
  return {
    refunds: refunds.map((r) =>
      viewOf(
        r,
        lines.filter((l) => l.refund_id === r.id),
        names,
        finalized,
        now,
      ),
    ),
    lines: items
      .filter((i) => !i.is_gift)
      .map((i) => ({
        itemId: i.id,
        name: i.name,
        quantity: Number(i.quantity),
        refundedQuantity: named.get(i.id) ?? 0,
        totalCents: i.total_cents,
        kilogramsPerUnit: i.sold_in_kilo ? Number(i.amount_in_kilo ?? 1) : null,
      })),
    sources: sources.filter((source) => source.leftCents > 0),
    paidCents: paid,
    refundedCents: refunded,
    pendingCents: pending,
    refundableCents: Math.max(0, paid - granted),
  };
}
