import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeHttpServer, type FakeHttpServer } from '../channels/fake-http-server.ts';
import { baseRequest, gatewayFailure, NOW } from './gateway-fixtures.ts';
import { mercadoPagoGateway, mercadoPagoStatus, toReais } from './mercadopago.ts';
import { mercadoPagoManifest, mercadoPagoSignature } from './mercadopago-webhook.ts';

let server: FakeHttpServer;
beforeAll(async () => {
  server = await startFakeHttpServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const gateway = (timeoutMs = 2000) =>
  mercadoPagoGateway({
    accessToken: 'APP_USR-token-123',
    webhookSecret: 'whsec-mp',
    baseUrl: server.url,
    notificationUrl: 'https://loja.test/api/payments/webhooks/mercadopago',
    timeoutMs,
    now: () => NOW,
  });

const cardRequest = {
  ...baseRequest,
  installments: 3,
  card: {
    kind: 'token' as const,
    token: 'ff8080814c11e237014c1ff593b57b4d',
    brand: 'master',
    issuerId: '24',
  },
};

/** Documented answer of POST /v1/payments for an approved card (trimmed). */
const approvedCard = {
  id: 1234567890,
  status: 'approved',
  status_detail: 'accredited',
  payment_method_id: 'master',
  payment_type_id: 'credit_card',
  transaction_amount: 123.45,
  installments: 3,
  external_reference: 'pay_01JABC',
  card: {
    first_six_digits: '503143',
    last_four_digits: '6351',
    cardholder: { name: 'APRO', identification: { type: 'CPF', number: '52998224725' } },
  },
};

describe('Mercado Pago adapter', () => {
  it('charges a card token: POST /v1/payments with bearer, X-Idempotency-Key and the documented body', async () => {
    server.respond({ status: 201, body: approvedCard });
    const result = await gateway().chargeCard(cardRequest);
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/payments');
    expect(request?.headers.authorization).toBe('Bearer APP_USR-token-123');
    expect(request?.headers['x-idempotency-key']).toBe('idem-7f3c');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.json).toEqual({
      transaction_amount: 123.45,
      description: 'Pedido 1001 - Hortifruti',
      external_reference: 'pay_01JABC',
      notification_url: 'https://loja.test/api/payments/webhooks/mercadopago?source_news=webhooks',
      token: 'ff8080814c11e237014c1ff593b57b4d',
      installments: 3,
      payment_method_id: 'master',
      issuer_id: '24',
      payer: { email: 'maria@example.com', identification: { type: 'CPF', number: '52998224725' } },
    });
    expect(result).toMatchObject({
      providerPaymentId: '1234567890',
      status: 'paid',
      failure: null,
      cardBrand: 'mastercard',
      cardLastFour: '6351',
    });
    expect(JSON.stringify(result.raw)).not.toContain('503143');
  });

  it('maps card refusals from status_detail', async () => {
    const refused = (detail: string) => ({
      status: 201,
      body: { ...approvedCard, status: 'rejected', status_detail: detail },
    });
    server.respond(refused('cc_rejected_insufficient_amount'));
    expect(await gateway().chargeCard(cardRequest)).toMatchObject({
      status: 'failed',
      failure: 'limitExceeded',
    });
    server.respond(refused('cc_rejected_bad_filled_security_code'));
    expect(await gateway().chargeCard(cardRequest)).toMatchObject({
      status: 'failed',
      failure: 'invalidData',
    });
    server.respond(refused('cc_rejected_high_risk'));
    expect(await gateway().chargeCard(cardRequest)).toMatchObject({ status: 'failed', failure: 'unknown' });
  });

  it('never sends a raw card', async () => {
    const raw = {
      kind: 'raw' as const,
      number: '4111111111111111',
      securityCode: '123',
      holderName: 'MARIA',
      expiryMonth: 12,
      expiryYear: 2030,
    };
    const error = await gatewayFailure(gateway().chargeCard({ ...cardRequest, card: raw }));
    expect(error.code).toBe('refused');
    expect(error.message).not.toContain('4111');
    expect(server.requests).toHaveLength(0);
  });

  it('creates a Pix payment and maps the QR code, copy-and-paste code and expiry', async () => {
    server.respond({
      status: 201,
      body: {
        id: 555,
        status: 'pending',
        status_detail: 'pending_waiting_transfer',
        payment_method_id: 'pix',
        payment_type_id: 'bank_transfer',
        date_of_expiration: '2026-03-10T12:30:00.000-03:00',
        point_of_interaction: {
          type: 'PIX',
          transaction_data: {
            qr_code: '00020126360014br.gov.bcb.pix0114+5511999998888520400005303986540512.345802BR6304ABCD',
            qr_code_base64: 'iVBORw0KGgo=',
            ticket_url: 'https://www.mercadopago.com.br/payments/555/ticket',
          },
        },
      },
    });
    const result = await gateway().chargePix({ ...baseRequest, expiresInSeconds: 1800 });
    expect(server.requests[0]?.json).toEqual({
      transaction_amount: 123.45,
      description: 'Pedido 1001 - Hortifruti',
      external_reference: 'pay_01JABC',
      notification_url: 'https://loja.test/api/payments/webhooks/mercadopago?source_news=webhooks',
      payment_method_id: 'pix',
      date_of_expiration: '2026-03-10T12:32:00.000-03:00',
      payer: {
        email: 'maria@example.com',
        first_name: 'Maria',
        last_name: 'da Silva Souza',
        identification: { type: 'CPF', number: '52998224725' },
      },
    });
    expect(result).toMatchObject({
      providerPaymentId: '555',
      status: 'waiting',
      pixCopyPaste: expect.stringContaining('br.gov.bcb.pix'),
      pixQrImage: 'data:image/png;base64,iVBORw0KGgo=',
      cardBrand: null,
    });
    expect(result.expiresAt?.toISOString()).toBe('2026-03-10T15:30:00.000Z');
  });

  it('creates a boleto (bolbradesco) with the payer address and maps line and PDF link', async () => {
    server.respond({
      status: 201,
      body: {
        id: 777,
        status: 'pending',
        status_detail: 'pending_waiting_payment',
        payment_method_id: 'bolbradesco',
        payment_type_id: 'ticket',
        date_of_expiration: '2026-03-13T23:59:59.000-03:00',
        barcode: { content: '23791234500000123453380261000000000000000000' },
        transaction_details: {
          external_resource_url: 'https://www.mercadopago.com.br/payments/777/ticket?caller_id=1',
          digitable_line: '23793380296100000000000000000000112340000012345',
        },
      },
    });
    const result = await gateway().chargeBoleto({ ...baseRequest, dueDate: '2026-03-13' });
    expect(server.requests[0]?.json).toMatchObject({
      payment_method_id: 'bolbradesco',
      date_of_expiration: '2026-03-13T23:59:59.000-03:00',
      payer: {
        first_name: 'Maria',
        last_name: 'da Silva Souza',
        address: {
          zip_code: '01452002',
          street_name: 'Avenida Brigadeiro Faria Lima',
          street_number: '1384',
          neighborhood: 'Pinheiros',
          city: 'São Paulo',
          federal_unit: 'SP',
        },
      },
    });
    expect(result).toMatchObject({
      status: 'waiting',
      boletoLine: '23793380296100000000000000000000112340000012345',
      boletoUrl: 'https://www.mercadopago.com.br/payments/777/ticket?caller_id=1',
    });
  });

  it('fetches a payment with GET /v1/payments/{id}', async () => {
    server.respond({ status: 200, body: { ...approvedCard, status: 'refunded', status_detail: 'refunded' } });
    const result = await gateway().fetchCharge('1234567890');
    expect(server.requests[0]).toMatchObject({ method: 'GET', path: '/v1/payments/1234567890', raw: '' });
    expect(server.requests[0]?.headers.authorization).toBe('Bearer APP_USR-token-123');
    expect(result.status).toBe('refunded');
  });

  it('cancels a pending payment: PUT /v1/payments/{id} {"status":"cancelled"}; a paid one is refused', async () => {
    server.respond({
      status: 200,
      body: { id: 1234567890, status: 'cancelled', date_last_updated: '2026-03-10T12:01:00.000-04:00' },
    });
    await gateway().cancelCharge('1234567890');
    expect(server.requests[0]).toMatchObject({
      method: 'PUT',
      path: '/v1/payments/1234567890',
      json: { status: 'cancelled' },
    });
    expect(server.requests[0]?.headers.authorization).toBe('Bearer APP_USR-token-123');
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
    server.respond({
      status: 400,
      body: {
        message: 'The action requested is not valid for the current payment state',
        error: 'bad_request',
        status: 400,
        cause: [
          { code: 2018, description: 'The action requested is not valid for the current payment state' },
        ],
      },
    });
    expect(await gatewayFailure(gateway().cancelCharge('1234567890'))).toMatchObject({
      code: 'refused',
      retryable: false,
      httpStatus: 400,
    });
  });

  it('maps errors: 4xx refused, 429/5xx and timeouts unavailable (retryable), unreadable body badResponse', async () => {
    server.respond({
      status: 400,
      body: {
        message: 'Invalid card_token_id',
        error: 'bad_request',
        status: 400,
        cause: [{ code: 3003, description: 'Invalid card_token_id' }],
      },
    });
    const refused = await gatewayFailure(gateway().chargeCard(cardRequest));
    expect(refused).toMatchObject({ code: 'refused', retryable: false, httpStatus: 400 });
    expect(refused.message).toContain('Invalid card_token_id');
    expect(refused.message).not.toContain('APP_USR');
    server.respond({
      status: 401,
      body: { message: 'invalid access token', error: 'unauthorized', status: 401 },
    });
    expect(await gatewayFailure(gateway().fetchCharge('1'))).toMatchObject({
      code: 'refused',
      retryable: false,
    });
    server.respond({ status: 500, body: { message: 'internal_error', status: 500 } });
    expect(await gatewayFailure(gateway().chargeCard(cardRequest))).toMatchObject({
      code: 'unavailable',
      retryable: true,
    });
    server.respond({ status: 429, body: { message: 'too many requests' } });
    expect((await gatewayFailure(gateway().fetchCharge('1'))).code).toBe('unavailable');
    server.respond({ status: 201, body: approvedCard, delayMs: 400 });
    expect(await gatewayFailure(gateway(100).chargeCard(cardRequest))).toMatchObject({
      code: 'unavailable',
      retryable: true,
    });
    server.respond({ status: 201, body: null, raw: '<html>proxy error</html>' });
    expect((await gatewayFailure(gateway().chargeCard(cardRequest))).code).toBe('badResponse');
    server.respond({ status: 201, body: { status: 'approved' } });
    expect((await gatewayFailure(gateway().chargeCard(cardRequest))).code).toBe('badResponse');
  });

  it('maps every documented status', () => {
    const map = (status: string, detail = '', extra: Record<string, unknown> = {}) =>
      mercadoPagoStatus({ status, status_detail: detail, ...extra }, NOW);
    expect(map('authorized').status).toBe('authorized');
    expect(map('in_process', 'pending_contingency').status).toBe('waiting');
    expect(map('pending', '', { date_of_expiration: '2026-03-10T11:00:00.000-03:00' }).status).toBe(
      'expired',
    );
    expect(map('cancelled', 'expired').status).toBe('expired');
    expect(map('cancelled', 'by_collector').status).toBe('canceled');
    expect(map('charged_back').status).toBe('refunded');
    expect(map('in_mediation').status).toBe('paid');
    expect(() => map('weird')).toThrow();
    expect(toReais(1)).toBe(0.01);
    expect(toReais(100000)).toBe(1000);
  });
});

describe('Mercado Pago webhook', () => {
  const ts = String(Math.floor(NOW / 1000));
  const body = JSON.stringify({
    id: 12345,
    type: 'payment',
    action: 'payment.updated',
    api_version: 'v1',
    data: { id: '1234567890' },
  });
  const request = (signature: string, dataId = '1234567890', query: Record<string, string> = {}) => ({
    headers: { 'x-signature': signature, 'x-request-id': 'bb56a2f1-6aae-46ac-982e-9dcd3581d08e' },
    query: { 'data.id': dataId, type: 'payment', ...query },
    rawBody: body,
  });
  const sign = (secret: string, dataId = '1234567890', at = ts) =>
    mercadoPagoSignature(secret, dataId, 'bb56a2f1-6aae-46ac-982e-9dcd3581d08e', at);

  it('accepts a valid signature and names the payment (status left to fetchCharge)', async () => {
    expect(mercadoPagoManifest('ABC123', 'req-1', '1700000000')).toBe(
      'id:abc123;request-id:req-1;ts:1700000000;',
    );
    const notification = await gateway().parseWebhook(request(sign('whsec-mp')));
    expect(notification).toEqual({ eventId: 'mp:12345', providerPaymentId: '1234567890', status: null });
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a wrong secret, a tampered id, a missing header and a stale timestamp', async () => {
    expect((await gatewayFailure(gateway().parseWebhook(request(sign('other'))))).code).toBe(
      'invalidSignature',
    );
    expect((await gatewayFailure(gateway().parseWebhook(request(sign('whsec-mp'), '999')))).code).toBe(
      'invalidSignature',
    );
    const missing = { ...request(sign('whsec-mp')), headers: {} };
    expect((await gatewayFailure(gateway().parseWebhook(missing))).code).toBe('invalidSignature');
    const stale = String(Math.floor(NOW / 1000) - 301);
    expect(
      (await gatewayFailure(gateway().parseWebhook(request(sign('whsec-mp', '1234567890', stale))))).code,
    ).toBe('invalidSignature');
    const withinTolerance = String(Math.floor(NOW / 1000) - 299);
    expect(
      (await gateway().parseWebhook(request(sign('whsec-mp', '1234567890', withinTolerance)))).eventId,
    ).toBe('mp:12345');
  });

  it('signs alphanumeric ids lowercased and reports non-payment topics as ignorable', async () => {
    const merchantOrder = request(sign('whsec-mp', 'AB12cd'), 'AB12cd', { type: 'merchant_order' });
    const error = await gatewayFailure(gateway().parseWebhook(merchantOrder));
    expect(error).toMatchObject({ code: 'badResponse', retryable: false });
  });
});
