/**
 * One card attempt (`POST /api/order/payment/credit`, `POST /api/order/payment/mercadoPago`), exactly once per
 * Idempotency-Key: claim the key (committed) → open a Waiting payment on the locked order (one per order) →
 * verify a captcha token when sent → charge through the shop's gateway with the payment id as the provider's
 * idempotency key → record the answer and settle (order Finalized once when paid) → store the answer for
 * replays. The card number and security code only pass through memory to the gateway; never stored or logged.
 */
import { FailureType, OrderStatus, PaymentMethod, PaymentStatus } from '@vitrine/contracts/enums';
import type { CardInput, ChargeResult, Payer } from '../../adapters/payments/gateway.ts';
import { GatewayError } from '../../adapters/payments/gateway.ts';
import type { AccountType } from '../../adapters/payments/registry.ts';
import { GATEWAY_OF_ACCOUNT } from '../../adapters/payments/registry.ts';
import { AppError } from '../../lib/app-error.ts';
import { lockOrder } from '../order/service.ts';
import type { PaymentAccountRow } from './account.ts';
import { planFor } from './installments.ts';
import { orderDueCents } from './ledger.ts';
import {
  attachPayment,
  claimKey,
  completeKey,
  dropKey,
  releaseForRetry,
  requestHash,
  type KeyRow,
  type KeyScope,
} from './idempotency.ts';
import { findPayment, insertPayment, recordCharge, type PaymentRow } from './repository.ts';
import type { SessionContext } from '../session/service.ts';
import { accountOf, captchaOf, gatewayOf, orderToPay, type PaymentContext } from './context.ts';
import { expireOverdue, lockPaymentOrder, settlePayment } from './settle.ts';

/** A card charge left Waiting (gateway outage, review) expires after this. */
const CARD_EXPIRY_MS = 15 * 60_000;

export type CardAttempt<T> = {
  scope: KeyScope;
  key: string;
  /** The request body, identified by an HMAC only. */
  body: unknown;
  /** Only this account type may take the attempt (the Brick needs Mercado Pago). */
  accountType?: AccountType;
  providerId: string;
  installments: number;
  /** Amount the client expects to pay (Brick's transaction_amount), centavos. */
  expectedCents?: number;
  card: CardInput;
  payer: Payer;
  captchaToken: string | null;
  remoteIp: string | null;
  answer: (payment: PaymentRow, recaptchaKey: string | null) => T | Promise<T>;
};

/** Runs `attempt` once per key; a repeat of the key answers the first answer. */
export async function runCardAttempt<T>(
  ctx: PaymentContext,
  session: SessionContext,
  attempt: CardAttempt<T>,
): Promise<T> {
  const hashKey = ctx.config.messaging.credentialsKey ?? ctx.config.platformApiKey;
  const claim = await claimKey(ctx.db, {
    shopId: session.shopId,
    userId: session.userId,
    scope: attempt.scope,
    key: attempt.key,
    hash: requestHash(hashKey, [attempt.scope, attempt.body]),
  });
  if (claim.kind === 'replay') return claim.body as T;
  const keyRow = claim.row;
  let account: PaymentAccountRow;
  let payment: PaymentRow;
  try {
    account = await accountOf(ctx, session.shopId);
    if (attempt.accountType && account.type !== attempt.accountType) {
      throw new AppError('unprocessable', 'paymentGatewayNotConfigured');
    }
    payment = await openPayment(ctx, session, attempt, account, keyRow);
  } catch (error) {
    await dropKey(ctx.db, keyRow.id);
    throw error;
  }
  const recaptchaKey = () => captchaOf(ctx, account).siteKey;
  const finish = async (row: PaymentRow) => {
    const answer = await attempt.answer(
      row,
      row.failure_type === FailureType.ReCAPTCHA ? recaptchaKey() : null,
    );
    await completeKey(ctx.db, keyRow.id, 200, answer);
    return answer;
  };
  if (payment.status !== PaymentStatus.Waiting) return finish(payment);

  let captchaVerified = false;
  if (attempt.captchaToken) {
    const verdict = await captchaOf(ctx, account).verify(attempt.captchaToken, attempt.remoteIp);
    if (!verdict.ok) {
      const failed = await ctx.db.transaction((tx) =>
        settlePayment(tx, payment.id, { status: 'failed', failure: 'recaptcha', source: 'client' }, session),
      );
      return finish(failed.payment);
    }
    captchaVerified = true;
  }

  let result: ChargeResult | null;
  try {
    result = await gatewayOf(ctx, account).chargeCard({
      paymentId: payment.id,
      orderId: payment.order_id,
      amountCents: payment.amount_cents,
      description: `Pedido ${payment.order_id}`,
      payer: attempt.payer,
      idempotencyKey: payment.id,
      card: attempt.card,
      installments: payment.installments,
      captchaVerified,
    });
  } catch (error) {
    if (!(error instanceof GatewayError) || error.retryable) {
      await releaseForRetry(ctx.db, keyRow.id);
      if (error instanceof GatewayError) throw new AppError('unavailable', 'paymentGatewayUnavailable');
      throw error;
    }
    result = null; // refused outright: a failed attempt
  }
  const cardToken = attempt.card.kind === 'token' ? attempt.card.token : null;
  const settled = await ctx.db.transaction(async (tx) => {
    await lockPaymentOrder(tx, payment.id);
    if (result) await recordCharge(tx, payment.id, result, cardToken);
    const update = result
      ? { status: result.status, failure: result.failure, source: 'charge' as const }
      : { status: 'failed' as const, failure: 'unknown' as const, source: 'charge' as const };
    return settlePayment(tx, payment.id, update, session);
  });
  return finish((await findPayment(ctx.db, settled.payment.id)) ?? settled.payment);
}

/** The key's payment (a retry of the key), or a new Waiting payment on the order being paid. */
async function openPayment<T>(
  ctx: PaymentContext,
  session: SessionContext,
  attempt: CardAttempt<T>,
  account: PaymentAccountRow,
  keyRow: KeyRow,
): Promise<PaymentRow> {
  if (keyRow.payment_id) {
    const existing = await findPayment(ctx.db, keyRow.payment_id);
    if (existing) return existing;
  }
  const target = await orderToPay(ctx, session);
  await expireOverdue(ctx.db, target.id);
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, session.shopId, target.id);
    const due = order ? await orderDueCents(tx, order) : 0;
    if (
      !order ||
      due <= 0 ||
      (order.status !== OrderStatus.Received && order.status !== OrderStatus.Finalized)
    )
      throw new AppError('notFound', 'paymentMethodNotFound');
    // The Brick charges what is left to pay (Mercado Pago adds its own installment interest); our card page
    // charges the plan of the shop's rules on it.
    const brick = attempt.expectedCents !== undefined;
    const plan = brick ? null : planFor(due, account.rules, attempt.providerId, attempt.installments);
    const amountCents = plan?.totalCents ?? due;
    if (brick && attempt.expectedCents !== amountCents) {
      throw new AppError('unprocessable', 'paymentAmountMismatch');
    }
    const payment = await insertPayment(tx, {
      shop_id: session.shopId,
      order_id: order.id,
      user_id: session.userId,
      gateway: GATEWAY_OF_ACCOUNT[account.type],
      method: PaymentMethod.CreditCard,
      amount_cents: amountCents,
      installments: plan?.count ?? attempt.installments,
      expires_at: new Date(Date.now() + CARD_EXPIRY_MS),
    });
    await attachPayment(tx, keyRow.id, payment.id);
    return payment;
  });
}
