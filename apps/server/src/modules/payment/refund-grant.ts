/**
 * Granting a refund (issue 34, decision 0050), under the order's lock: the lines and quantities given back (never
 * more of a line than earlier refunds left) and/or an amount (by default the lines' share of what they cost), the
 * reason and whether the items come back to stock. The money comes from one ledger row — the one named, else the
 * latest payment that still covers it — and goes back by that payment's rail. Every grant holds its money from
 * the moment it is granted, so the grants of an order never add up to more than it was paid.
 */
import type { GrantRefundBody, RefundRail } from '@vitrine/contracts/order-refunds';
import { formatBRL } from '@vitrine/contracts/money';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findOrderItems } from '../order/service.ts';
import { listOrderLedger, orderPaidCents, type LedgerRow } from './ledger.ts';
import { lockPlacedOrder } from './manual.ts';
import {
  findRefundByToken,
  grantedByEntry,
  insertRefund,
  reduceEditGrants,
  refundedQuantities,
  type RefundRow,
} from './refund-repository.ts';
import { findPayment } from './repository.ts';

export type RefundActor = { id: string; name: string };

/** The rail of the money a ledger row took in. */
export async function railOf(tx: Queryable, entry: LedgerRow): Promise<RefundRail> {
  if (entry.source === 'manual') return 'manual';
  if (entry.source !== 'gateway') return 'pix-bank';
  const payment = entry.payment_id ? await findPayment(tx, entry.payment_id) : null;
  const gateway = payment?.gateway;
  if (gateway === 'sandbox' || gateway === 'mercadopago' || gateway === 'pagarme' || gateway === 'link')
    return gateway;
  return gateway === 'pix-bank' ? 'pix-bank' : 'manual';
}

/** The lines given back with their share of what each line cost; 422 for an unknown line or too much of one. */
async function linesOf(tx: Queryable, orderId: string, body: GrantRefundBody) {
  if (body.lines.length === 0) return [];
  const items = new Map((await findOrderItems(tx, orderId)).map((i) => [i.id, i]));
  const earlier = await refundedQuantities(tx, orderId);
  const asked = new Map<string, number>();
  for (const line of body.lines) asked.set(line.itemId, (asked.get(line.itemId) ?? 0) + line.quantity);
  return [...asked].map(([itemId, quantity]) => {
    const item = items.get(itemId);
    if (!item) throw new AppError('unprocessable', 'refundLineUnknown');
    const left = Math.round((Number(item.quantity) - (earlier.get(itemId) ?? 0)) * 1000) / 1000;
    if (quantity > left + 1e-9)
      throw new AppError('unprocessable', 'refundLineAbove', { name: item.name, left: String(left) });
    const amount = Math.round((item.total_cents * quantity) / Number(item.quantity));
    return { item_id: itemId, quantity, amount_cents: amount };
  });
}

/** The ledger row that gives the money back: the one named, else the latest that still covers `amount`. */
function entryFor(
  entries: (LedgerRow & { reversed: boolean })[],
  granted: Map<string, number>,
  amount: number,
  named: string | null,
): LedgerRow {
  const open = entries.filter((e) => e.kind === 'received' && !e.reversed);
  const left = (e: LedgerRow) => e.amount_cents - (granted.get(e.id) ?? 0);
  if (named) {
    const entry = entries.find((e) => e.id === named);
    if (!entry) throw new AppError('notFound', 'paymentEntryNotFound');
    if (!open.includes(entry)) throw new AppError('unprocessable', 'refundEntryNotRefundable');
    if (amount > left(entry))
      throw new AppError('unprocessable', 'refundAboveEntry', { max: formatBRL(Math.max(0, left(entry))) });
    return entry;
  }
  const covering = [...open].reverse().find((e) => left(e) >= amount);
  if (!covering) {
    const max = Math.max(0, ...open.map(left));
    throw new AppError('unprocessable', 'refundAboveEntry', { max: formatBRL(max) });
  }
  return covering;
}

/** Grants a refund; a repeat of the same client token answers the first one (`duplicate`). */
export async function grantRefund(
  tx: Queryable,
  shopId: string,
  orderId: string,
  body: GrantRefundBody,
  actor: RefundActor,
  clientToken: string | null,
): Promise<{ refund: RefundRow; duplicate: boolean }> {
  await lockPlacedOrder(tx, shopId, orderId);
  if (clientToken) {
    const earlier = await findRefundByToken(tx, shopId, clientToken);
    if (
      earlier &&
      earlier.order_id === orderId &&
      (body.amountCents ?? earlier.amount_cents) === earlier.amount_cents
    )
      return { refund: earlier, duplicate: true };
    if (earlier) throw new AppError('unprocessable', 'refundTokenReused');
  }
  const lines = await linesOf(tx, orderId, body);
  const amount = body.amountCents ?? lines.reduce((sum, l) => sum + l.amount_cents, 0);
  if (amount <= 0) throw new AppError('validation', 'refundEmpty');
  const paid = await orderPaidCents(tx, orderId);
  const entries = await listOrderLedger(tx, shopId, orderId);
  const granted = await grantedByEntry(tx, orderId);
  if (paid <= 0) throw new AppError('unprocessable', 'refundNothingPaid');
  const room = paid - [...granted.values()].reduce((a, b) => a + b, 0);
  if (amount > room)
    throw new AppError('unprocessable', 'refundAbovePaid', { max: formatBRL(Math.max(0, room)) });
  const entry = entryFor(entries, granted, amount, body.entryId);
  const refund = await insertRefund(
    tx,
    {
      shop_id: shopId,
      order_id: orderId,
      entry_id: entry.id,
      rail: await railOf(tx, entry),
      amount_cents: amount,
      reason: body.reason,
      restock: body.restock && lines.length > 0,
      granted_by_id: actor.id,
      granted_by_name: actor.name,
      client_token: clientToken,
    },
    lines,
  );
  if (!refund) throw new AppError('unprocessable', 'refundTokenReused');
  return { refund, duplicate: false };
}

/**
 * An edit applied at once lowered the total (decision 0053): grants back what was paid above the new total, up to
 * the difference and to what earlier grants left — nothing when the order was not paid beyond it. Each grant gives
 * back one payment, newest first, so what two payments covered is two grants (client tokens `{token}`,
 * `{token}:2`…). Sent later by the staff as any grant ('Enviar'). Answers the grants (none: nothing owed back).
 */
export async function grantLowerTotal(
  tx: Queryable,
  shopId: string,
  orderId: string,
  { differenceCents, totalCents, reason }: { differenceCents: number; totalCents: number; reason: string },
  actor: RefundActor,
  clientToken: string,
): Promise<RefundRow[]> {
  const paid = await orderPaidCents(tx, orderId);
  const granted = await grantedByEntry(tx, orderId);
  const entries = await listOrderLedger(tx, shopId, orderId);
  const room = paid - [...granted.values()].reduce((a, b) => a + b, 0);
  let owed = Math.min(-differenceCents, paid - totalCents, room);
  const grants: RefundRow[] = [];
  for (const entry of entries.filter((e) => e.kind === 'received' && !e.reversed).reverse()) {
    const amount = Math.min(owed, entry.amount_cents - (granted.get(entry.id) ?? 0));
    if (owed <= 0) break;
    if (amount <= 0) continue;
    const body = { lines: [], amountCents: amount, reason, restock: false, entryId: entry.id };
    const token = grants.length === 0 ? clientToken : `${clientToken}:${grants.length + 1}`;
    grants.push((await grantRefund(tx, shopId, orderId, body, actor, token)).refund);
    owed -= amount;
  }
  return grants;
}

/**
 * An accepted edit raised the total by `raiseCents` (decision 0053): what an earlier edit granted back and was not
 * sent is owed no more, up to the raise — the grants lowered or withdrawn, so the contact is neither refunded nor
 * asked for the same money. Answers the grants changed.
 */
export async function withdrawEditGrants(tx: Queryable, orderId: string, raiseCents: number) {
  return raiseCents > 0 ? reduceEditGrants(tx, orderId, raiseCents) : [];
}
