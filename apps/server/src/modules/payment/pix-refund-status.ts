/**
 * A refund (devolução) the shop's bank reports NAO_REALIZADO (issue 32, decision 0046): the `refunded` row was
 * written when the bank took the request, so the money is put back by one `refund_failed` row reversing it, with
 * the bank's reason, under the order's lock and once (the reversal's unique index). The bank's word comes from the
 * request's own answer, the webhook's `devolucoes` (the bank calls again when a refund reaches a final status) or
 * the reconciliation asking `GET /pix/{e2eid}/devolucao/{id}` of the refunds still open.
 */
import type { Db, Queryable } from '../../db/client.ts';
import type { PixBankClient, PixRefundStatus } from '../../adapters/pix-bank/client.ts';
import { lockOrder } from '../order/service.ts';
import { findRefundRow, insertLedgerRow, listOpenBankRefunds, type LedgerRow } from './ledger.ts';

export const REFUND_NOT_DONE = 'NAO_REALIZADO';
/** How long after it was asked a refund is still checked (Pix refunds settle within seconds to minutes). */
const OPEN_REFUND_MS = 24 * 3600_000;

/** Puts back the money of `refund` when the bank did not make it; true when a row was added now. */
export async function refundNotDone(
  tx: Queryable,
  shopId: string,
  refund: PixRefundStatus,
  known?: LedgerRow,
): Promise<boolean> {
  if (refund.status !== REFUND_NOT_DONE) return false;
  const row = known ?? (await findRefundRow(tx, shopId, refund.id));
  if (!row) return false;
  await lockOrder(tx, shopId, row.order_id);
  const added = await insertLedgerRow(tx, {
    shop_id: shopId,
    order_id: row.order_id,
    kind: 'refund_failed',
    amount_cents: -row.amount_cents,
    source: row.source,
    method: row.method,
    reverses_id: row.id,
    end_to_end_id: row.end_to_end_id,
    note: refund.reason ?? 'Reembolso não realizado pelo banco.',
    received_at: new Date(),
  });
  return added !== null;
}

/** The reconciliation's part: asks the bank about the shop's refunds of the last day still open. */
export async function checkOpenRefunds(db: Db, client: PixBankClient, shopId: string, now: Date) {
  let failed = 0;
  for (const row of await listOpenBankRefunds(db, shopId, new Date(now.getTime() - OPEN_REFUND_MS))) {
    if (!row.end_to_end_id || !row.refund_id) continue;
    const status = await client.refundStatus(row.end_to_end_id, row.refund_id);
    if (status && (await db.transaction((tx) => refundNotDone(tx, shopId, status, row)))) failed += 1;
  }
  return failed;
}
