/**
 * What the payment module's calls share: the database, configuration, the gateway registry and the captcha verifier;
 * the order a shopper pays (docs/decisions/0010-payments.md "Which order") and the shop's gateway.
 */
import type { FastifyInstance } from 'fastify';
import { PaymentMethod } from '@vitrine/contracts/enums';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { PaymentGateway } from '../../adapters/payments/gateway.ts';
import { gatewayRegistry, type GatewayRegistry } from '../../adapters/payments/registry.ts';
import { googleRecaptchaVerifier } from '../../adapters/recaptcha/google.ts';
import { captchaVerifierFor, type CaptchaVerifier } from '../../adapters/recaptcha/verifier.ts';
import { AppError } from '../../lib/app-error.ts';
import { findOrderAwaitingPayment, findUndeliveredPaidOrder, type OrderRow } from '../order/service.ts';
import type { SessionContext } from '../session/service.ts';
import { loadPaymentAccount, type PaymentAccountRow } from './account.ts';
import { orderDueCents } from './ledger.ts';
import { pixFor } from './pix.ts';

export type PaymentContext = {
  db: Db;
  config: Config;
  gateways: GatewayRegistry;
  captcha: CaptchaVerifier;
};

/** The payment context of an app (its database and configuration). */
export function paymentContext(app: Pick<FastifyInstance, 'db' | 'config'>): PaymentContext {
  const { db, config } = app;
  return {
    db,
    config,
    captcha: captchaVerifierFor(config.payments.recaptcha),
    gateways: gatewayRegistry({
      sandbox: config.payments.sandbox,
      publicUrl: config.publicUrl,
      apiUrls: config.payments.apiUrls,
      pix: async (shopId, amountCents, txid) => {
        const pix = await pixFor(db, shopId, amountCents, txid);
        return { code: pix.code, qrImage: pix.qrCode };
      },
    }),
  };
}

export function accountOf(ctx: PaymentContext, shopId: string): Promise<PaymentAccountRow> {
  return loadPaymentAccount(ctx.db, ctx.config.messaging.credentialsKey, shopId);
}

/**
 * The reCAPTCHA pair a shop's card page uses: the shop's own site key with its own secret when it set both, else
 * the server's pair (a shop's site key without its secret is not shown: Google verifies a token only with the
 * secret of the pair that made it). The site key shown and the secret that verifies always match.
 */
export function captchaOf(ctx: PaymentContext, account: PaymentAccountRow): CaptchaVerifier {
  const { recaptchaSiteKey: site, recaptchaSecretKey: secret } = account;
  if (!site || !secret) return ctx.captcha;
  return googleRecaptchaVerifier(site, secret, ctx.config.payments.recaptcha.verifyUrl);
}

/** The shop's gateway; 503 'not configured' when its account lacks what the gateway needs. */
export function gatewayOf(ctx: PaymentContext, account: PaymentAccountRow): PaymentGateway {
  const gateway = ctx.gateways(account);
  if (!gateway) throw new AppError('unavailable', 'paymentGatewayNotConfigured');
  return gateway;
}

/** The user's paid, undelivered order when an accepted edit left something to pay on it. */
async function differenceToPay(ctx: PaymentContext, session: SessionContext): Promise<OrderRow | null> {
  const order = await findUndeliveredPaidOrder(ctx.db, session.shopId, session.userId);
  return order && (await orderDueCents(ctx.db, order)) > 0 ? order : null;
}

/**
 * The order the session pays: the user's most recently confirmed order still Received (confirmed, not paid), or
 * else a paid one not yet delivered whose edit left a difference to pay (issue 34).
 * 404 'Método de pagamento não encontrado' when there is none or it has no payment method; 422 'Método de
 * pagamento não é …' when its method is not one of `methods`.
 */
export async function orderToPay(
  ctx: PaymentContext,
  session: SessionContext,
  methods: readonly number[] = [PaymentMethod.CreditCard],
): Promise<OrderRow> {
  const order =
    (await findOrderAwaitingPayment(ctx.db, session.shopId, session.userId)) ??
    (await differenceToPay(ctx, session));
  const method = order?.checkout.paymentMethod;
  if (!order || method === null || method === undefined)
    throw new AppError('notFound', 'paymentMethodNotFound');
  if (!methods.includes(method)) {
    throw new AppError(
      'unprocessable',
      methods.includes(PaymentMethod.CreditCard)
        ? 'paymentMethodNotCreditCard'
        : 'paymentMethodNotPixOrBoleto',
    );
  }
  return order;
}
