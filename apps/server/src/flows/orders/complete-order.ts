/**
 * 'Completar pedido' (issue 38, decision 0055 addendum): an order confirmed from the customer link without a
 * payment method gets one from the owner, a manager or the agent on the order — one of the methods the order
 * offers as the shop's settings stand now — under the order's row lock, against the version they saw, audited. The
 * delivery, address and slot go through 'Editar pedido' (decision 0053), which prices them with the checkout's own
 * code and asks the contact when the total rises.
 */
import { OrderStatus, PaymentMethod } from '@vitrine/contracts/enums';
import type { CompletePaymentBody, OrderCompletion } from '@vitrine/contracts/order-edits';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, staffWorkedOn } from '../../modules/audit/service.ts';
import {
  findShopOrder,
  lockOrder,
  setPlacedPaymentMethod,
  type OrderRow,
} from '../../modules/order/service.ts';
import { completionPaymentOptions } from '../../modules/payment/service.ts';
import type { EditStaff } from './order-edits.ts';

async function checkedOrder(tx: Queryable, staff: EditStaff, order: OrderRow | null | undefined) {
  if (!order?.confirmed_at) throw new AppError('notFound', 'boardOrderNotFound');
  if (staff.role === 'agent' && !(await staffWorkedOn(tx, staff.shopId, staff.userId, order)))
    throw new AppError('forbidden', 'orderCompleteNotAllowed');
  return order;
}

/** What 'Completar pedido' may set on the order now: the payment methods, when it has none and is Received. */
export async function orderCompletion(db: Db, staff: EditStaff, orderId: string): Promise<OrderCompletion> {
  const order = await checkedOrder(db, staff, await findShopOrder(db, staff.shopId, orderId));
  if (order.status !== OrderStatus.Received || (order.checkout.paymentMethod ?? null) !== null)
    return { version: order.version, paymentOptions: [] };
  const options = await completionPaymentOptions(db, order);
  return { version: order.version, paymentOptions: options.map((o) => ({ id: o.id, name: o.name })) };
}

/** Sets the payment method of a Received order that has none; answers the order's new version. */
export async function completePaymentMethod(
  db: Db,
  staff: EditStaff,
  orderId: string,
  body: CompletePaymentBody,
): Promise<{ version: number; paymentMethod: string }> {
  return db.transaction(async (tx) => {
    const order = await checkedOrder(tx, staff, await lockOrder(tx, staff.shopId, orderId));
    if (order.status !== OrderStatus.Received) throw new AppError('conflict', 'orderCompleteStatus');
    if (order.version !== body.version)
      throw new AppError('conflict', 'orderEditStaleVersion', { version: order.version });
    if ((order.checkout.paymentMethod ?? null) !== null)
      throw new AppError('conflict', 'orderCompleteHasMethod');
    const option = (await completionPaymentOptions(tx, order)).find((o) => o.id === body.optionId);
    if (!option) throw new AppError('unprocessable', 'orderCompleteMethodUnavailable');
    const onDelivery = option.method === PaymentMethod.OnDelivery;
    const saved = await setPlacedPaymentMethod(
      tx,
      orderId,
      option.method,
      onDelivery
        ? { providerId: option.providerId ?? option.id, group: option.group, cashAmountCents: null }
        : null,
    );
    await recordAudit(
      tx,
      staff.shopId,
      { userId: staff.userId, label: staff.email },
      'order.completed',
      orderId,
      {
        changes: [{ label: 'Forma de pagamento', before: '—', after: option.name }],
      },
    );
    return { version: saved.version, paymentMethod: option.name };
  });
}
