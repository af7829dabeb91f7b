/**
 * Gateway notifications (`POST /api/webhooks/payments/:gateway/:shopId`) and the client's status check: both
 * settle the payment through the same one-way transition, so a webhook racing the client's own confirmation,
 * a duplicate or an out-of-order notification never yields a second paid transition or a step backwards.
 */
import type { CardPaymentResult } from '@vitrine/contracts/payment';
import { FailureType, PaymentStatus } from '@vitrine/contracts/enums';
import {
  GatewayError,
  type ChargeResult,
  type PaymentGateway,
  type WebhookRequest,
} from '../../adapters/payments/gateway.ts';
import { GATEWAY_OF_ACCOUNT } from '../../adapters/payments/registry.ts';
import { AppError } from '../../lib/app-error.ts';
import { findPayment, findPaymentByProviderId, recordCharge, type PaymentRow } from './repository.ts';
import type { SessionContext } from '../session/service.ts';
import { getShop } from '../shop/service.ts';
import { gatewayUnavailable } from './charge.ts';
import { accountOf, captchaOf, gatewayOf, type PaymentContext } from './context.ts';
import { expireOverdue, settlePayment } from './settle.ts';

/** Verifies and applies one notification; `duplicate` when its event id was seen before. */
export async function receivePaymentWebhook(
  ctx: PaymentContext,
  gatewayName: string,
  shopId: string,
  request: WebhookRequest,
): Promise<{ duplicate: boolean; moved: boolean }> {
  await getShop(ctx.db, shopId);
  const account = await accountOf(ctx, shopId);
  if (GATEWAY_OF_ACCOUNT[account.type] !== gatewayName) throw new AppError('notFound', 'routeNotFound');
  const gateway = gatewayOf(ctx, account);
  let notification;
  try {
    notification = await gateway.parseWebhook(request);
  } catch (error) {
    if (error instanceof GatewayError && error.code === 'invalidSignature') {
      throw new AppError('unauthorized', 'webhookSignatureInvalid');
    }
    if (error instanceof GatewayError)
      throw new AppError('validation', 'invalidInput', { detail: error.message });
    throw error;
  }
  let payment = await findPaymentByProviderId(ctx.db, shopId, gatewayName, notification.providerPaymentId);
  let fetched = notification.status
    ? null
    : await gateway.fetchCharge(notification.providerPaymentId).catch(gatewayUnavailable);
  // A create whose answer we never got (timeout, 423/424 after the retries): the provider echoes our payment id.
  const adopt = payment
    ? null
    : await adoptable(
        ctx,
        shopId,
        gatewayName,
        fetched ?? (await fetchOf(gateway, notification.providerPaymentId)),
      );
  if (adopt) [payment, fetched] = adopt;
  if (!payment) throw new AppError('conflict', 'webhookPaymentUnknown');
  const status = notification.status ?? fetched!.status;
  const paymentId = payment.id;
  const applied = await ctx.db.transaction(async (tx) => {
    if (adopt) await recordCharge(tx, paymentId, adopt[1], null);
    return settlePayment(
      tx,
      paymentId,
      { status, failure: fetched?.failure ?? null, source: 'webhook', providerEventId: notification.eventId },
      null,
    );
  });
  return { duplicate: applied.duplicate, moved: applied.moved };
}

/**
 * The payment of ours a notification is about when we never stored its provider id: the provider's charge names
 * our payment id as its external reference, and that payment is this shop's, at this gateway, without a provider id.
 */
async function adoptable(
  ctx: PaymentContext,
  shopId: string,
  gatewayName: string,
  charge: ChargeResult,
): Promise<[PaymentRow, ChargeResult] | null> {
  const ours = charge.externalReference ? await findPayment(ctx.db, charge.externalReference) : null;
  if (!ours || ours.shop_id !== shopId || ours.gateway !== gatewayName || ours.provider_payment_id)
    return null;
  return [ours, charge];
}

const fetchOf = (gateway: PaymentGateway, id: string) => gateway.fetchCharge(id).catch(gatewayUnavailable);

/** The card result of a payment (what `POST /api/order/payment/credit` answers). */
export function cardResultOf(payment: PaymentRow, recaptchaKey: string | null): CardPaymentResult {
  return {
    status: payment.status,
    failureType: payment.failure_type,
    recaptchaKey: payment.failure_type === FailureType.ReCAPTCHA ? recaptchaKey : null,
    paymentId: payment.id,
  };
}

/**
 * The client's check of one of its payments: a Waiting payment past its expiry expires; a Waiting charge is
 * asked of the gateway and settled. 404 for another user's payment.
 */
export async function checkPaymentStatus(
  ctx: PaymentContext,
  session: SessionContext,
  paymentId: string,
): Promise<CardPaymentResult> {
  let payment = await findPayment(ctx.db, paymentId);
  if (!payment || payment.shop_id !== session.shopId || payment.user_id !== session.userId) {
    throw new AppError('notFound', 'paymentNotFound');
  }
  await expireOverdue(ctx.db, payment.order_id);
  const account = await accountOf(ctx, session.shopId);
  const current = (await findPayment(ctx.db, paymentId))!;
  if (current.status === PaymentStatus.Waiting && current.provider_payment_id) {
    const providerId = current.provider_payment_id;
    const result = await gatewayOf(ctx, account).fetchCharge(providerId).catch(gatewayUnavailable);
    await ctx.db.transaction((tx) =>
      settlePayment(
        tx,
        paymentId,
        { status: result.status, failure: result.failure, source: 'reconcile' },
        session,
      ),
    );
  }
  payment = (await findPayment(ctx.db, paymentId))!;
  return cardResultOf(payment, captchaOf(ctx, account).siteKey);
}
