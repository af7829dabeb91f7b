/**
 * Pagar.me API v5 (core/v5).
 *
 * Sources (docs.pagar.me, v5 reference, and Pagar.me's official SDK models, pagarme/pagarme-nodejs-sdk
 * `src/models/create*PaymentRequest.ts`, `get*TransactionResponse.ts`):
 * - Auth: HTTP Basic with the secret key as user and an empty password. Idempotency: `Idempotency-Key` header,
 *   kept 24 h ("Idempotência", https://docs.pagar.me/docs/o-que-é).
 * - Create order: `POST https://api.pagar.me/core/v5/orders` with `code`, `items[{ amount (centavos),
 *   description, quantity, code }]`, `customer{ name, email, document, document_type, type, phones, address }`,
 *   `payments[…]`: `credit_card{ installments, statement_descriptor, card_token, card{ billing_address } }`,
 *   `pix{ expires_in }`, `boleto{ due_at, instructions }`.
 * - Answer: order `status` and `charges[0]{ id, status, last_transaction }`; card transaction
 *   `{ status, acquirer_return_code, acquirer_message, card{ brand, last_four_digits }, gateway_response }`,
 *   Pix `{ qr_code, qr_code_url, expires_at }`, boleto `{ line, pdf, url, due_at }`.
 * - Status ("Cobrança"): paid / overpaid → paid; pending / processing / underpaid → waiting, or authorized when
 *   the transaction is `authorized_pending_capture`, or expired when a Pix `expires_at` has passed; failed →
 *   failed (expired for a lapsed Pix); canceled / voided → canceled; refunded / chargedback → refunded.
 *   Card refusals: acquirer_return_code — Pagar.me's own codes until the ABECS switch of 28 Aug 2026, ABECS codes
 *   after it ("Códigos de retorno padrão ABECS", https://docs.pagar.me/docs/códigos-de-retorno-padrão-abecs):
 *   1016 / 51 / 116 → limitExceeded; 1001 / 1011 / 1045 / 14 / 54 / 82 / N7 → invalidData; validation errors in
 *   `gateway_response.errors` → invalidData; anything else → unknown.
 * - Get: `GET /core/v5/orders/{or_…}` (or `GET /core/v5/charges/{ch_…}`).
 * - Cancel: `DELETE /core/v5/charges/{ch_…}` (SDK `ChargesController.cancelCharge`), answers the charge with
 *   status `canceled`. Our provider id is the order: its pending charges are read from `GET /orders/{or_…}`.
 * - Webhooks ("Webhooks", https://docs.pagar.me/docs/webhooks; example
 *   https://docs.pagar.me/reference/exemplo-de-webhook-1): `{ id: "hook_…", type: "order.paid" | "charge.paid" |
 *   "charge.payment_failed" | …, data{…} }`; authenticity as documented in pagarme-webhook.ts. The notification
 *   only names the order (status null): the service fetches it and dedupes on the hook id.
 */
import {
  GatewayError,
  type BoletoChargeRequest,
  type CardChargeRequest,
  type ChargeRequest,
  type ChargeResult,
  type GatewayFailure,
  type GatewayStatus,
  type PaymentGateway,
  type PixChargeRequest,
  type WebhookRequest,
} from './gateway.ts';
import {
  assertCents,
  callGateway,
  date,
  documentKind,
  obj,
  scrubCardData,
  str,
  type GatewayHttp,
} from './gateway-http.ts';
import { pagarmeWebhookVerifier, type PagarmeWebhookAuth } from './pagarme-webhook.ts';
import { cardBrandFromProvider } from './card-brand-names.ts';
import { refundPagarmeCharge } from './pagarme-refund.ts';

export type { PagarmeWebhookAuth };

export const PAGARME_API = 'https://api.pagar.me/core/v5';

export type PagarmeOptions = {
  secretKey: string;
  webhook: PagarmeWebhookAuth;
  /** Default https://api.pagar.me/core/v5. */
  baseUrl?: string;
  /** Card statement text, at most 13 characters. */
  statementDescriptor?: string | null;
  boletoInstructions?: string | null;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
};

const LIMIT_EXCEEDED = new Set(['1016', '51', '116']);
const INVALID_DATA = new Set(['1001', '1011', '1045', '14', '54', '82', 'N7']);

function failureOf(transaction: Record<string, unknown>): GatewayFailure {
  const code = str(transaction.acquirer_return_code);
  if (code && LIMIT_EXCEEDED.has(code)) return 'limitExceeded';
  if (code && INVALID_DATA.has(code)) return 'invalidData';
  const errors = obj(transaction.gateway_response).errors;
  if (Array.isArray(errors) && errors.length > 0) return 'invalidData';
  return 'unknown';
}

export function pagarmeStatus(
  charge: Record<string, unknown>,
  orderStatus: string | null,
  nowMs: number,
): { status: GatewayStatus; failure: GatewayFailure | null } {
  const transaction = obj(charge.last_transaction);
  const transactionStatus = str(transaction.status);
  const pixExpiry = str(transaction.transaction_type) === 'pix' ? date(transaction.expires_at) : null;
  const lapsed = transactionStatus === 'expired' || (pixExpiry !== null && pixExpiry.getTime() < nowMs);
  switch (str(charge.status) ?? orderStatus) {
    case 'paid':
    case 'overpaid':
      return { status: 'paid', failure: null };
    case 'pending':
    case 'processing':
    case 'underpaid':
      if (transactionStatus === 'authorized_pending_capture') return { status: 'authorized', failure: null };
      return { status: lapsed ? 'expired' : 'waiting', failure: null };
    case 'failed':
      return lapsed
        ? { status: 'expired', failure: null }
        : { status: 'failed', failure: failureOf(transaction) };
    case 'canceled':
    case 'voided':
      return { status: 'canceled', failure: null };
    case 'refunded':
    case 'chargedback':
      return { status: 'refunded', failure: null };
    default:
      throw new GatewayError('status desconhecido', 'badResponse', true);
  }
}

/** An order (or a bare charge) as our ChargeResult; providerPaymentId is the order id. */
export function mapPagarmeOrder(order: Record<string, unknown>, nowMs: number): ChargeResult {
  const isCharge = str(order.id)?.startsWith('ch_') ?? false;
  const charge = isCharge ? order : Array.isArray(order.charges) ? obj(order.charges[0]) : {};
  const id = isCharge ? (str(obj(order.order).id) ?? str(order.id)) : str(order.id);
  if (!id) throw new GatewayError('resposta sem id do pedido', 'badResponse', true);
  const orderStatus = isCharge ? null : str(order.status);
  const { status, failure } = pagarmeStatus(charge, orderStatus, nowMs);
  const transaction = obj(charge.last_transaction);
  const card = obj(transaction.card);
  const type = str(transaction.transaction_type) ?? str(charge.payment_method);
  return {
    providerPaymentId: id,
    status,
    failure,
    cardBrand: type === 'credit_card' ? cardBrandFromProvider(str(card.brand)) : null,
    cardLastFour: type === 'credit_card' ? str(card.last_four_digits) : null,
    pixCopyPaste: type === 'pix' ? str(transaction.qr_code) : null,
    pixQrImage: type === 'pix' ? str(transaction.qr_code_url) : null,
    boletoLine: type === 'boleto' ? str(transaction.line) : null,
    boletoUrl: type === 'boleto' ? (str(transaction.pdf) ?? str(transaction.url)) : null,
    paymentLink: null,
    expiresAt: date(transaction.expires_at) ?? date(transaction.due_at),
    raw: scrubCardData(order),
  };
}

function customerOf(request: ChargeRequest) {
  const document = request.payer.document.replace(/[^0-9A-Za-z]/g, '');
  const kind = documentKind(document);
  let phone = (request.payer.phone ?? '').replace(/\D/g, '');
  if (phone.length >= 12 && phone.startsWith('55')) phone = phone.slice(2);
  const address = request.payer.address;
  return {
    name: request.payer.name,
    ...(request.payer.email ? { email: request.payer.email } : {}),
    document,
    document_type: kind,
    type: kind === 'CPF' ? 'individual' : 'company',
    ...(phone.length >= 10
      ? {
          phones: {
            mobile_phone: { country_code: '55', area_code: phone.slice(0, 2), number: phone.slice(2) },
          },
        }
      : {}),
    ...(address ? { address: addressOf(address) } : {}),
  };
}

function addressOf(address: NonNullable<ChargeRequest['payer']['address']>) {
  return {
    line_1: `${address.number}, ${address.street}, ${address.neighborhood}`,
    ...(address.complement ? { line_2: address.complement } : {}),
    zip_code: address.zipCode.replace(/\D/g, ''),
    city: address.city,
    state: address.state,
    country: 'BR',
  };
}

export function pagarmeGateway(options: PagarmeOptions): PaymentGateway {
  const now = options.now ?? Date.now;
  const http: GatewayHttp = {
    baseUrl: options.baseUrl ?? PAGARME_API,
    headers: { authorization: `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}` },
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
    errorMessage: (body) => str(obj(body).message),
  };
  const authenticate = pagarmeWebhookVerifier(options.webhook, options);

  async function createOrder(request: ChargeRequest, payment: Record<string, unknown>) {
    assertCents(request.amountCents);
    const order = await callGateway(
      http,
      'POST',
      '/orders',
      {
        code: request.paymentId,
        items: [
          {
            amount: request.amountCents,
            description: request.description,
            quantity: 1,
            code: request.orderId,
          },
        ],
        customer: customerOf(request),
        payments: [payment],
      },
      { 'idempotency-key': request.idempotencyKey },
    );
    return mapPagarmeOrder(order, now());
  }

  return {
    name: 'pagarme',

    async chargeCard(request: CardChargeRequest) {
      if (request.card.kind !== 'token') throw new GatewayError('cartão sem token', 'refused', false);
      const address = request.payer.address;
      return createOrder(request, {
        payment_method: 'credit_card',
        credit_card: {
          installments: request.installments,
          ...(options.statementDescriptor
            ? { statement_descriptor: options.statementDescriptor.slice(0, 13) }
            : {}),
          card_token: request.card.token,
          ...(address ? { card: { billing_address: addressOf(address) } } : {}),
        },
      });
    },

    chargePix: (request: PixChargeRequest) =>
      createOrder(request, { payment_method: 'pix', pix: { expires_in: request.expiresInSeconds } }),

    async chargeBoleto(request: BoletoChargeRequest) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(request.dueDate)) {
        throw new GatewayError('data de vencimento inválida', 'refused', false);
      }
      return createOrder(request, {
        payment_method: 'boleto',
        boleto: {
          due_at: `${request.dueDate}T23:59:59Z`,
          instructions: options.boletoInstructions ?? 'Não receber após o vencimento.',
        },
      });
    },

    async fetchCharge(providerPaymentId: string) {
      const path = providerPaymentId.startsWith('ch_') ? 'charges' : 'orders';
      return mapPagarmeOrder(
        await callGateway(http, 'GET', `/${path}/${encodeURIComponent(providerPaymentId)}`),
        now(),
      );
    },

    async cancelCharge(providerPaymentId: string) {
      let chargeIds = [providerPaymentId];
      if (!providerPaymentId.startsWith('ch_')) {
        const order = await callGateway(http, 'GET', `/orders/${encodeURIComponent(providerPaymentId)}`);
        const charges = Array.isArray(order.charges) ? order.charges.map(obj) : [];
        chargeIds = charges.filter((c) => c.status === 'pending').flatMap((c) => str(c.id) ?? []);
      }
      for (const id of chargeIds) await callGateway(http, 'DELETE', `/charges/${encodeURIComponent(id)}`);
    },

    refund: (request) => refundPagarmeCharge(http, request),

    async parseWebhook(request: WebhookRequest) {
      await authenticate(request);
      let body: unknown;
      try {
        body = JSON.parse(request.rawBody);
      } catch {
        throw new GatewayError('notificação ilegível', 'badResponse', false);
      }
      const event = obj(body);
      const type = str(event.type) ?? '';
      const data = obj(event.data);
      const eventId = str(event.id);
      const target = type.startsWith('order.')
        ? str(data.id)
        : type.startsWith('charge.')
          ? (str(obj(data.order).id) ?? str(data.id))
          : null;
      if (!eventId || !target) {
        throw new GatewayError(
          `notificação ignorada (tipo ${type.slice(0, 40) || '?'})`,
          'badResponse',
          false,
        );
      }
      return { eventId: `pagarme:${eventId}`, providerPaymentId: target, status: null };
    },
  };
}
