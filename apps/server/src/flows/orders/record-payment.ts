/**
 * 'Registrar pagamento' and 'Desfazer' on a placed order (issue 32, decision 0046): owner and manager may, an
 * atendente when the shop allows it (Pagamentos › Formas de pagamento, `agentsRecordPayments`). Each runs in one transaction
 * under the order's lock — the ledger row, what paying in full does to the order, and the audit entry with who.
 */
import { paymentMethodsOf } from '@vitrine/contracts/console-payment-methods';
import type { StaffRole } from '@vitrine/contracts/console-roles';
import { PAYMENT_METHOD_LABELS } from '@vitrine/contracts/console-orders';
import { formatBRL } from '@vitrine/contracts/money';
import type { RecordPaymentBody } from '@vitrine/contracts/order-payments';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../modules/audit/service.ts';
import {
  recordManualPayment,
  requiredIdempotencyKey,
  undoManualPayment,
} from '../../modules/payment/service.ts';
import { getShop } from '../../modules/shop/service.ts';

export type PaymentStaff = { userId: string; email: string; name: string; role: StaffRole; shopId: string };

/** Whether `role` may record and undo payments in a shop with these settings. */
export const mayRecordPayments = (role: StaffRole, settings: object) =>
  role !== 'agent' || paymentMethodsOf(settings).agentsRecordPayments;

async function allowedShop(db: Db, staff: PaymentStaff) {
  const shop = await getShop(db, staff.shopId);
  if (!mayRecordPayments(staff.role, shop.settings))
    throw new AppError('forbidden', 'paymentRecordNotAllowed');
  return shop;
}

const actorOf = (staff: PaymentStaff) => ({ userId: staff.userId, label: staff.email });
const recorderOf = (staff: PaymentStaff) => ({ id: staff.userId, name: staff.name || staff.email });

/** Records a payment by hand; a repeat of the same client token answers the first one. */
export async function recordPayment(
  db: Db,
  staff: PaymentStaff,
  orderId: string,
  body: RecordPaymentBody,
  idempotencyKey: string | string[] | undefined,
) {
  await allowedShop(db, staff);
  const clientToken = requiredIdempotencyKey(idempotencyKey);
  return db.transaction(async (tx) => {
    const result = await recordManualPayment(tx, staff.shopId, orderId, body, recorderOf(staff), clientToken);
    if (!result.duplicate)
      await recordAudit(tx, staff.shopId, actorOf(staff), 'order.payment.recorded', orderId, {
        entryId: result.entry.id,
        amountCents: body.amountCents,
        method: body.method,
        means: body.means,
        reference: body.reference,
      });
    return { entryId: result.entry.id, duplicate: result.duplicate, fullyPaid: result.fullyPaid };
  });
}

/** Takes a hand-recorded payment back (the shop's same day). */
export async function undoPayment(db: Db, staff: PaymentStaff, orderId: string, entryId: string) {
  const shop = await allowedShop(db, staff);
  return db.transaction(async (tx) => {
    const { entry } = await undoManualPayment(tx, shop, orderId, entryId, recorderOf(staff));
    await recordAudit(tx, staff.shopId, actorOf(staff), 'order.payment.undone', orderId, {
      entryId,
      amountCents: entry.amount_cents,
      method: entry.method,
    });
    return { done: true as const };
  });
}

/** The order history's line of a payment recorded or undone by hand. */
export function paymentHistoryText(action: string, detail: Record<string, unknown>): string | null {
  const amount = typeof detail.amountCents === 'number' ? formatBRL(detail.amountCents) : '';
  const method = typeof detail.method === 'number' ? ` (${PAYMENT_METHOD_LABELS[detail.method]})` : '';
  if (action === 'order.payment.recorded') return `Pagamento registrado: ${amount}${method}`;
  if (action === 'order.payment.undone') return `Pagamento desfeito: ${amount}${method}`;
  return null;
}
