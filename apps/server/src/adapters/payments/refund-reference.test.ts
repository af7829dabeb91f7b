/**
 * The gateways' refunds against their references (issue 34, decision 0050), each provider faked by a local server
 * answering as its page documents:
 * - Mercado Pago "Criar reembolso": https://www.mercadopago.com.br/developers/en/reference/chargebacks/_payments_id_refunds/post
 *   — `POST /v1/payments/{id}/refunds`, `X-Idempotency-Key` required (cause 4292 without it), `{ "amount": 5 }`
 *   in reais for a partial refund, answer 201 `{ id, payment_id, amount, source, date_created, status:
 *   "approved" }`; causes 2024/15016 (too old), 2063 (state), 3024 (partial unsupported).
 * - Pagar.me v5 "Cancelar cobrança": `DELETE /core/v5/charges/{charge_id}` with `{ "amount": <centavos> }`
 *   (pagarme SDK `ChargesController.cancelCharge(chargeId, CreateCancelChargeRequest { amount })`), header
 *   `Idempotency-Key` (https://docs.pagar.me/docs/o-que-é); answer: the charge with `canceled_amount`.
 * - The payment link: Mercado Pago's `GET /v1/payments/search?external_reference=…` finds the approved payment,
 *   which is refunded as above. The sandbox approves at once, keyed by our refund.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeHttpServer, type FakeHttpServer } from '../channels/fake-http-server.ts';
import { gatewayFailure, NOW } from './gateway-fixtures.ts';
import { mercadoPagoGateway } from './mercadopago.ts';
import { pagarmeGateway } from './pagarme.ts';
import { paymentLinkGateway } from './payment-link.ts';
import { sandboxGateway } from './sandbox.ts';

let server: FakeHttpServer;
beforeAll(async () => {
  server = await startFakeHttpServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

/** The reference's 201 answer of a refund. */
const mpRefund = (id: number, amount: number) => ({
  id,
  payment_id: 1234567890,
  amount,
  metadata: {},
  source: { id: '987654321', name: 'Loja', type: 'collector' },
  date_created: '2026-03-10T12:10:00.000-03:00',
  unique_sequence_number: null,
  refund_mode: 'standard',
  adjustment_amount: 0,
  status: 'approved',
  reason: null,
  labels: [],
  amount_refunded_to_payer: amount,
});
const mpError = (status: number, code: number, description: string) => ({
  status,
  body: { message: description, error: 'bad_request', status, cause: [{ code, description, data: null }] },
});

const mp = () =>
  mercadoPagoGateway({
    accessToken: 'APP_USR-token-123',
    webhookSecret: 'whsec-mp',
    baseUrl: server.url,
    now: () => NOW,
    retryDelaysMs: [],
  });

describe('Mercado Pago refunds (POST /v1/payments/{id}/refunds)', () => {
  it('two partial refunds, each in reais with its own idempotency key', async () => {
    server.respond(
      { status: 201, body: mpRefund(9876543210, 5) },
      { status: 201, body: mpRefund(9876543211, 12.34) },
    );
    const first = await mp().refund({
      providerPaymentId: '1234567890',
      amountCents: 500,
      idempotencyKey: 'rfd01a',
    });
    const second = await mp().refund({
      providerPaymentId: '1234567890',
      amountCents: 1234,
      idempotencyKey: 'rfd01b',
    });
    expect(first).toMatchObject({ providerRefundId: '9876543210', status: 'approved' });
    expect(second).toMatchObject({ providerRefundId: '9876543211', status: 'approved' });
    expect(server.requests.map((r) => [r.method, r.path, r.headers['x-idempotency-key'], r.json])).toEqual([
      ['POST', '/v1/payments/1234567890/refunds', 'rfd01a', { amount: 5 }],
      ['POST', '/v1/payments/1234567890/refunds', 'rfd01b', { amount: 12.34 }],
    ]);
    expect(server.requests[0]!.headers.authorization).toBe('Bearer APP_USR-token-123');
  });

  it("the reference's refusals become pt-BR reasons; a 5xx may be retried", async () => {
    server.respond(mpError(400, 2024, 'Payment too old to be refunded'));
    const old = await gatewayFailure(
      mp().refund({ providerPaymentId: '1', amountCents: 100, idempotencyKey: 'k1' }),
    );
    expect(old).toMatchObject({ code: 'refused', retryable: false });
    expect(old.message).toBe('HTTP 400: pagamento antigo demais para ser reembolsado');
    server.respond(mpError(400, 3024, 'Not valid action - partial refund unsupported for this transaction'));
    const partial = await gatewayFailure(
      mp().refund({ providerPaymentId: '1', amountCents: 100, idempotencyKey: 'k2' }),
    );
    expect(partial.message).toContain('não aceita reembolso parcial');
    server.respond({ status: 500, body: { message: 'internal_error' } });
    const down = await gatewayFailure(
      mp().refund({ providerPaymentId: '1', amountCents: 100, idempotencyKey: 'k3' }),
    );
    expect(down).toMatchObject({ code: 'unavailable', retryable: true });
    server.respond({ status: 201, body: { ...mpRefund(1, 1), status: 'rejected' } });
    expect(
      (await gatewayFailure(mp().refund({ providerPaymentId: '1', amountCents: 100, idempotencyKey: 'k4' })))
        .code,
    ).toBe('refused');
  });

  it('the payment link refunds its approved Mercado Pago payment', async () => {
    const link = paymentLinkGateway({
      accessToken: 'APP_USR-token-123',
      webhookSecret: 'whsec-mp',
      baseUrl: server.url,
      notificationUrl: null,
      now: () => NOW,
    });
    server.respond(
      {
        status: 200,
        body: {
          results: [
            { id: 111, status: 'rejected' },
            { id: 222, status: 'approved' },
          ],
          paging: {},
        },
      },
      { status: 201, body: mpRefund(333, 10) },
    );
    const answer = await link.refund({
      providerPaymentId: 'pay_01JABC',
      amountCents: 1000,
      idempotencyKey: 'rfdlink',
    });
    expect(answer.providerRefundId).toBe('333');
    expect(server.requests[1]).toMatchObject({
      method: 'POST',
      path: '/v1/payments/222/refunds',
      json: { amount: 10 },
    });
  });
});

describe('Pagar.me charge cancel (DELETE /charges/{charge_id} with amount)', () => {
  const pagarme = () =>
    pagarmeGateway({
      secretKey: 'sk_test_123',
      webhook: { kind: 'signature' },
      baseUrl: server.url,
      now: () => NOW,
    });
  const charge = (status: string, canceled: number) => ({
    id: 'ch_8YQ1JeTLzF8zlqWy',
    code: 'pay_01JABC',
    amount: 3000,
    paid_amount: 3000,
    canceled_amount: canceled,
    status,
    payment_method: 'pix',
    last_transaction: { id: `tran_${canceled}`, transaction_type: 'pix', amount: 3000, status: 'paid' },
  });

  it('reads the order’s paid charge, then cancels part of it and the rest, in centavos with Idempotency-Key', async () => {
    server.respond(
      {
        status: 200,
        body: { id: 'or_ZdnB5BBCmYhk534R', charges: [{ id: 'ch_old', status: 'failed' }, charge('paid', 0)] },
      },
      { status: 200, body: charge('paid', 1500) },
      { status: 200, body: charge('canceled', 3000) },
    );
    const part = await pagarme().refund({
      providerPaymentId: 'or_ZdnB5BBCmYhk534R',
      amountCents: 1500,
      idempotencyKey: 'rfd02a',
    });
    const rest = await pagarme().refund({
      providerPaymentId: 'ch_8YQ1JeTLzF8zlqWy',
      amountCents: 1500,
      idempotencyKey: 'rfd02b',
    });
    expect(part).toMatchObject({ providerRefundId: 'tran_1500', status: 'approved' });
    expect(rest).toMatchObject({ providerRefundId: 'tran_3000', status: 'approved' });
    expect(
      server.requests.map((r) => [r.method, r.path, r.headers['idempotency-key'] ?? null, r.json]),
    ).toEqual([
      ['GET', '/orders/or_ZdnB5BBCmYhk534R', null, null],
      ['DELETE', '/charges/ch_8YQ1JeTLzF8zlqWy', 'rfd02a', { amount: 1500 }],
      ['DELETE', '/charges/ch_8YQ1JeTLzF8zlqWy', 'rfd02b', { amount: 1500 }],
    ]);
  });

  it('a refusal keeps Pagar.me’s message; an order without a paid charge is refused before any cancel', async () => {
    server.respond({
      status: 422,
      body: { message: 'O valor de cancelamento é maior que o valor disponível.' },
    });
    const error = await gatewayFailure(
      pagarme().refund({ providerPaymentId: 'ch_1', amountCents: 9000, idempotencyKey: 'k' }),
    );
    expect(error).toMatchObject({ code: 'refused' });
    expect(error.message).toContain('maior que o valor disponível');
    server.requests.length = 0;
    server.respond({ status: 200, body: { id: 'or_1', charges: [{ id: 'ch_2', status: 'pending' }] } });
    expect(
      (
        await gatewayFailure(
          pagarme().refund({ providerPaymentId: 'or_1', amountCents: 100, idempotencyKey: 'k' }),
        )
      ).message,
    ).toContain('não tem cobrança paga');
    expect(server.requests.map((r) => r.method)).toEqual(['GET']);
  });
});

describe('sandbox refunds', () => {
  const sandbox = sandboxGateway({
    pix: async () => ({ code: 'x', qrImage: 'x' }),
    boletoUrl: () => 'x',
    webhookSecret: 'x',
  });
  it('approves a paid charge keyed by the refund, refuses a failed one', async () => {
    expect(
      await sandbox.refund({ providerPaymentId: 'sbx_paid_pay_1', amountCents: 100, idempotencyKey: 'rfdX' }),
    ).toEqual({ providerRefundId: 'sbx_refund_rfdX', status: 'approved' });
    expect(
      (
        await gatewayFailure(
          sandbox.refund({ providerPaymentId: 'sbx_limit_pay_1', amountCents: 1, idempotencyKey: 'k' }),
        )
      ).code,
    ).toBe('refused');
  });
});
