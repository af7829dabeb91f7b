import { afterAll, beforeEach, expect, it } from 'vitest';
import { PaymentMethod, PaymentStatus } from '@vitrine/contracts/enums';
import { fakeRegistry } from '../../adapters/channels/fake-channel.ts';
import { startFakeHttpServer } from '../../adapters/channels/fake-http-server.ts';
import { mercadoPagoSignature } from '../../adapters/payments/mercadopago-webhook.ts';
import { paymentChargeJobs } from './charge-job.ts';
import { CANCEL_JOB, paymentCancelJobs } from './cancel.ts';
import { paymentContext, type PaymentContext } from './context.ts';
import { describeEachDb, testConfig, type TestContext } from '../../test/test-app.ts';
import { shopId } from '../order/order-test-kit.ts';
import { drainOutbox } from '../outbox/worker.ts';
import { savePaymentSettings } from './account.ts';
import { awaitingOrder, orderPayments, seedPaymentSuite } from './payment-test-kit.ts';

/** Mercado Pago (Checkout Pro and payments API) on 127.0.0.1, shared by the PGlite and PostgreSQL runs. */
const mp = await startFakeHttpServer();
afterAll(() => mp.close());
beforeEach(() => {
  mp.requests.length = 0;
});

const LINK = 'https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=202809963-920c288b';
const preference = { status: 201, body: { id: '202809963-920c288b', init_point: LINK } };
const search = (status: string) => ({
  status: 200,
  body: { paging: { total: 1 }, results: [{ id: 2001, status, payment_type_id: 'credit_card' }] },
});

type Answer = { status: number; body: { data: Record<string, unknown>; errors: { message: string }[] } };

describeEachDb(
  'payments at the provider: link accounts and cancellation',
  (ctx) => {
    const drain = (payments: PaymentContext = paymentContext(ctx().app)) =>
      drainOutbox(ctx().db, fakeRegistry(), {
        retryBaseMs: 0,
        jobs: { ...paymentChargeJobs(payments), ...paymentCancelJobs(payments) },
      });

    /** moda takes payments through Mercado Pago Checkout Pro links. */
    async function linkShop(c: TestContext) {
      await savePaymentSettings(c.db, c.config.messaging.credentialsKey, await shopId(c.db, 'moda'), {
        type: 'link',
        secretKey: 'APP_USR-link-token',
        webhookSecret: 'whsec-link',
        rules: { maxInstallments: 6, minInstallmentCents: 500, interestFree: 3, monthlyInterestBp: 199 },
      });
    }

    async function openLink(method: number) {
      const shopper = await awaitingOrder(ctx().app, ctx().db, { shop: 'moda', method });
      mp.respond(preference);
      const res = (await shopper.call('POST', '/api/order/payment/link')) as Answer;
      expect(res.status, JSON.stringify(res.body.errors)).toBe(200);
      const [payment] = (await orderPayments(ctx().db, shopper.orderId)).payments;
      return { shopper, res, paymentId: payment!.id };
    }

    it('link account: the Checkout Pro link is made once per order; the webhook marks it paid', async () => {
      await linkShop(ctx());
      const { shopper, res, paymentId } = await openLink(PaymentMethod.CreditCard);
      expect(res.body.data.payment).toMatchObject({ link: LINK });
      const [create] = mp.requests;
      expect(create).toMatchObject({ method: 'POST', path: '/checkout/preferences' });
      expect(create?.headers.authorization).toBe('Bearer APP_USR-link-token');
      expect(create?.headers['x-idempotency-key']).toBe(paymentId);
      const shop = await shopId(ctx().db, 'moda');
      expect(create?.json).toMatchObject({
        external_reference: paymentId,
        notification_url: `http://vitrine.test/api/webhooks/payments/link/${shop}?source_news=webhooks`,
        items: [{ quantity: 1, currency_id: 'BRL', unit_price: 100 }],
        payment_methods: { installments: 6 },
      });

      const again = (await shopper.call('POST', '/api/order/payment/link')) as Answer;
      expect(again.body.data.payment).toMatchObject({ link: LINK });
      expect((await shopper.okCall('GET', '/api/order/payment')).payment.link).toBe(LINK);
      expect(mp.requests).toHaveLength(1);

      mp.respond(
        { status: 200, body: { id: 2001, status: 'approved', external_reference: paymentId } },
        search('approved'),
      );
      const ts = String(Math.floor(Date.now() / 1000));
      const hook = await ctx().app.inject({
        method: 'POST',
        url: `/api/webhooks/payments/link/${shop}?data.id=2001&type=payment`,
        headers: {
          'content-type': 'application/json',
          'x-signature': mercadoPagoSignature('whsec-link', '2001', 'req-1', ts),
          'x-request-id': 'req-1',
        },
        payload: JSON.stringify({ id: 91, type: 'payment', action: 'payment.updated', data: { id: '2001' } }),
      });
      expect(hook.statusCode, hook.body).toBe(200);
      expect(mp.requests.slice(1).map((r) => `${r.method} ${r.path}`)).toEqual([
        'GET /v1/payments/2001',
        `GET /v1/payments/search?external_reference=${paymentId}&sort=date_created&criteria=desc`,
      ]);
      expect(await orderPayments(ctx().db, shopper.orderId)).toMatchObject({
        orderStatus: 2,
        payments: [{ id: paymentId, status: PaymentStatus.Paid }],
        paidEvents: 1,
      });
    });

    it("link account: the shopper's status check settles a Pix link; other accounts get 422", async () => {
      await linkShop(ctx());
      const { shopper, paymentId } = await openLink(PaymentMethod.Pix);
      expect(mp.requests[0]?.json).toMatchObject({ expires: true });
      mp.respond(search('approved'));
      const status = await shopper.okCall('GET', `/api/order/payment/status/${paymentId}`);
      expect(status).toMatchObject({ status: PaymentStatus.Paid, paymentId });
      expect((await orderPayments(ctx().db, shopper.orderId)).orderStatus).toBe(2);

      const vitrine = await awaitingOrder(ctx().app, ctx().db, { method: PaymentMethod.CreditCard });
      const refused = (await vitrine.call('POST', '/api/order/payment/link')) as Answer;
      expect(refused.status).toBe(422);
      expect(refused.body.errors[0]?.message).toBe('Forma de pagamento indisponível para este pedido.');
    });

    it('a change of method cancels the link attempt at Mercado Pago, after the commit, once', async () => {
      await linkShop(ctx());
      const { shopper, paymentId } = await openLink(PaymentMethod.Pix);
      await shopper.okCall('GET', '/api/order/payment/update');
      await shopper.okCall('GET', '/api/order/payment/update');
      expect(mp.requests).toHaveLength(1); // nothing called inside the request
      const jobs = await ctx().db.query<{ dedupe_key: string }>(
        `select dedupe_key from outbox where kind = 'job' and order_id = $1`,
        [shopper.orderId],
      );
      expect(jobs.map((j) => j.dedupe_key)).toEqual([`job:${CANCEL_JOB}:${paymentId}`]);
      mp.respond(
        {
          status: 200,
          body: { results: [{ id: 3002, status: 'pending', payment_type_id: 'bank_transfer' }] },
        },
        { status: 200, body: { id: 3002, status: 'cancelled' } },
      );
      expect((await drain()).failed).toBe(0);
      expect(mp.requests.slice(1).map((r) => `${r.method} ${r.path}`)).toEqual([
        `GET /v1/payments/search?external_reference=${paymentId}&sort=date_created&criteria=desc`,
        'PUT /v1/payments/3002',
      ]);
      expect(mp.requests[2]?.json).toEqual({ status: 'cancelled' });
    });

    it('sandbox: a cancelled Pix charge is cancelled at the gateway with its provider id', async () => {
      const shopper = await awaitingOrder(ctx().app, ctx().db, { method: PaymentMethod.Pix });
      const charge = await shopper.okCall('POST', '/api/order/payment/charge');
      await shopper.okCall('GET', '/api/order/payment/update');
      const base = paymentContext(ctx().app);
      const cancelled: string[] = [];
      const recording: PaymentContext = {
        ...base,
        gateways: (account) => {
          const gateway = base.gateways(account)!;
          return {
            ...gateway,
            cancelCharge: (id) => {
              cancelled.push(id);
              return gateway.cancelCharge(id);
            },
          };
        },
      };
      expect((await drain(recording)).failed).toBe(0);
      const [payment] = await ctx().db.query<{ status: number; provider_payment_id: string }>(
        'select status, provider_payment_id from payments where id = $1',
        [charge.paymentId],
      );
      expect(payment).toMatchObject({ status: PaymentStatus.Canceled });
      expect(cancelled).toEqual([payment!.provider_payment_id]);
      const [job] = await ctx().db.query<{ status: string; provider_message_id: string }>(
        `select status, provider_message_id from outbox where kind = 'job' and order_id = $1`,
        [shopper.orderId],
      );
      expect(job).toEqual({ status: 'sent', provider_message_id: payment!.provider_payment_id });
    });
  },
  {
    setup: seedPaymentSuite,
    config: {
      payments: { ...testConfig().payments, apiUrls: { mercadopago: mp.url, pagarme: `${mp.url}/core/v5` } },
    },
  },
);
