/**
 * Refunds and returns of a placed order (issue 34, decision 0050): 'Reembolsar' (grant), 'Enviar' / 'Tentar
 * novamente' (send through the payment's rail, or recorded by hand with its reference) and 'Recebido no estoque'
 * (the return). Owners and managers only (the routes ask for 'manager'); each change is audited with who, in the
 * transaction that makes it (a send's audit follows the provider's answer).
 */
import type {
  GrantRefundBody,
  OrderRefunds,
  ReceiveReturnBody,
  RefundView,
  SendRefundBody,
} from '@vitrine/contracts/order-refunds';
import { formatBRL } from '@vitrine/contracts/money';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../modules/audit/service.ts';
import {
  grantRefund,
  orderRefundsView,
  receiveReturn,
  requiredIdempotencyKey,
  sendRefund,
  type PaymentContext,
} from '../../modules/payment/service.ts';

export type RefundStaff = { userId: string; email: string; name: string; shopId: string };

const actorOf = (staff: RefundStaff) => ({ userId: staff.userId, label: staff.email });
const refunderOf = (staff: RefundStaff) => ({ id: staff.userId, name: staff.name || staff.email });

/** The order's refunds, lines and money; 404 when the order is not the shop's. */
export async function listRefunds(db: Queryable, shopId: string, orderId: string): Promise<OrderRefunds> {
  const view = await orderRefundsView(db, shopId, orderId);
  if (!view) throw new AppError('notFound', 'boardOrderNotFound');
  return view;
}

async function viewOfRefund(db: Queryable, shopId: string, orderId: string, refundId: string) {
  const view = await listRefunds(db, shopId, orderId);
  return view.refunds.find((r) => r.id === refundId)!;
}

/** 'Reembolsar': grants a refund (Idempotency-Key: a double click grants one). */
export async function grant(
  db: Db,
  staff: RefundStaff,
  orderId: string,
  body: GrantRefundBody,
  idempotencyKey: string | string[] | undefined,
): Promise<{ refund: RefundView; duplicate: boolean }> {
  const token = requiredIdempotencyKey(idempotencyKey);
  const { refund, duplicate } = await db.transaction(async (tx) => {
    const granted = await grantRefund(tx, staff.shopId, orderId, body, refunderOf(staff), token);
    if (!granted.duplicate)
      await recordAudit(tx, staff.shopId, actorOf(staff), 'order.refund.granted', orderId, {
        refundId: granted.refund.id,
        amountCents: granted.refund.amount_cents,
        reason: granted.refund.reason,
        restock: granted.refund.restock,
        lines: body.lines,
      });
    return granted;
  });
  return { refund: await viewOfRefund(db, staff.shopId, orderId, refund.id), duplicate };
}

/** 'Enviar' / 'Tentar novamente': sends the refund once, however many ask; a failure stays with its reason. */
export async function send(
  ctx: PaymentContext,
  staff: RefundStaff,
  orderId: string,
  refundId: string,
  body: SendRefundBody,
): Promise<{ refund: RefundView; sent: boolean }> {
  const { refund, sent } = await sendRefund(ctx, staff.shopId, orderId, refundId, body, refunderOf(staff));
  await recordAudit(
    ctx.db,
    staff.shopId,
    actorOf(staff),
    sent ? 'order.refund.sent' : 'order.refund.failed',
    orderId,
    { refundId, amountCents: refund.amount_cents, failure: refund.failure, reference: refund.reference },
  );
  return { refund: await viewOfRefund(ctx.db, staff.shopId, orderId, refundId), sent };
}

/** 'Recebido no estoque': what came back, sellable items back to stock. */
export async function receive(
  db: Db,
  staff: RefundStaff,
  orderId: string,
  refundId: string,
  body: ReceiveReturnBody,
): Promise<{ refund: RefundView; restocked: number }> {
  const { restocked } = await db.transaction(async (tx) => {
    const received = await receiveReturn(tx, staff.shopId, orderId, refundId, body, refunderOf(staff));
    await recordAudit(tx, staff.shopId, actorOf(staff), 'order.refund.returned', orderId, {
      refundId,
      lines: body.lines,
    });
    return received;
  });
  return { refund: await viewOfRefund(db, staff.shopId, orderId, refundId), restocked };
}

/** The order history's line of a refund action. */
export function refundHistoryText(action: string, detail: Record<string, unknown>): string | null {
  const amount = typeof detail.amountCents === 'number' ? formatBRL(detail.amountCents) : '';
  if (action === 'order.refund.granted') return `Reembolso concedido: ${amount} (${String(detail.reason)})`;
  if (action === 'order.refund.withdrawn')
    return Number(detail.toCents) > 0
      ? `Reembolso reduzido pela alteração aceita: ${formatBRL(Number(detail.fromCents))} → ${formatBRL(Number(detail.toCents))}`
      : `Reembolso cancelado pela alteração aceita: ${formatBRL(Number(detail.fromCents))}`;
  if (action === 'order.refund.sent') return `Reembolso enviado: ${amount}`;
  if (action === 'order.refund.failed') return `Reembolso falhou: ${amount} — ${String(detail.failure)}`;
  if (action === 'order.refund.returned') return 'Devolução recebida no estoque';
  return null;
}
