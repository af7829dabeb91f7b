import { generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeHttpServer, type FakeHttpServer } from '../channels/fake-http-server.ts';
import { baseRequest, gatewayFailure, NOW } from './gateway-fixtures.ts';
import { pagarmeGateway, pagarmeStatus, type PagarmeWebhookAuth } from './pagarme.ts';

let server: FakeHttpServer;
beforeAll(async () => {
  server = await startFakeHttpServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'key-2026', use: 'sig', alg: 'RS256' };

const gateway = (webhook?: PagarmeWebhookAuth, timeoutMs = 2000) =>
  pagarmeGateway({
    secretKey: 'sk_test_abc123',
    webhook: webhook ?? { kind: 'signature', jwksUrl: `${server.url}/jwks` },
    baseUrl: `${server.url}/core/v5`,
    statementDescriptor: 'HORTIFRUTI LOJA',
    timeoutMs,
    now: () => NOW,
  });

const BASIC = `Basic ${Buffer.from('sk_test_abc123:').toString('base64')}`;

const cardRequest = {
  ...baseRequest,
  installments: 2,
  card: { kind: 'token' as const, token: 'token_Kx9aB3cD4eF5gH6i', brand: 'visa' },
};

const order = (charge: Record<string, unknown>, status = 'paid') => ({
  id: 'or_56GXnk6T0eU88qMm',
  code: 'pay_01JABC',
  amount: 12345,
  currency: 'BRL',
  closed: true,
  status,
  charges: [{ id: 'ch_K2rJ5nlHwTE4qRDP', code: 'pay_01JABC', amount: 12345, ...charge }],
});

const cardTransaction = (status: string, extra: Record<string, unknown> = {}) => ({
  id: 'tran_ABC',
  transaction_type: 'credit_card',
  status,
  amount: 12345,
  installments: 2,
  acquirer_name: 'simulator',
  acquirer_return_code: '00',
  acquirer_message: 'Transação capturada com sucesso',
  card: {
    id: 'card_1',
    first_six_digits: '411111',
    last_four_digits: '1111',
    brand: 'Visa',
    holder_name: 'MARIA',
  },
  gateway_response: { code: '200', errors: [] },
  ...extra,
});

describe('Pagar.me v5 adapter', () => {
  it('creates a card order: POST /core/v5/orders, Basic secret key, Idempotency-Key, documented body', async () => {
    server.respond({
      status: 200,
      body: order({
        status: 'paid',
        payment_method: 'credit_card',
        last_transaction: cardTransaction('captured'),
      }),
    });
    const result = await gateway().chargeCard(cardRequest);
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/core/v5/orders');
    expect(request?.headers.authorization).toBe(BASIC);
    expect(request?.headers['idempotency-key']).toBe('idem-7f3c');
    const billing = {
      line_1: '1384, Avenida Brigadeiro Faria Lima, Pinheiros',
      line_2: 'Conj. 12',
      zip_code: '01452002',
      city: 'São Paulo',
      state: 'SP',
      country: 'BR',
    };
    expect(request?.json).toEqual({
      code: 'pay_01JABC',
      items: [{ amount: 12345, description: 'Pedido 1001 - Hortifruti', quantity: 1, code: 'ord_01JXYZ' }],
      customer: {
        name: 'Maria da Silva Souza',
        email: 'maria@example.com',
        document: '52998224725',
        document_type: 'CPF',
        type: 'individual',
        phones: { mobile_phone: { country_code: '55', area_code: '11', number: '999990001' } },
        address: billing,
      },
      payments: [
        {
          payment_method: 'credit_card',
          credit_card: {
            installments: 2,
            statement_descriptor: 'HORTIFRUTI LO',
            card_token: 'token_Kx9aB3cD4eF5gH6i',
            card: { billing_address: billing },
          },
        },
      ],
    });
    expect(result).toMatchObject({
      providerPaymentId: 'or_56GXnk6T0eU88qMm',
      status: 'paid',
      failure: null,
      cardBrand: 'visa',
      cardLastFour: '1111',
    });
    expect(JSON.stringify(result.raw)).not.toContain('411111');
  });

  it('maps refused cards from the acquirer return code (Pagar.me and ABECS codes)', async () => {
    const refused = (code: string, errors: unknown[] = []) => ({
      status: 200,
      body: order(
        {
          status: 'failed',
          payment_method: 'credit_card',
          last_transaction: cardTransaction('not_authorized', {
            acquirer_return_code: code,
            acquirer_message: 'Transação não autorizada',
            gateway_response: { code: '200', errors },
          }),
        },
        'failed',
      ),
    });
    for (const [code, failure] of [
      ['1016', 'limitExceeded'],
      ['51', 'limitExceeded'],
      ['1045', 'invalidData'],
      ['14', 'invalidData'],
      ['1000', 'unknown'],
      ['05', 'unknown'],
    ] as const) {
      server.respond(refused(code));
      expect(await gateway().chargeCard(cardRequest)).toMatchObject({ status: 'failed', failure });
    }
    server.respond(refused('', [{ message: 'The field number is invalid' }]));
    expect((await gateway().chargeCard(cardRequest)).failure).toBe('invalidData');
  });

  it('creates a Pix order and maps qr_code, qr_code_url and expires_at', async () => {
    server.respond({
      status: 200,
      body: order(
        {
          status: 'pending',
          payment_method: 'pix',
          last_transaction: {
            id: 'tran_pix',
            transaction_type: 'pix',
            status: 'waiting_payment',
            qr_code:
              '00020101021226820014br.gov.bcb.pix2560pix.stone.com.br/pix/v2/abc5204000053039865802BR6304ABCD',
            qr_code_url: 'https://api.pagar.me/core/v5/transactions/tran_pix/qrcode?payment_method=pix',
            expires_at: '2026-03-10T15:30:00Z',
          },
        },
        'pending',
      ),
    });
    const result = await gateway().chargePix({ ...baseRequest, expiresInSeconds: 1800 });
    expect(server.requests[0]?.json).toMatchObject({
      payments: [{ payment_method: 'pix', pix: { expires_in: 1800 } }],
    });
    expect(result).toMatchObject({
      status: 'waiting',
      pixCopyPaste: expect.stringContaining('br.gov.bcb.pix'),
      pixQrImage: 'https://api.pagar.me/core/v5/transactions/tran_pix/qrcode?payment_method=pix',
      cardBrand: null,
    });
    expect(result.expiresAt?.toISOString()).toBe('2026-03-10T15:30:00.000Z');
  });

  it('creates a boleto order and maps line and PDF', async () => {
    server.respond({
      status: 200,
      body: order(
        {
          status: 'pending',
          payment_method: 'boleto',
          last_transaction: {
            transaction_type: 'boleto',
            status: 'generated',
            line: '34191090080000000000300000000001194170000012345',
            barcode: 'https://api.pagar.me/core/v5/transactions/tran_b/barcode',
            pdf: 'https://api.pagar.me/core/v5/transactions/tran_b/pdf',
            url: 'https://api.pagar.me/core/v5/transactions/tran_b/boleto',
            due_at: '2026-03-13T23:59:59Z',
          },
        },
        'pending',
      ),
    });
    const result = await gateway().chargeBoleto({ ...baseRequest, dueDate: '2026-03-13' });
    expect(server.requests[0]?.json).toMatchObject({
      payments: [
        {
          payment_method: 'boleto',
          boleto: { due_at: '2026-03-13T23:59:59Z', instructions: 'Não receber após o vencimento.' },
        },
      ],
    });
    expect(result).toMatchObject({
      status: 'waiting',
      boletoLine: '34191090080000000000300000000001194170000012345',
      boletoUrl: 'https://api.pagar.me/core/v5/transactions/tran_b/pdf',
    });
  });

  it('fetches an order (GET /orders/{id}) or a charge (GET /charges/{id})', async () => {
    server.respond({
      status: 200,
      body: order({
        status: 'paid',
        payment_method: 'pix',
        last_transaction: { transaction_type: 'pix', status: 'paid' },
      }),
    });
    expect((await gateway().fetchCharge('or_56GXnk6T0eU88qMm')).status).toBe('paid');
    server.respond({
      status: 200,
      body: {
        id: 'ch_K2rJ5nlHwTE4qRDP',
        status: 'canceled',
        payment_method: 'boleto',
        order: { id: 'or_56GXnk6T0eU88qMm' },
        last_transaction: { transaction_type: 'boleto', status: 'voided' },
      },
    });
    const charge = await gateway().fetchCharge('ch_K2rJ5nlHwTE4qRDP');
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /core/v5/orders/or_56GXnk6T0eU88qMm',
      'GET /core/v5/charges/ch_K2rJ5nlHwTE4qRDP',
    ]);
    expect(server.requests[1]?.headers.authorization).toBe(BASIC);
    expect(charge).toMatchObject({ providerPaymentId: 'or_56GXnk6T0eU88qMm', status: 'canceled' });
  });

  it("cancels the order's pending charge: GET /orders/{id}, then DELETE /charges/{charge_id}", async () => {
    const pendingPix = order({ status: 'pending', payment_method: 'pix' }, 'pending');
    const canceled = { id: 'ch_K2rJ5nlHwTE4qRDP', status: 'canceled', payment_method: 'pix' };
    server.respond({ status: 200, body: pendingPix }, { status: 200, body: canceled });
    await gateway().cancelCharge('or_56GXnk6T0eU88qMm');
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /core/v5/orders/or_56GXnk6T0eU88qMm',
      'DELETE /core/v5/charges/ch_K2rJ5nlHwTE4qRDP',
    ]);
    expect(server.requests[1]?.headers.authorization).toBe(BASIC);
    expect(server.requests[1]?.raw).toBe('');
    server.requests.length = 0;
    server.respond({ status: 200, body: order({ status: 'paid', payment_method: 'pix' }) });
    await gateway().cancelCharge('or_56GXnk6T0eU88qMm');
    expect(server.requests.map((r) => r.method)).toEqual(['GET']); // nothing pending: nothing to cancel
    server.requests.length = 0;
    server.respond({ status: 400, body: { message: 'Charge cannot be cancelled.' } });
    expect(await gatewayFailure(gateway().cancelCharge('ch_K2rJ5nlHwTE4qRDP'))).toMatchObject({
      code: 'refused',
      retryable: false,
    });
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'DELETE /core/v5/charges/ch_K2rJ5nlHwTE4qRDP',
    ]);
  });

  it('maps errors: 422/401 refused, 5xx and timeouts unavailable, unreadable body badResponse', async () => {
    server.respond({
      status: 422,
      body: {
        message: 'The request is invalid.',
        errors: { 'order.customer.document': ['invalid document'] },
      },
    });
    const refused = await gatewayFailure(gateway().chargePix({ ...baseRequest, expiresInSeconds: 60 }));
    expect(refused).toMatchObject({ code: 'refused', retryable: false, httpStatus: 422 });
    expect(refused.message).toContain('The request is invalid.');
    expect(refused.message).not.toContain('sk_test');
    server.respond({ status: 401, body: { message: 'Authorization has been denied for this request.' } });
    expect((await gatewayFailure(gateway().fetchCharge('or_1'))).code).toBe('refused');
    server.respond({ status: 503, body: { message: 'Service Unavailable' } });
    expect(await gatewayFailure(gateway().chargeCard(cardRequest))).toMatchObject({
      code: 'unavailable',
      retryable: true,
    });
    server.respond({ status: 200, body: {}, delayMs: 400 });
    expect((await gatewayFailure(gateway(undefined, 100).chargeCard(cardRequest))).code).toBe('unavailable');
    server.respond({ status: 200, body: null, raw: 'not json' });
    expect((await gatewayFailure(gateway().chargeCard(cardRequest))).code).toBe('badResponse');
  });

  it('maps charge statuses', () => {
    const map = (status: string, transaction: Record<string, unknown> = {}) =>
      pagarmeStatus({ status, last_transaction: transaction }, null, NOW).status;
    expect(map('pending', { status: 'authorized_pending_capture' })).toBe('authorized');
    expect(map('processing')).toBe('waiting');
    expect(map('pending', { transaction_type: 'pix', expires_at: '2026-03-10T14:00:00Z' })).toBe('expired');
    expect(map('failed', { transaction_type: 'pix', status: 'expired' })).toBe('expired');
    expect(map('overpaid')).toBe('paid');
    expect(map('chargedback')).toBe('refunded');
    expect(map('canceled')).toBe('canceled');
  });
});

describe('Pagar.me webhook', () => {
  const event = JSON.stringify({
    id: 'hook_RyEKQO789TRpZjv5',
    account: { id: 'acc_jZkdN857et650oNv', name: 'Lojinha' },
    type: 'charge.paid',
    created_at: '2026-03-10T14:59:00',
    data: {
      id: 'ch_K2rJ5nlHwTE4qRDP',
      code: 'pay_01JABC',
      status: 'paid',
      order: { id: 'or_56GXnk6T0eU88qMm' },
    },
  });
  const signed = (body: string, kid = 'key-2026') => ({
    headers: {
      'x-webhook-asymmetric-signature': `alg=RS256; kid=${kid}; signature=${sign('sha256', Buffer.from(body), privateKey).toString('base64url')}`,
    },
    query: {},
    rawBody: body,
  });

  it('verifies the RS256 signature with the JWKS (fetched once, then cached)', async () => {
    server.respond({ status: 200, body: { keys: [jwk] } });
    const adapter = gateway();
    expect(await adapter.parseWebhook(signed(event))).toEqual({
      eventId: 'pagarme:hook_RyEKQO789TRpZjv5',
      providerPaymentId: 'or_56GXnk6T0eU88qMm',
      status: null,
    });
    await adapter.parseWebhook(signed(event));
    expect(server.requests.map((r) => r.path)).toEqual(['/jwks']);
  });

  it('refuses a tampered body, an unknown key, a missing header and a bad Basic credential', async () => {
    const adapter = gateway({ kind: 'signature', keys: [jwk as never] });
    const tampered = { ...signed(event), rawBody: event.replace('charge.paid', 'order.paid') };
    expect((await gatewayFailure(adapter.parseWebhook(tampered))).code).toBe('invalidSignature');
    expect((await gatewayFailure(adapter.parseWebhook(signed(event, 'other')))).code).toBe(
      'invalidSignature',
    );
    expect(
      (await gatewayFailure(adapter.parseWebhook({ headers: {}, query: {}, rawBody: event }))).code,
    ).toBe('invalidSignature');
    const basic = gateway({ kind: 'basic', username: 'vitrine', password: 's3nha' });
    const auth = (user: string, pass: string) => ({
      headers: { authorization: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}` },
      query: {},
      rawBody: event,
    });
    expect((await basic.parseWebhook(auth('vitrine', 's3nha'))).providerPaymentId).toBe(
      'or_56GXnk6T0eU88qMm',
    );
    expect((await gatewayFailure(basic.parseWebhook(auth('vitrine', 'errada')))).code).toBe(
      'invalidSignature',
    );
  });

  it('reads order events by data.id and answers unavailable when the JWKS cannot be fetched', async () => {
    const orderEvent = JSON.stringify({
      id: 'hook_2',
      type: 'order.paid',
      data: { id: 'or_9', status: 'paid' },
    });
    const adapter = gateway({ kind: 'signature', keys: [jwk as never] });
    expect((await adapter.parseWebhook(signed(orderEvent))).providerPaymentId).toBe('or_9');
    server.respond({ status: 502, body: {} });
    expect(await gatewayFailure(gateway().parseWebhook(signed(event)))).toMatchObject({
      code: 'unavailable',
      retryable: true,
    });
  });
});
