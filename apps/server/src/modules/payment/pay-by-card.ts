/**
 * The two card calls on top of runCardAttempt: our card page (`POST /api/order/payment/credit`: raw card for the
 * sandbox, or a browser-made token) and Mercado Pago's Card Payment Brick (`POST /api/order/payment/mercadoPago`,
 * token only; success sends the shopper back to the shop's WhatsApp chat).
 */
import { PaymentStatus } from '@vitrine/contracts/enums';
import { whatsAppLink } from '@vitrine/contracts/format';
import { reaisToCents } from '@vitrine/contracts/money';
import type {
  CardPaymentBody,
  CardPaymentResult,
  MercadoPagoBrickBody,
  mercadoPagoResult,
} from '@vitrine/contracts/payment';
import type { z } from 'zod';
import type { CardInput } from '../../adapters/payments/gateway.ts';
import { findContact } from '../customer/service.ts';
import type { SessionContext } from '../session/service.ts';
import { getShop, settingsOf } from '../shop/service.ts';
import { runCardAttempt } from './card-attempt.ts';
import type { PaymentContext } from './context.ts';
import { cardResultOf } from './webhook.ts';

const digits = (value: string) => value.replace(/\D/g, '');

/** A card page attempt; the answer is §3's {status, failureType, recaptchaKey} plus the payment id. */
export function payByCard(
  ctx: PaymentContext,
  session: SessionContext,
  body: CardPaymentBody,
  key: string,
  remoteIp: string | null,
): Promise<CardPaymentResult> {
  const card: CardInput = body.number
    ? {
        kind: 'raw',
        number: body.number,
        securityCode: body.securityCode ?? '',
        holderName: body.name,
        expiryMonth: body.expiryMonth,
        expiryYear: body.expiryYear,
      }
    : { kind: 'token', token: body.cardToken!, brand: body.brand ?? null };
  return runCardAttempt(ctx, session, {
    scope: 'payment.credit',
    key,
    body,
    providerId: body.providerId,
    installments: body.installments,
    card,
    payer: {
      name: body.name,
      email: null,
      document: digits(body.document),
      address: {
        zipCode: digits(body.zipCode),
        street: body.address,
        number: body.addressNumber,
        complement: body.complement ?? null,
        neighborhood: body.neighborhood,
        city: body.city,
        state: body.state,
      },
    },
    captchaToken: body.recaptchaToken ?? null,
    remoteIp,
    answer: cardResultOf,
  });
}

/** A Brick attempt on a Mercado Pago account; redirectUrl is the shop's WhatsApp chat when paid. */
export async function payByMercadoPago(
  ctx: PaymentContext,
  session: SessionContext,
  body: MercadoPagoBrickBody,
  key: string,
  remoteIp: string | null,
): Promise<z.infer<typeof mercadoPagoResult>> {
  const contact = session.contactId ? await findContact(ctx.db, session.shopId, session.contactId) : null;
  return runCardAttempt(ctx, session, {
    scope: 'payment.mercadopago',
    key,
    body,
    accountType: 'mercadopago',
    providerId: 'credit',
    installments: body.installments,
    expectedCents: reaisToCents(body.transaction_amount),
    card: {
      kind: 'token',
      token: body.token,
      brand: body.payment_method_id,
      issuerId: body.issuer_id === null || body.issuer_id === undefined ? null : String(body.issuer_id),
    },
    payer: {
      name: contact?.name ?? 'Cliente',
      email: body.payer.email ?? null,
      document: digits(body.payer.identification?.number ?? ''),
    },
    captchaToken: null,
    remoteIp,
    answer: async (payment) => {
      const phone = settingsOf(await getShop(ctx.db, session.shopId)).whatsApp?.trim();
      const paid = payment.status === PaymentStatus.Paid;
      return {
        status: payment.status,
        failureType: payment.failure_type,
        redirectUrl: paid && phone ? whatsAppLink(phone) : null,
      };
    },
  });
}
