/**
 * 'Enviar' and 'Tentar novamente' of a granted refund (issue 34, decision 0050). The refund is claimed for this
 * send by one conditional update (granted | failed | sending with its lease run out → sending), so two instances
 * asked at once send it once; the provider is asked outside any transaction; then, under the order's lock, the
 * refund becomes sent and its money a `refunded` ledger row naming it (unique: one row per refund), with the
 * chatbot's `order.refunded` and the contact's message. A provider's refusal or silence leaves it failed with the
 * pt-BR reason, to be retried. Cash, a Pix outside any API — or any refund staff settled by hand — is recorded
 * with its reference.
 */
import type { SendRefundBody } from '@vitrine/contracts/order-refunds';
import { AppError } from '../../lib/app-error.ts';
import { lockOrder } from '../order/service.ts';
import type { PaymentContext } from './context.ts';
import { findLedgerRow, insertLedgerRow } from './ledger.ts';
import type { RefundActor } from './refund-grant.ts';
import { notifyRefundSent } from './refund-notify.ts';
import { sendThroughRail } from './refund-rail.ts';
import { claimRefund, failRefund, findRefund, finishRefund, type RefundRow } from './refund-repository.ts';

/** How long one send holds the refund before another may try again (the provider call's bound and then some). */
export const REFUND_LEASE_MS = 2 * 60_000;

export type SentRefund = { refund: RefundRow; sent: boolean };

export async function sendRefund(
  ctx: PaymentContext,
  shopId: string,
  orderId: string,
  refundId: string,
  body: SendRefundBody,
  actor: RefundActor,
  leaseMs = REFUND_LEASE_MS,
): Promise<SentRefund> {
  const found = await findRefund(ctx.db, shopId, refundId);
  if (!found || found.order_id !== orderId) throw new AppError('notFound', 'refundNotFound');
  if (found.status === 'sent') throw new AppError('conflict', 'refundAlreadySent');
  const byHand = body.manual || found.rail === 'manual';
  if (byHand && !body.reference) throw new AppError('validation', 'refundReferenceRequired');
  const refund = await claimRefund(ctx.db, shopId, refundId, leaseMs);
  if (!refund) {
    const now = await findRefund(ctx.db, shopId, refundId);
    throw new AppError('conflict', now?.status === 'sent' ? 'refundAlreadySent' : 'refundSending');
  }
  const outcome = byHand ? { ok: true as const, providerRefundId: null } : await sendThroughRail(ctx, refund);
  if (!outcome.ok) {
    await failRefund(ctx.db, refund, outcome.failure, outcome.refused);
    return { refund: (await findRefund(ctx.db, shopId, refundId))!, sent: false };
  }
  await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, shopId, orderId);
    const entry = await findLedgerRow(tx, shopId, refund.entry_id);
    if (!order || !entry) throw new AppError('notFound', 'refundNotFound');
    const done = {
      providerRefundId: outcome.providerRefundId,
      reference: body.reference,
      sentBy: actor.name,
    };
    if (!(await finishRefund(tx, refund, done))) return;
    await insertLedgerRow(tx, {
      shop_id: shopId,
      order_id: orderId,
      kind: 'refunded',
      amount_cents: -refund.amount_cents,
      source: entry.source,
      method: entry.method,
      order_refund_id: refund.id,
      refund_id: refund.id.replace(/^rfd_/, 'rfd'),
      received_at: new Date(),
      reference: body.reference ?? outcome.providerRefundId?.slice(0, 100) ?? null,
      actor_id: actor.id,
      actor_name: actor.name,
    });
    await notifyRefundSent(tx, order, refund, byHand);
  });
  const after = (await findRefund(ctx.db, shopId, refundId))!;
  return { refund: after, sent: after.status === 'sent' };
}
