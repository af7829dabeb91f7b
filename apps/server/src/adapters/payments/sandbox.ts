/**
 * The built-in sandbox gateway (demo and tests): in-process, stateless and deterministic by card number. Test
 * cards (all Luhn-valid; any name, a future expiry, 3 digits of security code — 4 for Amex):
 *
 * | number              | outcome                                                           |
 * |---------------------|-------------------------------------------------------------------|
 * | 4111111111111111    | paid (Visa)                                                       |
 * | 5555555555554444    | paid (Mastercard)                                                 |
 * | 378282246310005     | paid (American Express)                                           |
 * | 6362970000457013    | paid (Elo)                                                        |
 * | 4000000000009995    | failed, LimitExceeded                                             |
 * | 4000000000000127    | failed, InvalidData                                               |
 * | 4000000000000002    | failed, Unknown                                                   |
 * | 4000000000000069    | expired                                                           |
 * | 4000000000003220    | failed, ReCAPTCHA — paid when the server verified a captcha token |
 * | 4000000000000044    | waiting (in review); paid on the next fetch or webhook            |
 *
 * Any other Luhn-valid number is paid; a number failing Luhn, a past expiry or a security code of the wrong
 * length is InvalidData. Pix: the shop's BR Code (modules/payment/pix.ts) with an expiry; boleto: a fake line and a demo
 * PDF link. The provider id encodes the outcome (`sbx_<outcome>_<our payment id>`), so fetchCharge needs no
 * state. Webhooks are signed like our chatbot webhooks (adapters/channels/webhook-signature.ts) with the
 * shop's webhook secret; body `{ "id": event id, "paymentId": provider id, "status": GatewayStatus }`.
 */
import { z } from 'zod';
import { signedHeaders, verifySignature } from '../channels/webhook-signature.ts';
import {
  GatewayError,
  type CardChargeRequest,
  type ChargeResult,
  type GatewayFailure,
  type GatewayStatus,
  type PaymentGateway,
} from './gateway.ts';
import { cardBrandOf, isLuhnValid } from '../../lib/card-brand.ts';
import { cardBrandFromProvider } from './card-brand-names.ts';

type Outcome = 'paid' | 'review' | 'expired' | 'captcha' | 'limit' | 'invalid' | 'unknown' | 'pix' | 'boleto';

const CARDS: Record<string, Outcome> = {
  '4000000000009995': 'limit',
  '4000000000000127': 'invalid',
  '4000000000000002': 'unknown',
  '4000000000000069': 'expired',
  '4000000000003220': 'captcha',
  '4000000000000044': 'review',
};

const RESULTS: Record<Outcome, { status: GatewayStatus; failure: GatewayFailure | null }> = {
  paid: { status: 'paid', failure: null },
  review: { status: 'waiting', failure: null },
  expired: { status: 'expired', failure: null },
  captcha: { status: 'failed', failure: 'recaptcha' },
  limit: { status: 'failed', failure: 'limitExceeded' },
  invalid: { status: 'failed', failure: 'invalidData' },
  unknown: { status: 'failed', failure: 'unknown' },
  pix: { status: 'waiting', failure: null },
  boleto: { status: 'waiting', failure: null },
};

export type SandboxOptions = {
  /** The shop's BR Code and QR image for an amount (modules/payment/pix.ts). */
  pix: (amountCents: number, txid: string) => Promise<{ code: string; qrImage: string }>;
  /** Where the demo boleto PDF of a payment is served. */
  boletoUrl: (paymentId: string) => string;
  webhookSecret: string;
  now?: () => number;
};

const webhookBody = z.object({
  id: z.string().min(1).max(200),
  paymentId: z.string().regex(/^sbx_[a-z]+_[A-Za-z0-9_]+$/),
  status: z.enum(['authorized', 'paid', 'waiting', 'failed', 'expired', 'canceled', 'refunded']),
});

function cardOutcome(request: CardChargeRequest, nowMs: number): { outcome: Outcome; last4: string | null } {
  const card = request.card;
  if (card.kind !== 'raw') return { outcome: 'paid', last4: null };
  const expiryYear = card.expiryYear < 100 ? 2000 + card.expiryYear : card.expiryYear;
  const now = new Date(nowMs);
  const expired = expiryYear * 12 + card.expiryMonth < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  const codeLength = /^3[47]/.test(card.number) ? 4 : 3;
  const valid = isLuhnValid(card.number) && !expired && card.securityCode.length === codeLength;
  let outcome = valid ? (CARDS[card.number] ?? 'paid') : 'invalid';
  if (outcome === 'captcha' && request.captchaVerified) outcome = 'paid';
  return { outcome, last4: card.number.slice(-4) };
}

/**
 * A fake "linha digitável" of the real shape (47 digits: three fields, the check digit, then the due factor and the
 * amount), deterministic from the payment id and amount.
 */
function boletoLine(paymentId: string, amountCents: number): string {
  const digits = [...paymentId].map((c) => c.charCodeAt(0) % 10).join('');
  const amount = String(amountCents).padStart(10, '0');
  return `34191.${digits.slice(0, 5)} ${digits.slice(5, 10)}.${digits.slice(10, 16)} ${digits.slice(16, 21)}.${digits.slice(21, 27)} 1 1000${amount}`;
}

/** The signed webhook the sandbox would send (tests, and the demo's "simulate payment"). */
export function sandboxWebhook(
  secret: string,
  event: z.infer<typeof webhookBody>,
  now = Date.now(),
): { headers: Record<string, string>; body: string } {
  const body = JSON.stringify(event);
  return {
    headers: { ...signedHeaders(secret, event.id, body, now), 'content-type': 'application/json' },
    body,
  };
}

export function sandboxGateway(options: SandboxOptions): PaymentGateway {
  const now = options.now ?? Date.now;
  const result = (outcome: Outcome, paymentId: string, extra: Partial<ChargeResult> = {}): ChargeResult => ({
    providerPaymentId: `sbx_${outcome}_${paymentId}`,
    ...RESULTS[outcome],
    ...extra,
  });
  return {
    name: 'sandbox',
    async chargeCard(request) {
      const { outcome, last4 } = cardOutcome(request, now());
      const { card } = request;
      const brand =
        card.kind === 'raw'
          ? cardBrandOf(card.number)
          : card.kind === 'token'
            ? cardBrandFromProvider(card.brand)
            : null;
      return result(outcome, request.paymentId, { cardBrand: brand, cardLastFour: last4 });
    },
    async chargePix(request) {
      const pix = await options.pix(request.amountCents, request.paymentId);
      return result('pix', request.paymentId, {
        pixCopyPaste: pix.code,
        pixQrImage: pix.qrImage,
        expiresAt: new Date(now() + request.expiresInSeconds * 1000),
      });
    },
    async chargeBoleto(request) {
      return result('boleto', request.paymentId, {
        boletoLine: boletoLine(request.paymentId, request.amountCents),
        boletoUrl: options.boletoUrl(request.paymentId),
        expiresAt: new Date(`${request.dueDate}T23:59:59-03:00`),
      });
    },
    async fetchCharge(providerPaymentId) {
      const [, outcome, paymentId] = /^sbx_([a-z]+)_(.+)$/.exec(providerPaymentId) ?? [];
      if (!outcome || !paymentId || !(outcome in RESULTS)) {
        throw new GatewayError('pagamento desconhecido no sandbox', 'refused', false, 404);
      }
      return result(outcome === 'review' ? 'paid' : (outcome as Outcome), paymentId);
    },
    async cancelCharge(providerPaymentId) {
      const [, outcome] = /^sbx_([a-z]+)_.+$/.exec(providerPaymentId) ?? [];
      if (!outcome || !(outcome in RESULTS)) {
        throw new GatewayError('pagamento desconhecido no sandbox', 'refused', false, 404);
      }
      if (RESULTS[outcome as Outcome].status !== 'waiting') {
        throw new GatewayError('pagamento não pode ser cancelado', 'refused', false, 400);
      }
    },
    /** Refunds are approved at once; the id names our refund, so a retry answers the same refund. */
    async refund(request) {
      const [, outcome] = /^sbx_([a-z]+)_.+$/.exec(request.providerPaymentId) ?? [];
      if (!outcome || !(outcome in RESULTS)) {
        throw new GatewayError('pagamento desconhecido no sandbox', 'refused', false, 404);
      }
      if (['failed', 'expired'].includes(RESULTS[outcome as Outcome].status)) {
        throw new GatewayError('pagamento não foi aprovado', 'refused', false, 400);
      }
      return { providerRefundId: `sbx_refund_${request.idempotencyKey}`, status: 'approved' };
    },
    async parseWebhook(request) {
      if (!verifySignature(options.webhookSecret, request.headers, request.rawBody, { now: now() })) {
        throw new GatewayError('assinatura do webhook inválida', 'invalidSignature', false, 401);
      }
      let parsed;
      try {
        parsed = webhookBody.safeParse(JSON.parse(request.rawBody));
      } catch {
        parsed = null;
      }
      if (!parsed?.success) throw new GatewayError('notificação malformada', 'badResponse', false, 400);
      return {
        eventId: parsed.data.id,
        providerPaymentId: parsed.data.paymentId,
        status: parsed.data.status,
      };
    },
  };
}
