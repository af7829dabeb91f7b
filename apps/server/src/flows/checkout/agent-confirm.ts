/**
 * Agent confirm and cancel (spec §4 "Agent checkout", §7 `POST /api/order/confirm`, `GET /api/order/cancel`):
 * under the order row lock, through the transitions table, with the chatbot event queued in the same transaction.
 */
import type { AgentConfirmBody } from '@vitrine/contracts/checkout';
import { Gateway, LogisticType, OrderStatus, PaymentMethod } from '@vitrine/contracts/enums';
import type { ErrorCode } from '@vitrine/contracts/errors';
import { formatBRL } from '@vitrine/contracts/money';
import type { Order } from '@vitrine/contracts/order';
import type { ShopSettings } from '@vitrine/contracts/shop';
import {
  isValidBirthDate,
  isValidCnpj,
  isValidCpf,
  isValidEmail,
  VALIDATION_MESSAGES,
} from '@vitrine/contracts/validators';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { couponProblem } from '../../modules/checkout/service.ts';
import { confirmingCustomer, type ConfirmCustomer } from '../../modules/customer/service.ts';
import { heldSlotId, holdSlot } from '../../modules/logistics/service.ts';
import { enqueueOrderEvent } from '../../modules/messaging/service.ts';
import {
  cancelAgentOrder,
  itemsAmountCents,
  type CheckoutState,
  lockAgentTarget,
  orderAmounts,
  receiveAgentOrder,
  serializeOrder,
} from '../../modules/order/service.ts';
import { findSessionAgent, type SessionContext } from '../../modules/session/service.ts';
import { settingsOf } from '../../modules/shop/service.ts';
import { methodOffered, queueOrderPayment } from '../../modules/payment/service.ts';

export type ConfirmFacts = {
  customer: ConfirmCustomer;
  checkout: CheckoutState;
  settings: ShopSettings;
  gateway: number;
  itemsCents: number;
  totalCents: number;
  minOrderValueCents: number | null;
  manualPaymentInformation: string | null;
};

export type ConfirmIssue = { code: ErrorCode; params?: Record<string, string> };

const filled = (v: string | null | undefined) => typeof v === 'string' && v.trim() !== '';

/**
 * Spec §5 "Agent confirm allowed only when": every condition that fails, in the spec's order (empty: confirm
 * allowed); each becomes a pt-BR error naming it.
 */
export function agentConfirmIssues(f: ConfirmFacts): ConfirmIssue[] {
  const { customer: c, checkout: k, settings: s } = f;
  const issues: ConfirmIssue[] = [];
  if (!filled(c.name)) issues.push({ code: 'confirmMissingName' });
  if (!filled(c.email)) issues.push({ code: 'confirmMissingEmail' });
  if (!filled(c.document)) issues.push({ code: 'confirmMissingDocument' });
  if (s.enableBirthDate && filled(c.birthDate) && !isValidBirthDate(c.birthDate ?? '')) {
    issues.push({ code: 'confirmInvalidBirthDate' });
  }
  const method = k.paymentMethod ?? null;
  if (
    f.gateway === Gateway.Manual &&
    method !== PaymentMethod.Custom &&
    method !== PaymentMethod.OnDelivery
  ) {
    if (!filled(f.manualPaymentInformation)) issues.push({ code: 'confirmMissingPaymentOption' });
  }
  if (s.enableCnpj && c.isCorporate) {
    const cnpjOk = filled(c.corporateDocument) && isValidCnpj(c.corporateDocument ?? '');
    if (!cnpjOk || !filled(c.corporateName) || !filled(c.tradeName))
      issues.push({ code: 'confirmMissingCorporate' });
  }
  if (!s.externalLogistic) {
    if (!k.logistic) issues.push({ code: 'confirmMissingLogistic' });
    else if (s.enableManualPrices && k.logistic.type === LogisticType.ExpressDelivery && !k.addressId)
      issues.push({ code: 'confirmMissingAddress' });
  }
  if (method === null && !s.disableChargeOrders) issues.push({ code: 'confirmMissingPaymentMethod' });
  if (f.minOrderValueCents !== null && f.itemsCents < f.minOrderValueCents) {
    issues.push({ code: 'orderMinValue', params: { amount: formatBRL(f.minOrderValueCents) } });
  }
  if (s.steps.includes('Seller') && !k.sellerId) issues.push({ code: 'confirmMissingSeller' });
  if (s.steps.includes('Schedule') && !k.slotId) issues.push({ code: 'confirmMissingSchedule' });
  if (method === PaymentMethod.OnDelivery) {
    if (!k.paymentOption) issues.push({ code: 'confirmMissingDeliveryOption' });
    else if (k.paymentOption.group === 'Dinheiro' && (k.paymentOption.cashAmountCents ?? -1) < f.totalCents) {
      issues.push({ code: 'confirmCashAmount' });
    }
  }
  return issues;
}

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
 * 'order.confirmed' and how the contact pays (the payment module's queueOrderPayment: the payment message, or for
 * boleto / gateway Pix the job that creates the charge and sends it). Idempotent.
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
    const method = checkout.paymentMethod ?? null;
    if (method !== null && !methodOffered(serializeOrder(change), change.shop.settings, method))
      throw new AppError('unprocessable', 'paymentMethodUnavailable');
    // The slot the order names must be the one it holds (the database refuses anything else at commit).
    if (checkout.slotId && (await heldSlotId(tx, change.order.id)) !== checkout.slotId)
      throw new AppError('conflict', 'slotUnavailable');

    await saveCustomer(settings);
    checkout.agent = await findSessionAgent(tx, session.id);
    const received = await receiveAgentOrder(change, checkout);
    await enqueueOrderEvent(tx, 'order.confirmed', received, session);
    await queueOrderPayment(tx, received, session, settings);
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
