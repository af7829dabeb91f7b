/**
 * Pix and boleto charges of the order being paid (`POST /api/order/payment/charge`, and the job queued by agent
 * confirmation, charge-job.ts): the copy-and-paste code, QR image, boleto line and PDF link come from the
 * shop's gateway (the sandbox builds the shop's own BR Code), with an expiry; a 'link' account answers a payment
 * link instead (also for cards, `POST /api/order/payment/link`). One Waiting charge per order: calling again
 * answers the same charge until it is paid, expires (then a new one is made) or the shopper changes the method.
 */
import { PaymentMethod } from '@vitrine/contracts/enums';
import { centsToReais } from '@vitrine/contracts/money';
import type { Order } from '@vitrine/contracts/order';
import type { Charge } from '@vitrine/contracts/payment';
import { addDays, localDay } from '@vitrine/contracts/shop-time';
import { GatewayError, type ChargeResult, type PaymentGateway } from '../../adapters/payments/gateway.ts';
import { GATEWAY_OF_ACCOUNT } from '../../adapters/payments/registry.ts';
import { AppError } from '../../lib/app-error.ts';
import { documentUrlSigner } from '../../lib/signed-url.ts';
import type { OrderRow } from '../order/service.ts';
import {
  findPayment,
  findWaitingPayment,
  insertPayment,
  recordCharge,
  type PaymentRow,
} from './repository.ts';
import type { SessionContext } from '../session/service.ts';
import { getShop } from '../shop/service.ts';
import { accountOf, gatewayOf, orderToPay, type PaymentContext } from './context.ts';
import { getPaymentOrder } from './payment-page.ts';
import { orderDueCents } from './ledger.ts';
import { payerOf } from './payer.ts';
import { loadPixBank } from './pix-bank-account.ts';
import { bankCharge, openBankPayment } from './pix-bank-charge.ts';
import { expireOverdue, lockPaymentOrder, settlePayment } from './settle.ts';

const PIX_EXPIRY_SECONDS = 30 * 60;
const LINK_METHODS = [PaymentMethod.CreditCard, PaymentMethod.Pix, PaymentMethod.Boleto];
const BOLETO_DAYS = 3;

function chargeView(payment: PaymentRow): Charge {
  const expires = payment.expires_at ? new Date(payment.expires_at).toISOString() : null;
  return {
    paymentId: payment.id,
    method: payment.method,
    status: payment.status,
    amount: centsToReais(payment.amount_cents),
    pixCopyPaste: payment.pix_copy_paste,
    pixQrImage: payment.pix_qr_image,
    boletoLine: payment.boleto_line,
    boletoUrl: payment.boleto_url,
    paymentLink: payment.payment_link,
    expiresAt: expires,
  };
}

/** Expiry of a Waiting charge we open: Pix 30 min, boleto due date + 1 day, a card payment link 1 day. */
function expiryOf(method: number): Date {
  if (method === PaymentMethod.Pix) return new Date(Date.now() + PIX_EXPIRY_SECONDS * 1000);
  return new Date(Date.now() + (method === PaymentMethod.Boleto ? BOLETO_DAYS + 1 : 1) * 86_400_000);
}

async function charge(
  gateway: PaymentGateway,
  payment: PaymentRow,
  order: OrderRow,
  payer: Parameters<PaymentGateway['chargePix']>[0]['payer'],
  maxInstallments: number,
  timeZone: string,
): Promise<ChargeResult> {
  const request = {
    paymentId: payment.id,
    orderId: order.id,
    amountCents: payment.amount_cents,
    description: `Pedido ${order.id}`,
    payer,
    idempotencyKey: payment.id,
  };
  if (payment.method === PaymentMethod.Pix) {
    return gateway.chargePix({ ...request, expiresInSeconds: PIX_EXPIRY_SECONDS });
  }
  if (payment.method === PaymentMethod.Boleto) {
    // The due date is a day of the shop's calendar (decision 0043); the gateway's adapter says its hour.
    const due = addDays(localDay(new Date(), timeZone), BOLETO_DAYS);
    return gateway.chargeBoleto({ ...request, dueDate: due });
  }
  // Card on a payment link: the shopper types it on the provider's page, up to the shop's installments.
  return gateway.chargeCard({ ...request, card: { kind: 'hosted' }, installments: maxInstallments });
}

/**
 * The Waiting charge of `order` at the shop's gateway (Pix, boleto, or a payment link of any of them), made on
 * first call and answered again while Waiting. Our payment id is the gateway's idempotency key, so a retry after
 * a crash or an outage (the Waiting payment without a provider id is reused) never charges twice. Gateway
 * failures are thrown as GatewayError. `session` is the conversation told about a payment that is paid at once.
 */
export async function chargeOrder(
  ctx: PaymentContext,
  order: OrderRow,
  session: SessionContext,
): Promise<Charge> {
  await expireOverdue(ctx.db, order.id);
  const method = order.checkout.paymentMethod!;
  let payment = await findWaitingPayment(ctx.db, order.id);
  if (payment && payment.method !== method) throw new AppError('conflict', 'paymentInProgress');
  if (payment?.provider_payment_id) return chargeView(payment);
  const bank =
    method === PaymentMethod.Pix
      ? await loadPixBank(ctx.db, ctx.config.messaging.credentialsKey, order.shop_id)
      : null;
  if (bank?.enabled) {
    const opened = await openBankPayment(ctx, order, payment);
    return settleCharge(ctx, opened.id, await bankCharge(ctx, bank, order, opened), session);
  }
  const account = await accountOf(ctx, order.shop_id);
  const gateway = gatewayOf(ctx, account);
  const payer = await payerOf(ctx, order, gateway.name);
  payment ??= await insertPayment(ctx.db, {
    shop_id: order.shop_id,
    order_id: order.id,
    user_id: order.user_id,
    gateway: GATEWAY_OF_ACCOUNT[account.type],
    method,
    amount_cents: await orderDueCents(ctx.db, order),
    installments: 1,
    expires_at: expiryOf(method),
  });
  const { time_zone: timeZone } = await getShop(ctx.db, order.shop_id);
  const result = await charge(gateway, payment, order, payer, account.rules.maxInstallments, timeZone);
  return settleCharge(ctx, payment.id, result, session);
}

/** Records what the gateway (or the bank) answered about a charge and applies its status. */
async function settleCharge(
  ctx: PaymentContext,
  id: string,
  result: ChargeResult,
  session: SessionContext,
): Promise<Charge> {
  await ctx.db.transaction(async (tx) => {
    await lockPaymentOrder(tx, id);
    await recordCharge(tx, id, result, null);
    await settlePayment(
      tx,
      id,
      { status: result.status, failure: result.failure, source: 'charge' },
      session,
    );
  });
  return chargeView((await findPayment(ctx.db, id))!);
}

/** A gateway failure while answering a shopper or a webhook is a 503 (the caller may try again). */
export function gatewayUnavailable(error: unknown): never {
  throw error instanceof GatewayError ? new AppError('unavailable', 'paymentGatewayUnavailable') : error;
}

/** The Waiting Pix or boleto charge of the order being paid, made on first call; its PDF link signed. */
export async function pixOrBoletoCharge(ctx: PaymentContext, session: SessionContext): Promise<Charge> {
  const order = await orderToPay(ctx, session, [PaymentMethod.Pix, PaymentMethod.Boleto]);
  const charge = await chargeOrder(ctx, order, session).catch(gatewayUnavailable);
  return { ...charge, boletoUrl: charge.boletoUrl && documentUrlSigner(ctx.config)(charge.boletoUrl) };
}

/**
 * `POST /api/order/payment/link`: a 'link' account's payment page (Mercado Pago Checkout Pro) for the order being
 * paid (card, Pix or boleto), made once and kept as its Waiting payment's `payment_link`; answers the order as
 * `GET /api/order/payment` does, `payment.link` set. The webhook or the status check settles it.
 */
export async function paymentLinkOrder(ctx: PaymentContext, session: SessionContext): Promise<Order> {
  const order = await orderToPay(ctx, session, LINK_METHODS);
  if ((await accountOf(ctx, session.shopId)).type !== 'link')
    throw new AppError('unprocessable', 'paymentMethodUnavailable');
  await chargeOrder(ctx, order, session).catch(gatewayUnavailable);
  return getPaymentOrder(ctx, session);
}
