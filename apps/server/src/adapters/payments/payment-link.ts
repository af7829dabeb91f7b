/**
 * Payment-link gateway on Mercado Pago Checkout Pro: the shopper pays on Mercado Pago's page, so no card data
 * ever reaches us (see docs/decisions for the PCI consequence).
 *
 * Sources (Mercado Pago Developers):
 * - Create preference: `POST https://api.mercadopago.com/checkout/preferences` with `Authorization: Bearer`
 *   (reference https://www.mercadopago.com.br/developers/pt/reference/preferences/_checkout_preferences/post):
 *   `items[{ id, title, quantity, currency_id, unit_price (reais) }]`, `payer`, `external_reference`,
 *   `notification_url`, `back_urls` + `auto_return`, `payment_methods { excluded_payment_types, installments }`,
 *   `expires` / `expiration_date_to`. The answer's `init_point` is the link.
 * - Search payments: `GET /v1/payments/search?external_reference=…&sort=date_created&criteria=desc`
 *   (reference …/reference/payments/_payments_search/get) → `{ results: [payment…], paging }`.
 * - Cancel: a preference has nothing to cancel until the shopper starts paying; the attempts found by
 *   external_reference that are still `pending` / `in_process` / `authorized` are cancelled with
 *   `PUT /v1/payments/{id}` `{ "status": "cancelled" }` (mercadopago.ts).
 * - Webhooks: Mercado Pago's (mercadopago-webhook.ts); `data.id` is a Mercado Pago payment id, so the payment is
 *   fetched to learn its `external_reference`.
 *
 * Our providerPaymentId for this gateway is the external reference (our payment id): a preference has no
 * payment until the shopper pays, and a shopper may try several times on the same link. fetchCharge reads the
 * approved payment when there is one, else the latest attempt, else 'waiting'.
 */
import {
  GatewayError,
  type ChargeRequest,
  type ChargeResult,
  type PaymentGateway,
  type WebhookRequest,
} from './gateway.ts';
import { callGateway, documentKind, isObject, obj, splitName, str } from './gateway-http.ts';
import {
  cancelMercadoPagoPayment,
  mapMercadoPagoPayment,
  mercadoPagoHttp,
  toMercadoPagoDate,
  toReais,
} from './mercadopago.ts';
import { verifyMercadoPagoNotification, webhooksOnly } from './mercadopago-webhook.ts';
import { refundMercadoPagoPayment } from './mercadopago-refund.ts';

export type PaymentLinkOptions = {
  accessToken: string;
  webhookSecret: string;
  /** Default https://api.mercadopago.com. */
  baseUrl?: string;
  notificationUrl?: string | null;
  /** Where Mercado Pago sends the shopper back (e.g. the chat or `/finish`). */
  backUrls?: { success: string; pending?: string; failure?: string } | null;
  timeoutMs?: number;
  webhookToleranceSeconds?: number;
  fetch?: typeof fetch;
  now?: () => number;
};

type Method = 'card' | 'pix' | 'boleto';

/** Payment types Mercado Pago should not offer for each of our methods. */
/** Mercado Pago statuses a payment can still be cancelled from. */
const CANCELLABLE = new Set(['pending', 'in_process', 'authorized']);

const EXCLUDED: Record<Method, string[]> = {
  card: ['ticket', 'bank_transfer', 'atm'],
  pix: ['credit_card', 'debit_card', 'prepaid_card', 'ticket', 'atm'],
  boleto: ['credit_card', 'debit_card', 'prepaid_card', 'bank_transfer', 'atm'],
};

export function paymentLinkGateway(options: PaymentLinkOptions): PaymentGateway {
  const http = mercadoPagoHttp(options);
  const now = options.now ?? Date.now;

  async function createLink(
    request: ChargeRequest,
    method: Method,
    extra: { installments?: number; expiresAtMs?: number | null; expirationText?: string },
  ): Promise<ChargeResult> {
    const { first, last } = splitName(request.payer.name);
    const document = request.payer.document.replace(/[^0-9A-Za-z]/g, '');
    const expiration =
      extra.expirationText ?? (extra.expiresAtMs ? toMercadoPagoDate(extra.expiresAtMs) : undefined);
    const preference = await callGateway(
      http,
      'POST',
      '/checkout/preferences',
      {
        items: [
          {
            id: request.orderId,
            title: request.description,
            quantity: 1,
            currency_id: 'BRL',
            unit_price: toReais(request.amountCents),
          },
        ],
        payer: {
          name: first,
          surname: last,
          ...(request.payer.email ? { email: request.payer.email } : {}),
          identification: { type: documentKind(document), number: document },
        },
        external_reference: request.paymentId,
        ...(options.notificationUrl ? { notification_url: webhooksOnly(options.notificationUrl) } : {}),
        ...(options.backUrls ? { back_urls: options.backUrls, auto_return: 'approved' } : {}),
        payment_methods: {
          excluded_payment_types: EXCLUDED[method].map((id) => ({ id })),
          ...(extra.installments ? { installments: extra.installments } : {}),
        },
        ...(expiration ? { expires: true, expiration_date_to: expiration } : {}),
      },
      { 'x-idempotency-key': request.idempotencyKey },
    );
    const link = str(preference.init_point);
    if (!link) throw new GatewayError('preferência sem init_point', 'badResponse', true);
    return {
      providerPaymentId: request.paymentId,
      status: 'waiting',
      failure: null,
      paymentLink: link,
      expiresAt: expiration ? new Date(expiration) : null,
      raw: { preferenceId: str(preference.id), initPoint: link },
    };
  }

  /** The Mercado Pago payments (attempts) of our payment, newest first. */
  async function attempts(reference: string): Promise<Record<string, unknown>[]> {
    const query = new URLSearchParams({
      external_reference: reference,
      sort: 'date_created',
      criteria: 'desc',
    });
    const page = await callGateway(http, 'GET', `/v1/payments/search?${query.toString()}`);
    if (!Array.isArray(page.results)) throw new GatewayError('busca sem results', 'badResponse', true);
    return page.results.filter(isObject);
  }

  async function fetchPayment(mercadoPagoPaymentId: string) {
    return callGateway(http, 'GET', `/v1/payments/${encodeURIComponent(mercadoPagoPaymentId)}`);
  }

  return {
    name: 'link',

    chargeCard: (request) => createLink(request, 'card', { installments: request.installments }),

    chargePix: (request) =>
      createLink(request, 'pix', { expiresAtMs: now() + request.expiresInSeconds * 1000 }),

    chargeBoleto: (request) =>
      createLink(request, 'boleto', { expirationText: `${request.dueDate}T23:59:59.000-03:00` }),

    async fetchCharge(providerPaymentId: string) {
      const payments = await attempts(providerPaymentId);
      const chosen = payments.find((payment) => payment.status === 'approved') ?? payments[0];
      if (!chosen) {
        return {
          providerPaymentId,
          status: 'waiting',
          failure: null,
          paymentLink: null,
          raw: { results: 0 },
        };
      }
      const result = mapMercadoPagoPayment(chosen, now());
      return {
        ...result,
        providerPaymentId,
        raw: { mercadoPagoPaymentId: result.providerPaymentId, ...obj(result.raw) },
      };
    },

    async cancelCharge(providerPaymentId: string) {
      for (const payment of await attempts(providerPaymentId)) {
        const id = str(payment.id);
        if (id && CANCELLABLE.has(str(payment.status) ?? '')) await cancelMercadoPagoPayment(http, id);
      }
    },

    /** The link's approved Mercado Pago payment is the one refunded (refunds: mercadopago-refund.ts). */
    async refund(request) {
      const approved = (await attempts(request.providerPaymentId)).find((p) => p.status === 'approved');
      const id = str(approved?.id);
      if (!id) throw new GatewayError('o link não tem pagamento aprovado', 'refused', false);
      return refundMercadoPagoPayment(http, { ...request, providerPaymentId: id });
    },

    async parseWebhook(request: WebhookRequest) {
      const verified = verifyMercadoPagoNotification(request, {
        webhookSecret: options.webhookSecret,
        toleranceSeconds: options.webhookToleranceSeconds,
        now,
      });
      const reference = str((await fetchPayment(verified.dataId)).external_reference);
      if (!reference) throw new GatewayError('pagamento sem external_reference', 'badResponse', false);
      return { eventId: verified.eventId, providerPaymentId: reference, status: null };
    },
  };
}
