import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeHttpServer, type FakeHttpServer } from '../channels/fake-http-server.ts';
import { baseRequest, gatewayFailure, NOW } from './gateway-fixtures.ts';
import { mercadoPagoSignature } from './mercadopago-webhook.ts';
import { paymentLinkGateway } from './payment-link.ts';

let server: FakeHttpServer;
beforeAll(async () => {
  server = await startFakeHttpServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const gateway = () =>
  paymentLinkGateway({
    accessToken: 'APP_USR-link-token',
    webhookSecret: 'whsec-link',
    baseUrl: server.url,
    notificationUrl: 'https://loja.test/api/payments/webhooks/link',
    backUrls: { success: 'https://loja.test/finish', failure: 'https://loja.test/change-payment' },
    now: () => NOW,
  });

/** Documented answer of POST /checkout/preferences (trimmed). */
const PREFERENCE = {
  status: 201,
  body: {
    id: '202809963-920c288b-4ebb-40be-966f-700250fa5370',
    init_point: 'https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=202809963-920c288b',
    sandbox_init_point: 'https://sandbox.mercadopago.com.br/checkout/v1/redirect?pref_id=202809963-920c288b',
    external_reference: 'pay_01JABC',
  },
};

describe('payment-link gateway (Mercado Pago Checkout Pro)', () => {
  it('creates a preference for a card payment and answers waiting with the link', async () => {
    server.respond(PREFERENCE);
    const result = await gateway().chargeCard({
      ...baseRequest,
      installments: 6,
      card: { kind: 'token', token: 'unused', brand: null },
    });
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/checkout/preferences');
    expect(request?.headers.authorization).toBe('Bearer APP_USR-link-token');
    expect(request?.headers['x-idempotency-key']).toBe('idem-7f3c');
    expect(request?.json).toEqual({
      items: [
        {
          id: 'ord_01JXYZ',
          title: 'Pedido 1001 - Hortifruti',
          quantity: 1,
          currency_id: 'BRL',
          unit_price: 123.45,
        },
      ],
      payer: {
        name: 'Maria',
        surname: 'da Silva Souza',
        email: 'maria@example.com',
        identification: { type: 'CPF', number: '52998224725' },
      },
      external_reference: 'pay_01JABC',
      notification_url: 'https://loja.test/api/payments/webhooks/link?source_news=webhooks',
      back_urls: { success: 'https://loja.test/finish', failure: 'https://loja.test/change-payment' },
      auto_return: 'approved',
      payment_methods: {
        excluded_payment_types: [{ id: 'ticket' }, { id: 'bank_transfer' }, { id: 'atm' }],
        installments: 6,
      },
    });
    expect(result).toEqual({
      providerPaymentId: 'pay_01JABC',
      status: 'waiting',
      failure: null,
      paymentLink: PREFERENCE.body.init_point,
      expiresAt: null,
      raw: { preferenceId: PREFERENCE.body.id, initPoint: PREFERENCE.body.init_point },
    });
    expect(JSON.stringify(request?.json)).not.toContain('unused');
  });

  it('limits a Pix link to bank transfer and sets its expiry', async () => {
    server.respond(PREFERENCE);
    const result = await gateway().chargePix({ ...baseRequest, expiresInSeconds: 3600 });
    expect(server.requests[0]?.json).toMatchObject({
      payment_methods: {
        excluded_payment_types: [
          { id: 'credit_card' },
          { id: 'debit_card' },
          { id: 'prepaid_card' },
          { id: 'ticket' },
          { id: 'atm' },
        ],
      },
      expires: true,
      expiration_date_to: '2026-03-10T13:00:00.000-03:00',
    });
    expect(result.expiresAt?.toISOString()).toBe('2026-03-10T16:00:00.000Z');
  });

  it('fetches by external_reference: the approved attempt wins, none yet → waiting', async () => {
    server.respond({
      status: 200,
      body: {
        paging: { total: 2, limit: 30, offset: 0 },
        results: [
          {
            id: 2002,
            status: 'rejected',
            status_detail: 'cc_rejected_other_reason',
            payment_type_id: 'credit_card',
          },
          {
            id: 2001,
            status: 'approved',
            status_detail: 'accredited',
            payment_method_id: 'visa',
            payment_type_id: 'credit_card',
            card: { first_six_digits: '423564', last_four_digits: '5682' },
          },
        ],
      },
    });
    const paid = await gateway().fetchCharge('pay_01JABC');
    expect(server.requests[0]?.method).toBe('GET');
    expect(server.requests[0]?.path).toBe(
      '/v1/payments/search?external_reference=pay_01JABC&sort=date_created&criteria=desc',
    );
    expect(paid).toMatchObject({
      providerPaymentId: 'pay_01JABC',
      status: 'paid',
      cardBrand: 'visa',
      cardLastFour: '5682',
    });
    expect(paid.raw).toMatchObject({ mercadoPagoPaymentId: '2001' });
    server.respond({ status: 200, body: { paging: { total: 0 }, results: [] } });
    expect((await gateway().fetchCharge('pay_01JABC')).status).toBe('waiting');
    server.respond({ status: 200, body: { paging: { total: 0 } } });
    expect((await gatewayFailure(gateway().fetchCharge('pay_01JABC'))).code).toBe('badResponse');
  });

  it("cancels the link's pending attempts by external_reference (PUT /v1/payments/{id}); none → no call", async () => {
    server.respond(
      {
        status: 200,
        body: {
          paging: { total: 2 },
          results: [
            { id: 3002, status: 'pending', payment_type_id: 'bank_transfer' },
            { id: 3001, status: 'rejected', payment_type_id: 'credit_card' },
          ],
        },
      },
      { status: 200, body: { id: 3002, status: 'cancelled' } },
    );
    await gateway().cancelCharge('pay_01JABC');
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/payments/search?external_reference=pay_01JABC&sort=date_created&criteria=desc',
      'PUT /v1/payments/3002',
    ]);
    expect(server.requests[1]?.json).toEqual({ status: 'cancelled' });
    expect(server.requests[1]?.headers.authorization).toBe('Bearer APP_USR-link-token');
    server.requests.length = 0;
    server.respond({ status: 200, body: { paging: { total: 0 }, results: [] } });
    await gateway().cancelCharge('pay_01JABC');
    expect(server.requests).toHaveLength(1);
  });

  it('maps provider errors like the Mercado Pago adapter', async () => {
    server.respond({
      status: 400,
      body: { message: 'items.unit_price invalid', error: 'bad_request', status: 400 },
    });
    expect(await gatewayFailure(gateway().chargePix({ ...baseRequest, expiresInSeconds: 60 }))).toMatchObject(
      {
        code: 'refused',
        retryable: false,
      },
    );
    server.respond({ status: 502, body: {} });
    expect((await gatewayFailure(gateway().fetchCharge('pay_01JABC'))).code).toBe('unavailable');
  });

  it('verifies the Mercado Pago webhook and resolves the payment to our reference', async () => {
    const ts = String(Math.floor(NOW / 1000));
    const request = (secret: string) => ({
      headers: { 'x-signature': mercadoPagoSignature(secret, '2001', 'req-9', ts), 'x-request-id': 'req-9' },
      query: { 'data.id': '2001', type: 'payment' },
      rawBody: JSON.stringify({ id: 777, type: 'payment', action: 'payment.created', data: { id: '2001' } }),
    });
    server.respond({ status: 200, body: { id: 2001, status: 'approved', external_reference: 'pay_01JABC' } });
    expect(await gateway().parseWebhook(request('whsec-link'))).toEqual({
      eventId: 'mp:777',
      providerPaymentId: 'pay_01JABC',
      status: null,
    });
    expect(server.requests[0]?.path).toBe('/v1/payments/2001');
    server.requests.length = 0;
    expect((await gatewayFailure(gateway().parseWebhook(request('wrong')))).code).toBe('invalidSignature');
    expect(server.requests).toHaveLength(0);
  });
});
