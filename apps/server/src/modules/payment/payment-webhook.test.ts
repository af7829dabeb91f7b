import { expect, it } from 'vitest';
import { PaymentStatus } from '@vitrine/contracts/enums';
import { SANDBOX_DEMO_WEBHOOK_SECRET } from '../../adapters/payments/registry.ts';
import { sandboxWebhook } from '../../adapters/payments/sandbox.ts';
import { describeEachDb, type TestContext } from '../../test/test-app.ts';
import { shopId } from '../order/order-test-kit.ts';
import {
  awaitingOrder,
  cardBody,
  expectAnswer,
  orderPayments,
  seedPaymentSuite,
} from './payment-test-kit.ts';

async function deliver(
  ctx: TestContext,
  providerId: string,
  status: string,
  eventId: string,
  secret?: string,
) {
  const hook = sandboxWebhook(secret ?? SANDBOX_DEMO_WEBHOOK_SECRET, {
    id: eventId,
    paymentId: providerId,
    status: status as 'paid',
  });
  const shop = await shopId(ctx.db, 'hortifruti');
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/webhooks/payments/sandbox/${shop}`,
    headers: hook.headers,
    payload: hook.body,
  });
  return { status: res.statusCode, body: res.json() };
}

const shuffle = <T>(items: T[]) =>
  items
    .map((item) => ({ item, r: Math.random() }))
    .sort((a, b) => a.r - b.r)
    .map(({ item }) => item);

async function reviewPayment(ctx: TestContext) {
  const shopper = await awaitingOrder(ctx.app, ctx.db);
  const answer = expectAnswer(await shopper.pay(cardBody('4000000000000044'), `review-${shopper.orderId}`));
  expect(answer.status).toBe(PaymentStatus.Waiting);
  const [row] = await ctx.db.query<{ provider_payment_id: string }>(
    'select provider_payment_id from payments where id = $1',
    [answer.paymentId],
  );
  return { shopper, paymentId: answer.paymentId, providerId: row!.provider_payment_id };
}

describeEachDb(
  'payment webhooks',
  (ctx) => {
    it("10 shuffled deliveries racing the client's own check → one paid transition, order Finalized once", async () => {
      const { shopper, paymentId, providerId } = await reviewPayment(ctx());
      const calls = shuffle([
        ...Array.from({ length: 10 }, () => () => deliver(ctx(), providerId, 'paid', `evt-${paymentId}`)),
        () => deliver(ctx(), providerId, 'paid', `evt-other-${paymentId}`),
        () => shopper.okCall('GET', `/api/order/payment/status/${paymentId}`),
      ]);
      await Promise.all(calls.map((call) => call()));
      const state = await orderPayments(ctx().db, shopper.orderId);
      expect(state.payments.map((p) => p.status)).toEqual([PaymentStatus.Paid]);
      expect([state.orderStatus, state.paidEvents]).toEqual([2, 1]);
      const events = await ctx().db.query<{ applied: boolean; provider_event_id: string | null }>(
        'select applied, provider_event_id from payment_events where payment_id = $1',
        [paymentId],
      );
      expect(events.filter((e) => e.applied)).toHaveLength(1);
      expect(events.filter((e) => e.provider_event_id === `evt-${paymentId}`)).toHaveLength(1);
      const [finalized] = await ctx().db.query<{ version: number }>(
        'select version from orders where id = $1',
        [shopper.orderId],
      );
      expect(finalized?.version).toBe(1);
    });

    it('refuses a bad signature with 401 and changes nothing', async () => {
      const { shopper, paymentId, providerId } = await reviewPayment(ctx());
      const res = await deliver(ctx(), providerId, 'paid', `evt-bad-${paymentId}`, 'not-the-secret');
      expect(res.status).toBe(401);
      const state = await orderPayments(ctx().db, shopper.orderId);
      expect([state.payments[0]?.status, state.orderStatus]).toEqual([PaymentStatus.Waiting, 1]);
      const [events] = await ctx().db.query<{ n: number }>(
        'select count(*)::int as n from payment_events where payment_id = $1',
        [paymentId],
      );
      expect(events?.n).toBe(0);
    });

    it('never moves a status backwards: late failed/expired/waiting after paid are logged, not applied', async () => {
      const { shopper, paymentId, providerId } = await reviewPayment(ctx());
      expect((await deliver(ctx(), providerId, 'paid', `evt-1-${paymentId}`)).status).toBe(200);
      for (const [i, status] of ['failed', 'expired', 'waiting', 'canceled'].entries()) {
        const res = await deliver(ctx(), providerId, status, `evt-late-${i}-${paymentId}`);
        expect(res.body.data).toEqual({ duplicate: false, moved: false });
      }
      const state = await orderPayments(ctx().db, shopper.orderId);
      expect([state.payments[0]?.status, state.orderStatus, state.paidEvents]).toEqual([1, 2, 1]);
    });

    it('an unknown payment is 409 (the gateway retries); the webhook of another gateway is 404', async () => {
      expect((await deliver(ctx(), 'sbx_paid_pay_unknown', 'paid', 'evt-unknown-1')).status).toBe(409);
      const shop = await shopId(ctx().db, 'hortifruti');
      const res = await ctx().app.inject({
        method: 'POST',
        url: `/api/webhooks/payments/mercadopago/${shop}`,
        payload: '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(404);
    });

    it('Pix: a charge with its BR Code expires, then the order takes a new one which a webhook pays', async () => {
      const shopper = await awaitingOrder(ctx().app, ctx().db, { method: 3, totalCents: 4590 });
      const charge = await shopper.okCall('POST', '/api/order/payment/charge');
      expect(charge).toMatchObject({ method: 3, status: 0, amount: 45.9 });
      expect(String(charge.pixCopyPaste)).toMatch(/^000201.*540545\.90.*6304[0-9A-F]{4}$/);
      expect((await shopper.okCall('POST', '/api/order/payment/charge')).paymentId).toBe(charge.paymentId);
      await ctx().db.query(`update payments set expires_at = now() - interval '1 second' where id = $1`, [
        charge.paymentId,
      ]);
      const again = await shopper.okCall('POST', '/api/order/payment/charge');
      expect(again.paymentId).not.toBe(charge.paymentId);
      const [row] = await ctx().db.query<{ provider_payment_id: string }>(
        'select provider_payment_id from payments where id = $1',
        [again.paymentId],
      );
      expect(
        (await deliver(ctx(), row!.provider_payment_id, 'paid', `evt-pix-${again.paymentId}`)).status,
      ).toBe(200);
      const state = await orderPayments(ctx().db, shopper.orderId);
      expect(state.payments.map((p) => p.status)).toEqual([PaymentStatus.Expired, PaymentStatus.Paid]);
      expect(state.orderStatus).toBe(2);
    });

    it('boleto: a line and a demo PDF link (signed: the path alone is not enough)', async () => {
      const shopper = await awaitingOrder(ctx().app, ctx().db, { method: 1 });
      const charge = await shopper.okCall('POST', '/api/order/payment/charge');
      expect(String(charge.boletoLine)).toMatch(/^34191\./);
      const link = new URL(String(charge.boletoUrl));
      expect((await ctx().app.inject({ url: link.pathname })).statusCode).toBe(403);
      const pdf = await ctx().app.inject({ url: `${link.pathname}${link.search}` });
      expect([pdf.statusCode, pdf.headers['content-type'], pdf.body.slice(0, 8)]).toEqual([
        200,
        'application/pdf',
        '%PDF-1.4',
      ]);
    });
  },
  { setup: seedPaymentSuite },
);
