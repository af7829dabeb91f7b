/**
 * The payment message after confirmation (issue #6, spec §4 "Agent checkout"): the instructions of the order's
 * method, queued in the caller's transaction to the session's contact on the session's channel, once per order
 * (dedupe `payment:{orderId}`; `payment:{orderId}:{paymentId}` when a gateway charge is passed). Boleto and
 * gateway Pix (settings.payment.usingExternalGateway) queue nothing without a charge: agent confirmation queues
 * the charge job instead (queueOrderPayment; charge-job.ts runs it and sends the charge it creates — a 'link'
 * account's charge is its payment link). A WhatsApp contact of a shop with WhatsApp's order messages on gets them
 * as one `order_details` message (modules/messaging/compose-order.ts, docs/decisions/0030).
 */
import { PaymentMethod } from '@vitrine/contracts/enums';
import { lineWeightKg } from '@vitrine/contracts/format';
import type { MessagePart } from '@vitrine/contracts/messaging';
import { reaisToCents } from '@vitrine/contracts/money';
import type { Charge } from '@vitrine/contracts/payment';
import type { ShopSettings } from '@vitrine/contracts/shop';
import type { Queryable } from '../../db/client.ts';
import {
  orderDetailsPart,
  orderMessagesEnabled,
  paymentMessage,
  type PaymentInstructions,
} from '../messaging/service.ts';
import { findOrderItems, type OrderRow } from '../order/service.ts';
import {
  contactTarget,
  enqueueForContact,
  enqueueJob,
  findOrderDetailsTarget,
  type Enqueued,
  type Target,
} from '../outbox/service.ts';
import type { SessionContext } from '../session/service.ts';
import { getShop, settingsOf, type ShopRow } from '../shop/service.ts';
import { orderDueCents } from './ledger.ts';
import { ON_DELIVERY_OPTIONS } from './methods.ts';
import { findShopPix, orderTxid, shopPixCode } from './pix.ts';
import { usesBankPix } from './pix-bank-account.ts';
import type { PaymentRow } from './repository.ts';

/** The card payment page; the worker appends `#<new contact session code>` when it delivers the message. */
export const CARD_PAYMENT_PATH = '/order/payment';

async function pixInstructions(
  tx: Queryable,
  shop: ShopRow,
  order: OrderRow,
  info: string | null,
): Promise<PaymentInstructions | null> {
  if (settingsOf(shop).payment.usingExternalGateway || (await usesBankPix(tx, shop.id))) return null;
  const pix = await shopPixCode(tx, shop.id, await orderDueCents(tx, order), orderTxid(order.id));
  if (pix) return { kind: 'pix', code: pix.code, expiresAt: null };
  return info ? { kind: 'pixKey', key: info } : null;
}

export async function instructionsFor(
  tx: Queryable,
  shop: ShopRow,
  order: OrderRow,
  charge: Charge | undefined,
): Promise<PaymentInstructions | null> {
  if (charge?.pixCopyPaste) return { kind: 'pix', code: charge.pixCopyPaste, expiresAt: charge.expiresAt };
  if (charge?.boletoLine)
    return { kind: 'boleto', line: charge.boletoLine, url: charge.boletoUrl, expiresAt: charge.expiresAt };
  if (charge?.paymentLink) return { kind: 'link', url: charge.paymentLink };
  const { paymentMethod, paymentOption, manualPaymentInformation } = order.checkout;
  const info = manualPaymentInformation?.trim() || null;
  switch (paymentMethod) {
    case PaymentMethod.OnDelivery: {
      const mean = ON_DELIVERY_OPTIONS.find((o) => o.providerId === paymentOption?.providerId);
      if (!mean) return null;
      return {
        kind: 'onDelivery',
        meanName: mean.name,
        cashAmountCents: paymentOption?.cashAmountCents ?? null,
      };
    }
    case PaymentMethod.Pix:
      return pixInstructions(tx, shop, order, info);
    case PaymentMethod.CreditCard:
      return { kind: 'card', path: CARD_PAYMENT_PATH };
    case PaymentMethod.Link:
      return info && /^https?:\/\//.test(info) ? { kind: 'link', url: info } : { kind: 'manual', text: info };
    case PaymentMethod.Custom:
      return { kind: 'manual', text: info };
    default:
      return null;
  }
}

/**
 * WhatsApp's `order_details` form of the payment message (docs/decisions/0030): for a WhatsApp contact of a shop
 * with the option on, the first time the order's instructions go out, when the order's lines and totals tell the
 * amount asked and the method is a Pix code, a boleto or a link. Null otherwise (the text message goes).
 */
async function orderDetailsMessage(
  tx: Queryable,
  shop: ShopRow,
  order: OrderRow,
  how: PaymentInstructions,
  target: Target,
  amountCents: number,
): Promise<MessagePart | null> {
  if (target.channel !== 'whatsapp' || amountCents !== order.total_cents) return null;
  if (!(await orderMessagesEnabled(tx, shop.id))) return null;
  if (await findOrderDetailsTarget(tx, shop.id, order.id)) return null; // one reference_id, one order_details
  const lines = (await findOrderItems(tx, order.id)).map((line) => ({
    productId: line.product_provider_id || line.product_id,
    name: line.name,
    quantity: line.quantity,
    totalCents: line.total_cents,
    weightKg: lineWeightKg({ ...line, soldInKilo: line.sold_in_kilo, amountInKilo: line.amount_in_kilo }),
  }));
  return orderDetailsPart({
    shopName: shop.name,
    orderId: order.id,
    lines,
    totals: { discountCents: order.discount_cents, totalCents: order.total_cents },
    how,
    shopPix: await findShopPix(tx, shop.id),
  });
}

/**
 * Queues the payment message of `order` (a row of the session's contact, read in `tx`) for the session's
 * contact — WhatsApp's order_details where the shop has it on, else the text (+ QR) message; null when there
 * is nothing to send (no contact, no method, boleto/gateway Pix without a charge).
 */
export async function enqueuePaymentMessage(
  tx: Queryable,
  order: OrderRow,
  session: SessionContext,
  charge?: Charge,
  dedupeKey?: string,
): Promise<Enqueued | null> {
  if (!session.contactId || !session.channelId) return null;
  if (order.shop_id !== session.shopId || order.contact_id !== session.contactId)
    throw new Error("payment message for another contact's order");
  const shop = await getShop(tx, session.shopId);
  const how = await instructionsFor(tx, shop, order, charge);
  if (!how) return null;
  const target = contactTarget(session);
  const amount = charge ? reaisToCents(charge.amount) : await orderDueCents(tx, order);
  const details = await orderDetailsMessage(tx, shop, order, how, target, amount);
  // Part of the order already paid (an edit raised its total): the message asks for what is left.
  const title =
    amount < order.total_cents && order.number
      ? `*Pedido nº ${order.number}: falta pagar — ${shop.name}*`
      : undefined;
  const { parts, sessionLinkPart } = details
    ? { parts: [details], sessionLinkPart: undefined }
    : paymentMessage(shop.name, amount, how, target.limit, shop.time_zone, title);
  return enqueueForContact(tx, session, target, {
    type: 'payment',
    orderId: order.id,
    parts,
    contentKey: parts.map((part) => part.text),
    idempotencyKey: null,
    dedupeKey: dedupeKey ?? (charge ? `payment:${order.id}:${charge.paymentId}` : `payment:${order.id}`),
    ...(sessionLinkPart === undefined ? {} : { sessionLinkPart }),
  });
}

export const CHARGE_JOB = 'payment.charge';

/** The charge job's payload (charge-job.ts runs it). */
export type ChargeJob = { shopId: string; orderId: string; channelId: string };

/** Methods whose instructions only a charge gives (Pix when the shop uses its gateway or its bank's API Pix). */
export async function needsGatewayCharge(
  tx: Queryable,
  order: OrderRow,
  settings: ShopSettings,
): Promise<boolean> {
  const method = order.checkout.paymentMethod;
  if (method === PaymentMethod.Boleto) return true;
  return (
    method === PaymentMethod.Pix &&
    (settings.payment.usingExternalGateway || (await usesBankPix(tx, order.shop_id)))
  );
}

/**
 * In the confirmation's transaction, how the session's contact gets paid for `order`: its payment message, or for
 * boleto and gateway Pix the job that creates the charge and then sends it (charge-job.ts, run after commit —
 * never inside the confirmation's transaction; docs/decisions/0010-payments.md, addenda). Nothing without a
 * contact conversation.
 */
export async function queueOrderPayment(
  tx: Queryable,
  order: OrderRow,
  session: SessionContext,
  settings: ShopSettings,
): Promise<void> {
  await enqueuePaymentMessage(tx, order, session);
  if (!session.contactId || !session.channelId || !(await needsGatewayCharge(tx, order, settings))) return;
  const job: ChargeJob = { shopId: order.shop_id, orderId: order.id, channelId: session.channelId };
  await enqueueJob(tx, order.shop_id, CHARGE_JOB, job, `${CHARGE_JOB}:${order.id}`, order.id);
}

/**
 * The instructions a Waiting Pix or boleto charge's message gave (the same code or line, the same expiry), for a
 * reminder of it (issue 36); null for any other charge.
 */
export function chargeInstructions(payment: PaymentRow): PaymentInstructions | null {
  const expiresAt = payment.expires_at ? new Date(payment.expires_at).toISOString() : null;
  if (payment.method === PaymentMethod.Pix && payment.pix_copy_paste)
    return { kind: 'pix', code: payment.pix_copy_paste, expiresAt };
  if (payment.method === PaymentMethod.Boleto && payment.boleto_line)
    return { kind: 'boleto', line: payment.boleto_line, url: payment.boleto_url, expiresAt };
  return null;
}

/**
 * Queues, in `tx`, the charge job for a new code of a Received Pix or boleto order whose code expired (issue 36's
 * 'new_code' reminder): the job makes the new charge — which holds the stock again — and sends its message to the
 * contact on conversation `channelId`. Once per `key`.
 */
export async function queueNewCharge(
  tx: Queryable,
  order: OrderRow,
  channelId: string,
  key: string,
): Promise<Enqueued> {
  const job: ChargeJob = { shopId: order.shop_id, orderId: order.id, channelId };
  return enqueueJob(tx, order.shop_id, CHARGE_JOB, job, `${CHARGE_JOB}:${order.id}:${key}`, order.id);
}
