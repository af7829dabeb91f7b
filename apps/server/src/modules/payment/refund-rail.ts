/**
 * Sending a granted refund through the rail of the payment it gives back (issue 34, decision 0050): the shop's
 * gateway (Mercado Pago refunds, Pagar.me charge cancel, the payment link's Mercado Pago payment, the sandbox) for
 * a charge it took, the bank's API Pix `devolucao` for a Pix the bank reported. The idempotency key is the
 * refund's id (with the count of outright refusals, after which nothing was refunded), so a retry — on this
 * instance or another — asks the provider for the same refund. Failures come back as pt-BR reasons.
 */
import { REFUND_RAIL_LABELS } from '@vitrine/contracts/order-refunds';
import { GatewayError } from '../../adapters/payments/gateway.ts';
import { GATEWAY_OF_ACCOUNT } from '../../adapters/payments/registry.ts';
import { PixBankError } from '../../adapters/pix-bank/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { accountOf, type PaymentContext } from './context.ts';
import { findLedgerRow } from './ledger.ts';
import { loadPixBank } from './pix-bank-account.ts';
import { bankClient } from './pix-bank.ts';
import type { RefundRow } from './refund-repository.ts';
import { findPayment } from './repository.ts';

/** The key the provider sees: letters and digits only (the API Pix `id` is `[a-zA-Z0-9]{1,35}`). */
export const refundKeyOf = (refund: Pick<RefundRow, 'id' | 'refusals'>) =>
  `${refund.id.replace(/^rfd_/, 'rfd')}${refund.refusals > 0 ? `r${refund.refusals}` : ''}`;

export type RailOutcome =
  { ok: true; providerRefundId: string } | { ok: false; failure: string; refused: boolean };

const detailOf = (message: string) => message.replace(/^HTTP \d+: /, '').replace(/^API Pix \d+: /, '');

/** A provider's failure as the pt-BR reason staff read; `refused` when the provider said no (nothing moved). */
export function failureOf(rail: RefundRow['rail'], error: unknown): { failure: string; refused: boolean } {
  const name = REFUND_RAIL_LABELS[rail];
  if (error instanceof GatewayError) {
    const detail = detailOf(error.message);
    return error.code === 'refused'
      ? { failure: `${name} recusou o reembolso: ${detail}.`, refused: true }
      : { failure: `${name} não respondeu (${detail}). Tente novamente.`, refused: false };
  }
  if (error instanceof PixBankError) {
    const detail = detailOf(error.message);
    return error.retryable
      ? { failure: `O banco não respondeu (${detail}). Tente novamente.`, refused: false }
      : { failure: `O banco recusou a devolução: ${detail}.`, refused: true };
  }
  if (error instanceof AppError) return { failure: error.message, refused: true };
  throw error;
}

async function viaGateway(ctx: PaymentContext, refund: RefundRow, paymentId: string | null) {
  const payment = paymentId ? await findPayment(ctx.db, paymentId) : null;
  if (!payment?.provider_payment_id) throw new AppError('unprocessable', 'refundRailUnavailable');
  const account = await accountOf(ctx, refund.shop_id);
  if (GATEWAY_OF_ACCOUNT[account.type] !== payment.gateway)
    throw new AppError('unprocessable', 'refundRailUnavailable');
  const gateway = ctx.gateways(account);
  if (!gateway) throw new AppError('unprocessable', 'refundRailUnavailable');
  const answer = await gateway.refund({
    providerPaymentId: payment.provider_payment_id,
    amountCents: refund.amount_cents,
    idempotencyKey: refundKeyOf(refund),
  });
  return answer.providerRefundId;
}

async function viaBank(ctx: PaymentContext, refund: RefundRow, endToEndId: string | null) {
  const account = await loadPixBank(ctx.db, ctx.config.messaging.credentialsKey, refund.shop_id);
  if (!account || !endToEndId) throw new AppError('unprocessable', 'refundRailUnavailable');
  const key = refundKeyOf(refund);
  const answer = await bankClient(account).refund(endToEndId, key, refund.amount_cents);
  if (answer.status === 'NAO_REALIZADO') throw new PixBankError(422, 'devolução não realizada', false);
  return key;
}

/** Asks the rail for the refund; never throws a provider's failure (it is the outcome). */
export async function sendThroughRail(ctx: PaymentContext, refund: RefundRow): Promise<RailOutcome> {
  try {
    const entry = await findLedgerRow(ctx.db, refund.shop_id, refund.entry_id);
    if (!entry) throw new AppError('unprocessable', 'refundRailUnavailable');
    const providerRefundId =
      refund.rail === 'pix-bank'
        ? await viaBank(ctx, refund, entry.end_to_end_id)
        : await viaGateway(ctx, refund, entry.payment_id);
    return { ok: true, providerRefundId };
  } catch (error) {
    return { ok: false, ...failureOf(refund.rail, error) };
  }
}
