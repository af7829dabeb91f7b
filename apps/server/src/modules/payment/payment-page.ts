/**
 * The card page's reads and choices: the order being paid (with the chosen plan and the captcha site key),
 * card options with installments from the shop's rules, the installment choice, and the payment account.
 */
import { PaymentMethod } from '@vitrine/contracts/enums';
import { centsToReais } from '@vitrine/contracts/money';
import type { Order } from '@vitrine/contracts/order';
import type { CardOption, InstallmentsBody, PaymentAccount } from '@vitrine/contracts/payment';
import { AppError } from '../../lib/app-error.ts';
import { confirmedOrderState, findShopOrder, serializeOrder, type OrderRow } from '../order/service.ts';
import { cardOptionsFor, planFor } from './installments.ts';
import { orderDueCents } from './ledger.ts';
import { findCardPlan, saveCardPlan } from './plan-repository.ts';
import { findWaitingPayment } from './repository.ts';
import type { SessionContext } from '../session/service.ts';
import { accountOf, captchaOf, orderToPay, type PaymentContext } from './context.ts';
import { expireOverdue } from './settle.ts';

/** Methods a shopper pays online (the others are settled by the shop). */
const ONLINE = [PaymentMethod.CreditCard, PaymentMethod.Pix, PaymentMethod.Boleto, PaymentMethod.Link];

/** The order's wire form as the payment page shows it: total of the chosen plan, captcha key, payment link. */
async function paymentView(ctx: PaymentContext, order: OrderRow): Promise<Order> {
  const wire = serializeOrder(await confirmedOrderState(ctx.db, order));
  const account = await accountOf(ctx, order.shop_id);
  const plan = await findCardPlan(ctx.db, order.id);
  const waiting = await findWaitingPayment(ctx.db, order.id);
  // What is asked: the plan chosen, else what is left to pay (the whole total, or an edit's difference).
  const due = await orderDueCents(ctx.db, order);
  return {
    ...wire,
    totalAmout: centsToReais(plan ? plan.total_cents : due),
    payment: { ...wire.payment, link: waiting?.payment_link ?? wire.payment.link },
    recaptchaKey: captchaOf(ctx, account).siteKey,
    cardPlan: plan && {
      providerId: plan.provider_id,
      installments: plan.installments,
      installmentValue: centsToReais(plan.installment_cents),
      total: centsToReais(plan.total_cents),
      interestFree: plan.interest_free,
    },
  };
}

/** The order the session pays (any online method), as the payment page shows it. */
export async function getPaymentOrder(ctx: PaymentContext, session: SessionContext): Promise<Order> {
  const order = await orderToPay(ctx, session, ONLINE);
  await expireOverdue(ctx.db, order.id);
  return paymentView(ctx, order);
}

/** Card options of the order being paid by card. */
export async function listCardOptions(ctx: PaymentContext, session: SessionContext): Promise<CardOption[]> {
  const order = await orderToPay(ctx, session);
  const account = await accountOf(ctx, session.shopId);
  return cardOptionsFor(await orderDueCents(ctx.db, order), account.rules);
}

/** Chooses card type and installments (422 when the rules do not offer them); answers the order with the plan. */
export async function chooseInstallments(
  ctx: PaymentContext,
  session: SessionContext,
  body: InstallmentsBody,
): Promise<Order> {
  const order = await orderToPay(ctx, session);
  const account = await accountOf(ctx, session.shopId);
  const plan = planFor(await orderDueCents(ctx.db, order), account.rules, body.providerId, body.installments);
  await saveCardPlan(ctx.db, session.shopId, order.id, body.providerId, plan);
  return paymentView(ctx, order);
}

/** §3 Payment account of one of the session user's orders; 404 for any other order (other user or shop). */
export async function getPaymentAccount(
  ctx: PaymentContext,
  session: SessionContext,
  orderId: string,
): Promise<PaymentAccount> {
  const order = await findShopOrder(ctx.db, session.shopId, orderId);
  if (!order || order.user_id !== session.userId) throw new AppError('notFound', 'orderNotFound');
  const account = await accountOf(ctx, session.shopId);
  return { settings: { type: account.type, publicKey: account.publicKey } };
}
