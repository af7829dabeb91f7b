/**
 * Mercado Pago Payments API (Checkout Transparente / Card Payment Brick).
 *
 * Sources (Mercado Pago Developers):
 * - Create payment: `POST https://api.mercadopago.com/v1/payments`, `Authorization: Bearer <access token>`,
 *   `X-Idempotency-Key` mandatory ("Idempotência"; reference
 *   https://www.mercadopago.com.br/developers/pt/reference/payments/_payments/post). Body `transaction_amount`
 *   (reais, decimal), `token` (from the Card Payment Brick), `installments`, `payment_method_id`, `issuer_id`,
 *   `payer { email, identification { type, number } }`, `description`, `external_reference`,
 *   `notification_url`.
 * - Pix (https://www.mercadopago.com.br/developers/pt/docs/checkout-api/integration-configuration/integrate-pix):
 *   `payment_method_id: "pix"`, `date_of_expiration`; the answer carries
 *   `point_of_interaction.transaction_data.{qr_code, qr_code_base64, ticket_url}`.
 * - Boleto (…/integration-configuration/integrate-boleto): `payment_method_id: "bolbradesco"`, payer with
 *   `first_name`, `last_name` and `address { zip_code, street_name, street_number, neighborhood, city,
 *   federal_unit }`; the answer carries `barcode.content`, `transaction_details.external_resource_url` and
 *   `transaction_details.digitable_line`.
 * - Cancel ("Criar cancelamento", https://www.mercadopago.com.br/developers/pt/reference/chargebacks/_payments_payment_id/put):
 *   `PUT /v1/payments/{id}` with `{ "status": "cancelled" }`, allowed while `pending`, `in_process` or
 *   `authorized`; otherwise 400 (cause 2018).
 * - Get payment: `GET /v1/payments/{id}`. Status / status_detail ("Status de pagamento"): approved → paid,
 *   authorized → authorized, pending / in_process → waiting (expired once `date_of_expiration` has passed),
 *   rejected → failed (cc_rejected_insufficient_amount → limitExceeded, cc_rejected_bad_filled_* → invalidData,
 *   others → unknown), cancelled → canceled (status_detail `expired` → expired), refunded / charged_back →
 *   refunded, in_mediation → paid (a dispute on a paid payment).
 * - Webhooks: see mercadopago-webhook.ts. `notification_url` carries `?source_news=webhooks` so Mercado Pago sends
 *   only signed Webhooks, not the unsigned IPN calls as well ("Configurar notificações", notification_url).
 * - Retries: the official SDK (mercadopago/sdk-nodejs `src/utils/errors/index.ts`) classes 423 ("idempotency key
 *   temporarily locked") and 424 ("internal dependency failure") as retryable. A create answered 423/424 is sent
 *   again with the SAME `X-Idempotency-Key` after a bounded backoff (`retryDelaysMs`, default 300 ms then 1 s);
 *   still 423/424 after that → GatewayError 'unavailable', retryable: the payment stays Waiting and the webhook
 *   (found by `external_reference`) or a later retry settles it.
 * - Pix expiry: Mercado Pago accepts `date_of_expiration` from 30 minutes to 30 days after creation; we send the
 *   requested expiry (at least 30 min) plus `PIX_EXPIRY_MARGIN_SECONDS`, computed just before the request, so the
 *   request's own latency never lands it under the floor.
 *
 * Amounts cross our interface in centavos and become reais only here. Only browser-made card tokens are sent: a
 * raw card is refused before any request. `raw` keeps the provider answer without card fields.
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
} from './gateway.ts';
import {
  callGateway,
  date,
  documentKind,
  obj,
  scrubCardData,
  splitName,
  str,
  toReais,
  type GatewayHttp,
} from './gateway-http.ts';
import { verifyMercadoPagoNotification, webhooksOnly } from './mercadopago-webhook.ts';
import { cardBrandFromProvider } from './card-brand-names.ts';
import { refundMercadoPagoPayment } from './mercadopago-refund.ts';

export const MERCADO_PAGO_API = 'https://api.mercadopago.com';
/** Mercado Pago's floor for a Pix `date_of_expiration` and the margin we add over it. */
export const PIX_MIN_EXPIRY_SECONDS = 30 * 60;
export const PIX_EXPIRY_MARGIN_SECONDS = 2 * 60;
/** Statuses the official SDK retries with the same idempotency key (423 locked, 424 failed dependency). */
const RETRY_SAME_KEY = [423, 424] as const;

export type MercadoPagoOptions = {
  accessToken: string;
  /** Secret of the webhook configured in "Suas integrações". */
  webhookSecret: string;
  /** Default https://api.mercadopago.com (tests point it at 127.0.0.1). */
  baseUrl?: string;
  /** Sent as `notification_url` (our webhook route); omitted when null. */
  notificationUrl?: string | null;
  /** Card statement text (`statement_descriptor`). */
  statementDescriptor?: string | null;
  timeoutMs?: number;
  webhookToleranceSeconds?: number;
  fetch?: typeof fetch;
  /** Clock (ms), injectable for tests. */
  now?: () => number;
  /** Waits before re-sending a create answered 423/424 (same idempotency key); default [300, 1000]. */
  retryDelaysMs?: readonly number[];
};

export { toReais };

/** Brasília time (UTC−3, no daylight saving since 2019) in Mercado Pago's `yyyy-MM-dd'T'HH:mm:ss.SSS-03:00`. */
export function toMercadoPagoDate(epochMs: number): string {
  return `${new Date(epochMs - 3 * 3600_000).toISOString().slice(0, 23)}-03:00`;
}

export function mercadoPagoHttp(options: {
  accessToken: string;
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): GatewayHttp {
  return {
    baseUrl: options.baseUrl ?? MERCADO_PAGO_API,
    headers: { authorization: `Bearer ${options.accessToken}` },
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
    retryableStatuses: RETRY_SAME_KEY,
    errorMessage: (body) => {
      const error = obj(body);
      const cause = Array.isArray(error.cause) ? obj(error.cause[0]) : {};
      return str(error.message) ?? str(cause.description) ?? str(error.error);
    },
  };
}

const INVALID_DATA = /^cc_rejected_bad_filled_/;

export function mercadoPagoStatus(
  payment: Record<string, unknown>,
  nowMs: number,
): { status: GatewayStatus; failure: GatewayFailure | null } {
  const status = str(payment.status);
  const detail = str(payment.status_detail) ?? '';
  switch (status) {
    case 'approved':
    case 'in_mediation':
      return { status: 'paid', failure: null };
    case 'authorized':
      return { status: 'authorized', failure: null };
    case 'pending':
    case 'in_process': {
      const expiry = date(payment.date_of_expiration);
      return { status: expiry && expiry.getTime() < nowMs ? 'expired' : 'waiting', failure: null };
    }
    case 'rejected':
      return {
        status: 'failed',
        failure:
          detail === 'cc_rejected_insufficient_amount'
            ? 'limitExceeded'
            : INVALID_DATA.test(detail)
              ? 'invalidData'
              : 'unknown',
      };
    case 'cancelled':
      return { status: detail === 'expired' ? 'expired' : 'canceled', failure: null };
    case 'refunded':
    case 'charged_back':
      return { status: 'refunded', failure: null };
    default:
      throw new GatewayError(`status desconhecido: ${String(status).slice(0, 40)}`, 'badResponse', true);
  }
}

/** A Mercado Pago payment resource as our ChargeResult. */
export function mapMercadoPagoPayment(payment: Record<string, unknown>, nowMs: number): ChargeResult {
  const id = str(payment.id);
  if (!id) throw new GatewayError('resposta sem id do pagamento', 'badResponse', true);
  const { status, failure } = mercadoPagoStatus(payment, nowMs);
  const pix = obj(obj(payment.point_of_interaction).transaction_data);
  const details = obj(payment.transaction_details);
  const isCard = ['credit_card', 'debit_card', 'prepaid_card'].includes(str(payment.payment_type_id) ?? '');
  const qrBase64 = str(pix.qr_code_base64);
  return {
    providerPaymentId: id,
    status,
    failure,
    cardBrand: isCard ? cardBrandFromProvider(str(payment.payment_method_id)) : null,
    cardLastFour: isCard ? str(obj(payment.card).last_four_digits) : null,
    pixCopyPaste: str(pix.qr_code),
    pixQrImage: qrBase64 ? `data:image/png;base64,${qrBase64}` : null,
    boletoLine: str(details.digitable_line) ?? str(obj(payment.barcode).content),
    boletoUrl: str(details.external_resource_url),
    paymentLink: null,
    expiresAt: date(payment.date_of_expiration),
    externalReference: str(payment.external_reference),
    raw: scrubCardData(payment),
  };
}

/** `PUT /v1/payments/{id}` `{ status: 'cancelled' }` (pending, in_process or authorized payments only). */
export async function cancelMercadoPagoPayment(http: GatewayHttp, paymentId: string): Promise<void> {
  await callGateway(http, 'PUT', `/v1/payments/${encodeURIComponent(paymentId)}`, { status: 'cancelled' });
}

function payerIdentification(request: ChargeRequest) {
  const number = request.payer.document.replace(/[^0-9A-Za-z]/g, '');
  return { type: documentKind(number), number };
}

/** Mercado Pago gateway: card (token), Pix and boleto through `/v1/payments`. */
export function mercadoPagoGateway(options: MercadoPagoOptions): PaymentGateway {
  const http = mercadoPagoHttp(options);
  const now = options.now ?? Date.now;

  const common = (request: ChargeRequest) => ({
    transaction_amount: toReais(request.amountCents),
    description: request.description,
    external_reference: request.paymentId,
    ...(options.notificationUrl ? { notification_url: webhooksOnly(options.notificationUrl) } : {}),
  });

  const delays = options.retryDelaysMs ?? [300, 1000];
  const create = async (request: ChargeRequest, body: () => Record<string, unknown>) => {
    const headers = { 'x-idempotency-key': request.idempotencyKey };
    for (let attempt = 0; ; attempt += 1) {
      try {
        return mapMercadoPagoPayment(await callGateway(http, 'POST', '/v1/payments', body(), headers), now());
      } catch (error) {
        const locked = error instanceof GatewayError && RETRY_SAME_KEY.some((s) => s === error.httpStatus);
        if (!locked || attempt >= delays.length) throw error;
        await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
      }
    }
  };

  return {
    name: 'mercadopago',

    async chargeCard(request: CardChargeRequest) {
      const card = request.card;
      if (card.kind !== 'token') throw new GatewayError('cartão sem token', 'refused', false);
      if (!card.brand) throw new GatewayError('cartão sem bandeira', 'refused', false);
      return create(request, () => ({
        ...common(request),
        token: card.token,
        installments: request.installments,
        payment_method_id: card.brand,
        ...(card.issuerId ? { issuer_id: card.issuerId } : {}),
        ...(options.statementDescriptor ? { statement_descriptor: options.statementDescriptor } : {}),
        payer: {
          ...(request.payer.email ? { email: request.payer.email } : {}),
          identification: payerIdentification(request),
        },
      }));
    },

    async chargePix(request: PixChargeRequest) {
      const { first, last } = splitName(request.payer.name);
      const seconds = Math.max(request.expiresInSeconds, PIX_MIN_EXPIRY_SECONDS) + PIX_EXPIRY_MARGIN_SECONDS;
      return create(request, () => ({
        ...common(request),
        payment_method_id: 'pix',
        date_of_expiration: toMercadoPagoDate(now() + seconds * 1000),
        payer: {
          ...(request.payer.email ? { email: request.payer.email } : {}),
          first_name: first,
          last_name: last,
          identification: payerIdentification(request),
        },
      }));
    },

    async chargeBoleto(request: BoletoChargeRequest) {
      const address = request.payer.address;
      if (!address) throw new GatewayError('boleto exige o endereço do pagador', 'refused', false);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(request.dueDate)) {
        throw new GatewayError('data de vencimento inválida', 'refused', false);
      }
      const { first, last } = splitName(request.payer.name);
      return create(request, () => ({
        ...common(request),
        payment_method_id: 'bolbradesco',
        date_of_expiration: `${request.dueDate}T23:59:59.000-03:00`,
        payer: {
          ...(request.payer.email ? { email: request.payer.email } : {}),
          first_name: first,
          last_name: last,
          identification: payerIdentification(request),
          address: {
            zip_code: address.zipCode.replace(/\D/g, ''),
            street_name: address.street,
            street_number: address.number,
            neighborhood: address.neighborhood,
            city: address.city,
            federal_unit: address.state,
          },
        },
      }));
    },

    async fetchCharge(providerPaymentId: string) {
      const payment = await callGateway(http, 'GET', `/v1/payments/${encodeURIComponent(providerPaymentId)}`);
      return mapMercadoPagoPayment(payment, now());
    },

    cancelCharge: (providerPaymentId: string) => cancelMercadoPagoPayment(http, providerPaymentId),

    refund: (request) => refundMercadoPagoPayment(http, request),

    async parseWebhook(request) {
      const verified = verifyMercadoPagoNotification(request, {
        webhookSecret: options.webhookSecret,
        toleranceSeconds: options.webhookToleranceSeconds,
        now,
      });
      return { eventId: verified.eventId, providerPaymentId: verified.dataId, status: null };
    },
  };
}
