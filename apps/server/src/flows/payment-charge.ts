/**
 * Pix and boleto charges of the order being paid (`POST /api/order/payment/charge`): the copy-and-paste code,
 * QR image, boleto line and PDF link come from the shop's gateway (the sandbox builds the shop's own BR Code),
 * with an expiry. One Waiting charge per order: calling again answers the same charge until it is paid,
 * expires (then a new one is made) or the shopper changes the method.
 */
import { PaymentMethod } from '@vitrine/contracts/enums';
import { centsToReais } from '@vitrine/contracts/money';
import type { Charge } from '@vitrine/contracts/payment';
import { GatewayError, type ChargeResult, type PaymentGateway } from '../adapters/payments/gateway.ts';
import { GATEWAY_OF_ACCOUNT } from '../adapters/payments/registry.ts';
import { AppError } from '../lib/app-error.ts';
import { findContact } from '../modules/customer/repository.ts';
import type { OrderRow } from '../modules/order/repository.ts';
import {
  findPayment,
  findWaitingPayment,
  insertPayment,
  recordCharge,
  type PaymentRow,
} from '../modules/payment/repository.ts';
import type { SessionContext } from '../modules/session/service.ts';
import { accountOf, gatewayOf, orderToPay, type PaymentContext } from './payment-context.ts';
import { expireOverdue, lockPaymentOrder, settlePayment } from './payment-settle.ts';

const PIX_EXPIRY_SECONDS = 30 * 60;
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
    expiresAt: expires,
  };
}

async function charge(
  gateway: PaymentGateway,
  payment: PaymentRow,
  order: OrderRow,
  payer: Parameters<PaymentGateway['chargePix']>[0]['payer'],
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
  const due = new Date(Date.now() + BOLETO_DAYS * 86_400_000).toISOString().slice(0, 10);
  return gateway.chargeBoleto({ ...request, dueDate: due });
}

/** The Waiting Pix or boleto charge of the order being paid, made on first call. */
export async function pixOrBoletoCharge(ctx: PaymentContext, session: SessionContext): Promise<Charge> {
  const order = await orderToPay(ctx, session, [PaymentMethod.Pix, PaymentMethod.Boleto]);
  await expireOverdue(ctx.db, order.id);
  const method = order.checkout.paymentMethod!;
  let payment = await findWaitingPayment(ctx.db, order.id);
  if (payment && payment.method !== method) throw new AppError('conflict', 'paymentInProgress');
  if (payment?.provider_payment_id) return chargeView(payment);
  const account = await accountOf(ctx, session.shopId);
  const gateway = gatewayOf(ctx, account);
  payment ??= await insertPayment(ctx.db, {
    shop_id: session.shopId,
    order_id: order.id,
    user_id: session.userId,
    gateway: GATEWAY_OF_ACCOUNT[account.type],
    method,
    amount_cents: order.total_cents,
    installments: 1,
    expires_at: new Date(
      Date.now() +
        (method === PaymentMethod.Pix ? PIX_EXPIRY_SECONDS * 1000 : (BOLETO_DAYS + 1) * 86_400_000),
    ),
  });
  const contact = session.contactId ? await findContact(ctx.db, session.shopId, session.contactId) : null;
  let result: ChargeResult;
  try {
    result = await charge(gateway, payment, order, {
      name: contact?.name ?? 'Cliente',
      email: contact?.email ?? null,
      document: contact?.document ?? '',
    });
  } catch (error) {
    if (error instanceof GatewayError) throw new AppError('unavailable', 'paymentGatewayUnavailable');
    throw error;
  }
  const id = payment.id;
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
