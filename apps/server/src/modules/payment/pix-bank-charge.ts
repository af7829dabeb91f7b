/**
 * A Pix charge on the shop's own bank (decision 0046) for chargeOrder: the Waiting payment (gateway `pix-bank`) of
 * what is still due, its txid derived from the payment id, `PUT /cob/{txid}` with the payer's CPF/CNPJ when known;
 * the bank's `pixCopiaECola` (or a dynamic BR Code of its `location`) is what the contact gets, as today's Pix
 * message. A retry after the bank made the charge but before we recorded it reads it back (`GET /cob/{txid}`).
 */
import { PaymentMethod } from '@vitrine/contracts/enums';
import { buildDynamicPixBrCode } from '@vitrine/contracts/pix';
import { GatewayError, type ChargeResult } from '../../adapters/payments/gateway.ts';
import { PixBankError, type PixCharge } from '../../adapters/pix-bank/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { OrderRow } from '../order/service.ts';
import type { PaymentContext } from './context.ts';
import { orderDueCents } from './ledger.ts';
import { payerOf } from './payer.ts';
import type { PixBankAccount } from './pix-bank-account.ts';
import { bankClient, BANK_GATEWAY, chargeAtBank, txidOf } from './pix-bank.ts';
import { findShopPix, qrDataUrl } from './pix.ts';
import { insertPayment, type PaymentRow } from './repository.ts';

const PIX_EXPIRY_MS = 30 * 60_000;

/** The Waiting bank payment of the order (the one given, or a new one of what is due). */
export async function openBankPayment(ctx: PaymentContext, order: OrderRow, waiting: PaymentRow | null) {
  if (waiting) return waiting;
  const due = await orderDueCents(ctx.db, order);
  if (due <= 0) throw new AppError('unprocessable', 'paymentMethodUnavailable');
  return insertPayment(ctx.db, {
    shop_id: order.shop_id,
    order_id: order.id,
    user_id: order.user_id,
    gateway: BANK_GATEWAY,
    method: PaymentMethod.Pix,
    amount_cents: due,
    installments: 1,
    expires_at: new Date(Date.now() + PIX_EXPIRY_MS),
  });
}

/** Charges `payment` at the shop's bank; bank errors become GatewayErrors (a 5xx or no answer is retryable). */
export async function bankCharge(
  ctx: PaymentContext,
  account: PixBankAccount,
  order: OrderRow,
  payment: PaymentRow,
): Promise<ChargeResult> {
  const payer = await payerOf(ctx, order, BANK_GATEWAY);
  let cob: PixCharge;
  try {
    cob = await chargeAtBank(account, payment, { name: payer.name, document: payer.document || null });
  } catch (error) {
    if (!(error instanceof PixBankError)) throw error;
    if (error.status === 400)
      cob = await bankClient(account)
        .getCharge(txidOf(payment.id))
        .catch(() => {
          throw new GatewayError(`API Pix ${error.status}`, 'refused', false, error.status);
        });
    else
      throw new GatewayError(
        `API Pix ${error.status}`,
        error.retryable ? 'unavailable' : 'refused',
        error.retryable,
        error.status,
      );
  }
  const shopPix = await findShopPix(ctx.db, order.shop_id);
  const code =
    cob.pixCopiaECola ??
    (cob.location
      ? buildDynamicPixBrCode({
          location: cob.location,
          merchantName: shopPix?.merchantName ?? 'Loja',
          city: shopPix?.city ?? 'Brasil',
        })
      : null);
  if (!code) throw new GatewayError('API Pix: charge without location', 'badResponse', false);
  return {
    providerPaymentId: cob.txid,
    status: 'waiting',
    failure: null,
    pixCopyPaste: code,
    pixQrImage: await qrDataUrl(code),
    expiresAt: payment.expires_at ? new Date(payment.expires_at) : null,
  };
}
