/**
 * 'Enviar link de pagamento' on a placed order (issue 38): the owner, a manager or the agent on the order sends the
 * order's payment message again to its contact over the chat (payment module, through the outbox), under the
 * order's row lock; audit-logged. The refusals say why in pt-BR and queue nothing.
 */
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, staffWorkedOn } from '../../modules/audit/service.ts';
import { lockOrder } from '../../modules/order/service.ts';
import { resendPaymentMessage } from '../../modules/payment/service.ts';
import { findLatestChannelId } from '../../modules/session/service.ts';
import type { EditStaff } from './order-edits.ts';

/** One message per order and minute: a double click sends once, a later 'Enviar' sends again. */
const windowKey = (now: number) => String(Math.floor(now / 60_000));

export async function sendPaymentLink(db: Db, staff: EditStaff, orderId: string): Promise<{ sent: true }> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, staff.shopId, orderId);
    if (!order?.confirmed_at) throw new AppError('notFound', 'boardOrderNotFound');
    if (staff.role === 'agent' && !(await staffWorkedOn(tx, staff.shopId, staff.userId, order)))
      throw new AppError('forbidden', 'paymentLinkNotAllowed');
    const channelId = await findLatestChannelId(tx, staff.shopId, order.user_id);
    await resendPaymentMessage(tx, order, channelId, windowKey(Date.now()));
    await recordAudit(
      tx,
      staff.shopId,
      { userId: staff.userId, label: staff.email },
      'order.payment_link.sent',
      orderId,
    );
    return { sent: true as const };
  });
}
