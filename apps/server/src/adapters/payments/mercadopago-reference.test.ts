/**
 * Mercado Pago adapter checked against what Mercado Pago itself publishes (not against our own fake's opinion):
 *
 * - Boleto: "Novos campos obrigatórios para enviar pagamentos com boleto bancário no Checkout Transparente"
 *   (https://www.mercadopago.com.br/developers/pt/news/2024/05/31/New-mandatory-fields-to-send-payments-with-boleto-banc-rio-in-Checkout-Transparent)
 *   and "Checkout Transparente › Boleto" (https://www.mercadopago.com.br/developers/pt/docs/checkout-api-v2/payment-integration/boleto):
 *   payment_method_id `bolbradesco`; payer `identification {type: CPF, number}` and `address {zip_code, street_name,
 *   street_number, neighborhood, city, federal_unit}`; the SDK's `PayerRequest.address: AddressRequest`
 *   (mercadopago/sdk-nodejs `src/clients/payment/create/types.ts`).
 * - Pix: "Checkout Transparente › Pix" (https://www.mercadopago.com.br/developers/pt/docs/checkout-api/integration-configuration/integrate-pix):
 *   `date_of_expiration` from 30 minutes to 30 days after the payment is created.
 * - 423/424: mercadopago/sdk-nodejs `src/utils/errors/index.ts` (`MPResourceLockedError` "idempotency key
 *   temporarily locked (retryable)", `MPDependencyError` "internal dependency failure (retryable)"), and the
 *   `X-Idempotency-Key` rule of "Idempotência" (https://www.mercadopago.com.br/developers/pt/reference/payments/_payments/post).
 * - Webhooks: "Notificações › Webhooks" (https://www.mercadopago.com.br/developers/pt/docs/your-integrations/notifications/webhooks):
 *   `notification_url` with `source_news=webhooks` so only Webhooks (not IPN) are sent; `x-signature: ts=…,v1=…`,
 *   v1 = HMAC-SHA256(secret, `id:[data.id_url];request-id:[x-request-id_header];ts:[ts_header];`).
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeHttpServer, type FakeHttpServer } from '../channels/fake-http-server.ts';
import { baseRequest, gatewayFailure, NOW } from './gateway-fixtures.ts';
import { mercadoPagoGateway } from './mercadopago.ts';

/** The payer fields Mercado Pago lists as mandatory for a boleto (2024 BACEN rule), with their types. */
const BOLETO_PAYER_REQUIRED = {
  identification: { type: 'string', number: 'string' },
  address: {
    zip_code: 'string',
    street_name: 'string',
    street_number: 'string',
    neighborhood: 'string',
    city: 'string',
    federal_unit: 'string',
  },
} as const;

/** Documented answer of a boleto create (trimmed), as the docs' "Resposta" shows it. */
const BOLETO_ANSWER = {
  id: 5466310457,
  status: 'pending',
  status_detail: 'pending_waiting_payment',
  payment_method_id: 'bolbradesco',
  payment_type_id: 'ticket',
  external_reference: 'pay_01JABC',
  date_of_expiration: '2026-03-13T23:59:59.000-03:00',
  barcode: { content: '23791968300000123453380250600010021400000000' },
  transaction_details: {
    external_resource_url: 'https://www.mercadopago.com.br/payments/5466310457/ticket?caller_id=1',
    digitable_line: '23793380296000100214400000000003196830000012345',
  },
};

/** The SDK's error body for a locked idempotency key (shape of every Mercado Pago API error). */
const LOCKED = { status: 423, body: { message: 'Resource locked', error: 'locked', status: 423, cause: [] } };

let server: FakeHttpServer;
beforeAll(async () => {
  server = await startFakeHttpServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

function gateway(extra: Partial<Parameters<typeof mercadoPagoGateway>[0]> = {}) {
  return mercadoPagoGateway({
    accessToken: 'APP_USR-token-123',
    webhookSecret: 'whsec-mp',
    baseUrl: server.url,
    notificationUrl: 'https://loja.test/api/webhooks/payments/mercadopago/shp_1',
    now: () => NOW,
    retryDelaysMs: [5, 10],
    ...extra,
  });
}

function expectShape(value: unknown, shape: object, path = 'payer') {
  expect(value, path).toBeTypeOf('object');
  for (const [key, type] of Object.entries(shape)) {
    const item = (value as Record<string, unknown>)[key];
    if (typeof type === 'string') {
      expect(typeof item, `${path}.${key}`).toBe(type);
      expect(String(item).trim(), `${path}.${key}`).not.toBe('');
    } else expectShape(item, type as object, `${path}.${key}`);
  }
}

describe('Mercado Pago, against its published references', () => {
  it('boleto (bolbradesco): the payer carries CPF identification and the full mandatory address', async () => {
    server.respond({ status: 201, body: BOLETO_ANSWER });
    const result = await gateway().chargeBoleto({ ...baseRequest, dueDate: '2026-03-13' });
    const body = server.requests[0]?.json as { payment_method_id: string; payer: unknown };
    expect(body.payment_method_id).toBe('bolbradesco');
    expectShape(body.payer, BOLETO_PAYER_REQUIRED);
    expect(body.payer).toMatchObject({
      identification: { type: 'CPF', number: '52998224725' },
      address: { zip_code: '01452002', federal_unit: 'SP', street_number: '1384' },
    });
    expect(result).toMatchObject({ status: 'waiting', externalReference: 'pay_01JABC' });
  });

  it('Pix: date_of_expiration is still ≥ 30 minutes ahead when the request arrives', async () => {
    let clock = NOW;
    const slow: typeof fetch = (input, init) => {
      clock += 4_000; // 4 s of latency between computing the body and Mercado Pago reading it
      return fetch(input, init);
    };
    server.respond({ status: 201, body: { id: 1, status: 'pending', payment_type_id: 'bank_transfer' } });
    await gateway({ now: () => clock, fetch: slow }).chargePix({ ...baseRequest, expiresInSeconds: 30 * 60 });
    const body = server.requests[0]?.json as { date_of_expiration: string };
    expect(body.date_of_expiration).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}-03:00$/);
    expect(Date.parse(body.date_of_expiration) - clock).toBeGreaterThanOrEqual(30 * 60_000);
    expect(Date.parse(body.date_of_expiration) - clock).toBeLessThanOrEqual(30 * 86_400_000);
  });

  it('423/424 are retried with the SAME X-Idempotency-Key, then succeed', async () => {
    server.respond(
      LOCKED,
      { status: 424, body: { message: 'Failed dependency', status: 424 } },
      {
        status: 201,
        body: { ...BOLETO_ANSWER, payment_method_id: 'pix', payment_type_id: 'bank_transfer' },
      },
    );
    const result = await gateway().chargePix({ ...baseRequest, expiresInSeconds: 1800 });
    expect(server.requests.map((r) => r.headers['x-idempotency-key'])).toEqual([
      'idem-7f3c',
      'idem-7f3c',
      'idem-7f3c',
    ]);
    expect(result.providerPaymentId).toBe('5466310457');
  });

  it('423 past the bounded retries is retryable (stays Waiting), never a refusal', async () => {
    server.respond(LOCKED);
    const error = await gatewayFailure(gateway().chargePix({ ...baseRequest, expiresInSeconds: 1800 }));
    expect(server.requests).toHaveLength(3);
    expect(error).toMatchObject({ code: 'unavailable', retryable: true, httpStatus: 423 });
  });

  it('notification_url asks for Webhooks only (source_news=webhooks) and the signed manifest verifies', async () => {
    server.respond({ status: 201, body: BOLETO_ANSWER });
    await gateway().chargeBoleto({ ...baseRequest, dueDate: '2026-03-13' });
    const url = new URL((server.requests[0]?.json as { notification_url: string }).notification_url);
    expect(url.searchParams.get('source_news')).toBe('webhooks');
    expect(url.pathname).toBe('/api/webhooks/payments/mercadopago/shp_1');

    // What Mercado Pago calls: our URL plus data.id and type; the manifest per the docs' template.
    const ts = String(Math.floor(NOW / 1000));
    const manifest = `id:5466310457;request-id:bb56a2f1-6aae-46ac-982e-9dcd3581d08e;ts:${ts};`;
    const v1 = createHmac('sha256', 'whsec-mp').update(manifest).digest('hex');
    const notification = {
      headers: { 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': 'bb56a2f1-6aae-46ac-982e-9dcd3581d08e' },
      query: { source_news: 'webhooks', 'data.id': '5466310457', type: 'payment' },
      rawBody: JSON.stringify({
        action: 'payment.updated',
        api_version: 'v1',
        data: { id: '5466310457' },
        id: 123,
      }),
    };
    await expect(gateway().parseWebhook(notification)).resolves.toMatchObject({
      providerPaymentId: '5466310457',
    });
    const forged = { ...notification, query: { ...notification.query, 'data.id': '5466310458' } };
    expect((await gatewayFailure(gateway().parseWebhook(forged))).code).toBe('invalidSignature');
  });
});
