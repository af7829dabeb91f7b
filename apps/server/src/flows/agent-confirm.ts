/**
 * Agent confirm and cancel (spec §4 "Agent checkout", §7 `POST /api/order/confirm`, `GET /api/order/cancel`):
 * under the order row lock, through the transitions table, with the chatbot event queued in the same transaction.
 */
import type { AgentConfirmBody } from '@vitrine/contracts/checkout';
import { OrderStatus } from '@vitrine/contracts/enums';
import type { Order } from '@vitrine/contracts/order';
import { isValidCpf, isValidEmail, VALIDATION_MESSAGES } from '@vitrine/contracts/validators';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { couponProblem } from '../modules/checkout/service.ts';
import { confirmingCustomer, type ConfirmCustomer } from '../modules/customer/service.ts';
import { heldSlotId, holdSlot } from '../modules/logistics/service.ts';
import { enqueueOrderEvent } from '../modules/messaging/service.ts';
import {
  cancelAgentOrder,
  itemsAmountCents,
  lockAgentTarget,
  orderAmounts,
  receiveAgentOrder,
  serializeOrder,
} from '../modules/order/service.ts';
import type { SessionContext } from '../modules/session/service.ts';
import { settingsOf } from '../modules/shop/service.ts';
import { agentConfirmIssues } from './agent-confirm-rules.ts';
import { enqueueChargeJob } from './send-payment-charge.ts';
import { enqueuePaymentMessage } from './send-payment.ts';

/** Filled customer fields must still pass the §5 formats (400 with the form's message). */
function assertFormats(c: ConfirmCustomer): void {
  const invalid =
    (c.email && !isValidEmail(c.email) && 'email') ||
    (c.document && !isValidCpf(c.document) && 'cpf') ||
    null;
  if (invalid) throw new AppError('validation', 'invalidInput', {}, VALIDATION_MESSAGES[invalid]);
}

/**
 * Agent confirm: checks every §5 agent-confirm condition on the locked order (422 naming the first failure,
 * nothing changed), then saves the customer fields (customer module: confirmingCustomer), Creating → Received and queues
 * 'order.confirmed' and the contact's payment message (send-payment.ts), or for boleto / gateway Pix the job
 * that creates the charge and sends it (send-payment-charge.ts). Idempotent.
 */
export async function agentConfirmOrder(
  db: Db,
  session: SessionContext,
  body: AgentConfirmBody,
  orderId?: string,
): Promise<Order> {
  return db.transaction(async (tx) => {
    const target = await lockAgentTarget(tx, session, OrderStatus.Received, orderId);
    if ('done' in target) return target.done;
    const { change } = target;
    const settings = settingsOf(change.shop);
    const { customer, save: saveCustomer } = await confirmingCustomer(tx, session, body);
    assertFormats(customer);
    const checkout = { ...change.order.checkout };
    if (body.paymentMethod !== undefined && body.paymentMethod !== null)
      checkout.paymentMethod = body.paymentMethod;
    const manualInfo = body.manualPaymentInformation ?? checkout.manualPaymentInformation ?? null;
    checkout.manualPaymentInformation = manualInfo;
    const itemsCents = itemsAmountCents(change.items);
    if (!change.items.some((i) => !i.is_gift)) throw new AppError('unprocessable', 'orderEmpty');
    if (checkout.couponCode) {
      const { row, problem } = await couponProblem(tx, session, checkout.couponCode, itemsCents, {
        lock: true,
      });
      if (problem) throw problem;
      // The order keeps the coupon as it stands at confirm (a later console edit does not change it).
      if (row)
        checkout.coupon = {
          id: row.id,
          kind: row.kind,
          value: row.value,
          minOrderCents: row.min_order_cents,
        };
    }
    const { totalCents } = orderAmounts(checkout, itemsCents);
    const [issue] = agentConfirmIssues({
      customer,
      checkout,
      settings,
      gateway: change.order.gateway,
      itemsCents,
      totalCents,
      minOrderValueCents: change.shop.min_order_value_cents,
      manualPaymentInformation: manualInfo,
    });
    if (issue) throw new AppError('unprocessable', issue.code, issue.params ?? {});
    // The slot the order names must be the one it holds (the database refuses anything else at commit).
    if (checkout.slotId && (await heldSlotId(tx, change.order.id)) !== checkout.slotId)
      throw new AppError('conflict', 'slotUnavailable');

    await saveCustomer(settings);
    const received = await receiveAgentOrder(change, checkout);
    await enqueueOrderEvent(tx, 'order.confirmed', received, session);
    await enqueuePaymentMessage(tx, received, session);
    await enqueueChargeJob(tx, received, session, settings);
    return serializeOrder({ ...change, order: received });
  });
}

/** Agent cancel: Creating → Canceled under the lock, slot released, 'order.cancelled' queued. Idempotent. */
export async function agentCancelOrder(db: Db, session: SessionContext, orderId?: string): Promise<Order> {
  return db.transaction(async (tx) => {
    const target = await lockAgentTarget(tx, session, OrderStatus.Canceled, orderId);
    if ('done' in target) return target.done;
    const { change } = target;
    await holdSlot(tx, session.shopId, change.order.id, null);
    const canceled = await cancelAgentOrder(change);
    await enqueueOrderEvent(tx, 'order.cancelled', canceled, session);
    return serializeOrder({ ...change, order: canceled });
  });
}
