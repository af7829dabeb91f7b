/**
 * Payments a person records by hand (issue 32, decision 0046): 'Registrar pagamento' adds a ledger row under the
 * order's lock (a double click with the same client token records one payment), 'Desfazer' adds the row that
 * takes it back, on the shop's day it was recorded. Paying in full has the same consequences as a gateway's or the
 * bank's payment (money-in.ts). Taking a payment back leaves the order's status as it is.
 */
import type { RecordPaymentBody } from '@vitrine/contracts/order-payments';
import { OrderStatus } from '@vitrine/contracts/enums';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { lockOrder, type OrderRow } from '../order/service.ts';
import { findByClientToken, findLedgerRow, findReversal, insertLedgerRow, type LedgerRow } from './ledger.ts';
import { addMoneyIn } from './money-in.ts';
import { entryHasRefunds } from './refund-repository.ts';
import { undoable } from './timeline.ts';

export type Recorder = { id: string; name: string };

/** Clock skew a typed date/time may be ahead of the server's. */
const FUTURE_SLACK_MS = 5 * 60_000;

/** The shop's placed order, locked; 404 when it is not the shop's or was never placed. */
export async function lockPlacedOrder(tx: Queryable, shopId: string, orderId: string): Promise<OrderRow> {
  const order = await lockOrder(tx, shopId, orderId);
  if (!order || !order.confirmed_at) throw new AppError('notFound', 'boardOrderNotFound');
  return order;
}

/** Records a payment; `duplicate` when the client token already recorded this one (nothing added). */
export async function recordManualPayment(
  tx: Queryable,
  shopId: string,
  orderId: string,
  body: RecordPaymentBody,
  recorder: Recorder,
  clientToken: string,
): Promise<{ entry: LedgerRow; duplicate: boolean; fullyPaid: boolean }> {
  const order = await lockPlacedOrder(tx, shopId, orderId);
  const earlier = await findByClientToken(tx, shopId, clientToken);
  if (earlier) {
    const same =
      earlier.order_id === orderId &&
      earlier.amount_cents === body.amountCents &&
      earlier.method === body.method;
    if (!same) throw new AppError('unprocessable', 'paymentRecordTokenReused');
    return { entry: earlier, duplicate: true, fullyPaid: false };
  }
  if (order.status === OrderStatus.Canceled) throw new AppError('conflict', 'orderAlreadyCanceled');
  const receivedAt = new Date(body.receivedAt);
  if (receivedAt.getTime() > Date.now() + FUTURE_SLACK_MS)
    throw new AppError('validation', 'paymentRecordFuture');
  const added = await addMoneyIn(
    tx,
    order,
    {
      shop_id: shopId,
      order_id: orderId,
      kind: 'received',
      amount_cents: body.amountCents,
      source: 'manual',
      method: body.method,
      means: body.means,
      end_to_end_id: /^E[a-zA-Z0-9]{31}$/.test(body.reference ?? '') ? body.reference : null,
      received_at: receivedAt,
      note: body.note || null,
      reference: body.reference || null,
      actor_id: recorder.id,
      actor_name: recorder.name,
      client_token: clientToken,
    },
    (row) => ({ id: row.id, method: row.method, installments: 1 }),
  );
  if (!added.row) throw new AppError('conflict', 'paymentRecordTokenReused');
  return { entry: added.row, duplicate: false, fullyPaid: added.fullyPaid };
}

/** Takes back a hand-recorded payment of the order (on the shop's day it was recorded, once). */
export async function undoManualPayment(
  tx: Queryable,
  shop: { id: string; time_zone: string },
  orderId: string,
  entryId: string,
  recorder: Recorder,
): Promise<{ undone: LedgerRow; entry: LedgerRow }> {
  await lockPlacedOrder(tx, shop.id, orderId);
  const entry = await findLedgerRow(tx, shop.id, entryId);
  if (!entry || entry.order_id !== orderId) throw new AppError('notFound', 'paymentEntryNotFound');
  if (entry.kind !== 'received' || entry.source !== 'manual')
    throw new AppError('unprocessable', 'paymentUndoOnlyManual');
  if (await findReversal(tx, entry.id)) throw new AppError('conflict', 'paymentAlreadyReversed');
  if (!undoable(entry, shop.time_zone)) throw new AppError('unprocessable', 'paymentUndoDayOver');
  if (await entryHasRefunds(tx, entry.id)) throw new AppError('conflict', 'refundEntryHasRefunds');
  const undone = await insertLedgerRow(tx, {
    shop_id: shop.id,
    order_id: orderId,
    kind: 'undone',
    amount_cents: -entry.amount_cents,
    source: 'manual',
    method: entry.method,
    means: entry.means,
    reverses_id: entry.id,
    received_at: new Date(),
    actor_id: recorder.id,
    actor_name: recorder.name,
  });
  if (!undone) throw new AppError('conflict', 'paymentAlreadyReversed');
  return { undone, entry };
}
