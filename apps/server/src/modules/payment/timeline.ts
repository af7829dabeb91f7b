/**
 * An order's payment timeline for the shop's staff (decision 0046): the charges issued and what became of them,
 * the money in its ledger (charges paid, Pix received at the bank, payments recorded by hand) and what was undone
 * or refunded, oldest first, each with whether it may be undone ('Desfazer': a hand-recorded payment on the shop's
 * day it was recorded) or refunded ('Reembolsar': a flagged bank receipt) — neither once a refund names the
 * payment (decision 0050: one path per payment; the server refuses them with 409).
 */
import { TIMELINE_LABELS, type TimelineEntry, type TimelineKind } from '@vitrine/contracts/order-payments';
import { localDay } from '@vitrine/contracts/shop-time';
import type { Queryable } from '../../db/client.ts';
import { listOrderLedger, orderPaidCents, type LedgerRow } from './ledger.ts';
import { grantedByEntry } from './refund-repository.ts';

export type PaymentTimelineRow = {
  created_at: Date;
  kind: string;
  source: string;
  amount_cents: number;
  method: number;
};

/** A charge's events as the timeline shows them ('paid' comes from the ledger, which counts the money once). */
const CHARGE_KINDS: Record<string, TimelineKind> = {
  authorized: 'charge_authorized',
  refunded: 'charge_refunded',
  expired: 'charge_expired',
  failed: 'charge_failed',
  cancelled: 'charge_canceled',
};

/** The payment events of the shop's order, oldest first (append-only rows, payment_events_payment_idx). */
async function listOrderPaymentEvents(
  db: Queryable,
  shopId: string,
  orderId: string,
): Promise<PaymentTimelineRow[]> {
  return db.query<PaymentTimelineRow>(
    `select e.created_at, e.kind, e.source, p.amount_cents, p.method
       from payments p join payment_events e on e.payment_id = p.id
      where p.order_id = $1 and p.shop_id = $2
      order by e.created_at, e.id`,
    [orderId, shopId],
  );
}

/** Whether a hand-recorded payment may still be undone: not reversed, and recorded on the shop's today. */
export function undoable(
  row: LedgerRow & { reversed?: boolean },
  timeZone: string,
  now = new Date(),
): boolean {
  return (
    row.kind === 'received' &&
    row.source === 'manual' &&
    !row.reversed &&
    localDay(row.created_at, timeZone) === localDay(now, timeZone)
  );
}

const ledgerKind = (row: LedgerRow): TimelineKind =>
  row.kind === 'undone'
    ? 'undone'
    : row.kind === 'refunded'
      ? 'refunded'
      : row.kind === 'refund_failed'
        ? 'refund_failed'
        : row.source === 'manual'
          ? 'recorded'
          : row.source === 'gateway'
            ? 'charge_paid'
            : 'received';

/** The order's timeline, oldest first. */
export async function orderPaymentTimeline(
  db: Queryable,
  shopId: string,
  orderId: string,
  timeZone: string,
  now = new Date(),
): Promise<TimelineEntry[]> {
  const [charges, events, ledger, named] = await Promise.all([
    db.query<{ id: string; created_at: Date; amount_cents: number; method: number }>(
      'select id, created_at, amount_cents, method from payments where order_id = $1 and shop_id = $2',
      [orderId, shopId],
    ),
    listOrderPaymentEvents(db, shopId, orderId),
    listOrderLedger(db, shopId, orderId),
    grantedByEntry(db, orderId),
  ]);
  const entry = (kind: TimelineKind, at: Date, fields: Partial<TimelineEntry>): TimelineEntry => ({
    at: new Date(at).toISOString(),
    kind,
    label: TIMELINE_LABELS[kind],
    amountCents: 0,
    method: null,
    means: null,
    actor: null,
    note: null,
    reference: null,
    flag: null,
    entryId: null,
    canUndo: false,
    canRefund: false,
    ...fields,
  });
  const entries = [
    ...charges.map((c) =>
      entry('charge_issued', c.created_at, { amountCents: c.amount_cents, method: c.method }),
    ),
    ...events
      .filter((e) => CHARGE_KINDS[e.kind])
      .map((e) =>
        entry(CHARGE_KINDS[e.kind]!, e.created_at, { amountCents: e.amount_cents, method: e.method }),
      ),
    ...ledger.map((row) =>
      entry(ledgerKind(row), row.kind === 'received' ? row.received_at : row.created_at, {
        amountCents: row.amount_cents,
        method: row.method,
        means: row.means,
        actor: row.actor_name,
        note: row.note,
        reference: row.reference ?? row.end_to_end_id,
        flag: row.flag,
        entryId: row.id,
        canUndo: undoable(row, timeZone, now) && !named.has(row.id),
        canRefund:
          row.kind === 'received' &&
          row.source.startsWith('bank') &&
          !row.reversed &&
          row.flag !== null &&
          !named.has(row.id),
      }),
    ),
  ];
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}

/** Whether money has come into the order (a cancel then needs a refund decision). */
export async function orderIsPaid(db: Queryable, orderId: string): Promise<boolean> {
  return (await orderPaidCents(db, orderId)) > 0;
}
