import { expect, it } from 'vitest';
import { FailureType, PaymentStatus } from '@vitrine/contracts/enums';
import { describeEachDb } from '../../test/test-app.ts';
import { message } from '../checkout/checkout-test-kit.ts';
import { mintSession } from '../order/order-test-kit.ts';
import {
  awaitingOrder,
  cardBody,
  expectAnswer,
  orderPayments,
  seedPaymentSuite,
} from './payment-test-kit.ts';

const OUTCOMES: [string, number, number | null][] = [
  ['4111111111111111', PaymentStatus.Paid, null],
  ['5555555555554444', PaymentStatus.Paid, null],
  ['378282246310005', PaymentStatus.Paid, null],
  ['6362970000457013', PaymentStatus.Paid, null],
  ['4000000000009995', PaymentStatus.Failed, FailureType.LimitExceeded],
  ['4000000000000127', PaymentStatus.Failed, FailureType.InvalidData],
  ['4000000000000002', PaymentStatus.Failed, FailureType.Unknown],
  ['4000000000000069', PaymentStatus.Expired, null],
  ['4000000000003220', PaymentStatus.Failed, FailureType.ReCAPTCHA],
  ['4111111111111112', PaymentStatus.Failed, FailureType.InvalidData],
];

describeEachDb(
  'card payments',
  (ctx) => {
    it('answers each sandbox outcome; a paid order is Finalized once with order.paid queued', async () => {
      for (const [number, status, failure] of OUTCOMES) {
        const shopper = await awaitingOrder(ctx().app, ctx().db);
        const answer = expectAnswer(await shopper.pay(cardBody(number), `key-${number}`));
        expect([number, answer.status, answer.failureType]).toEqual([number, status, failure]);
        expect(answer.recaptchaKey).toBe(
          failure === FailureType.ReCAPTCHA ? 'fake-recaptcha-site-key' : null,
        );
        const state = await orderPayments(ctx().db, shopper.orderId);
        expect(state.orderStatus).toBe(status === PaymentStatus.Paid ? 2 : 1);
        expect(state.paidEvents).toBe(status === PaymentStatus.Paid ? 1 : 0);
      }
      const [brands] = await ctx().db.query<{ brands: string[] }>(
        `select array_agg(distinct card_brand order by card_brand) as brands from payments where status = 1`,
      );
      expect(brands?.brands).toEqual(['american-express', 'elo', 'mastercard', 'visa']);
    });

    it('captcha round trip: ReCAPTCHA, a refused token, then the fake widget token pays', async () => {
      const shopper = await awaitingOrder(ctx().app, ctx().db);
      const body = cardBody('4000000000003220');
      const first = expectAnswer(await shopper.pay(body, 'captcha-attempt-1'));
      expect(first.failureType).toBe(FailureType.ReCAPTCHA);
      const bad = { ...body, recaptchaKey: first.recaptchaKey, recaptchaToken: 'forged' };
      expect(expectAnswer(await shopper.pay(bad, 'captcha-attempt-2')).failureType).toBe(
        FailureType.ReCAPTCHA,
      );
      const good = { ...body, recaptchaKey: first.recaptchaKey, recaptchaToken: 'fake-recaptcha-ok' };
      expect(expectAnswer(await shopper.pay(good, 'captcha-attempt-3')).status).toBe(PaymentStatus.Paid);
      expect((await orderPayments(ctx().db, shopper.orderId)).orderStatus).toBe(2);
    });

    it('a failed attempt leaves the order payable; the next one pays', async () => {
      const shopper = await awaitingOrder(ctx().app, ctx().db);
      expectAnswer(await shopper.pay(cardBody('4000000000009995'), 'retry-attempt-1'));
      expect(expectAnswer(await shopper.pay(cardBody('4111111111111111'), 'retry-attempt-2')).status).toBe(1);
      const state = await orderPayments(ctx().db, shopper.orderId);
      expect(state.payments.map((p) => p.status)).toEqual([3, 1]);
    });

    it('card options follow the shop rules; the chosen plan shows in the order total', async () => {
      const shopper = await awaitingOrder(ctx().app, ctx().db, { totalCents: 10_000 });
      const options = (await shopper.okCall('GET', '/api/order/payment/credit')) as unknown as {
        providerId: string;
        installments: { count: number; value: number; total: number; interestFree: boolean }[];
      }[];
      const credit = options.find((o) => o.providerId === 'credit')!;
      expect(credit.installments).toHaveLength(12);
      expect(credit.installments[2]).toEqual({ count: 3, value: 33.33, total: 100, interestFree: true });
      expect(credit.installments[3]?.interestFree).toBe(false);
      expect(options.find((o) => o.providerId === 'debit')?.installments.map((i) => i.count)).toEqual([1]);

      const order = await shopper.okCall('POST', '/api/order/payment/credit/installments', {
        providerId: 'credit',
        installments: 4,
      });
      expect(order.totalAmout).toBe(credit.installments[3]!.total);
      expect(order.cardPlan?.installments).toBe(4);
      const res = await shopper.call('POST', '/api/order/payment/credit/installments', {
        providerId: 'debit',
        installments: 2,
      });
      expect(res.status).toBe(422);
      const paid = expectAnswer(
        await shopper.pay(cardBody('4111111111111111', { installments: 4 }), 'plan-4x-attempt'),
      );
      const [row] = await ctx().db.query<{ amount_cents: number; installments: number }>(
        'select amount_cents, installments from payments where id = $1',
        [paid.paymentId],
      );
      expect(row).toEqual({ amount_cents: Math.round(credit.installments[3]!.total * 100), installments: 4 });
    });

    it('finds no order, or refuses one not paid by card, with the §8 messages', async () => {
      const none = await awaitingOrder(ctx().app, ctx().db, { method: null });
      let res = await none.call('GET', '/api/order/payment/credit');
      expect([res.status, message(res)]).toEqual([404, 'Método de pagamento não encontrado']);
      const pix = await awaitingOrder(ctx().app, ctx().db, { method: 3 });
      res = await pix.call('GET', '/api/order/payment/credit');
      expect([res.status, message(res)]).toEqual([422, 'Método de pagamento não é cartão de crédito']);
      const fresh = await mintSession(ctx().app);
      res = await (
        await import('../checkout/checkout-test-kit.ts')
      )
        .session(ctx().app, fresh)
        .call('GET', '/api/order/payment/credit');
      expect(res.status).toBe(404);
    });

    it("answers the payment account of the user's own order only", async () => {
      const shopper = await awaitingOrder(ctx().app, ctx().db);
      const account = await shopper.okCall('GET', `/api/order/${shopper.orderId}/account/`);
      expect(account).toEqual({ settings: { type: 'vitrine', publicKey: null } });
      const moda = await awaitingOrder(ctx().app, ctx().db, { shop: 'moda' });
      expect((await moda.call('GET', `/api/order/${shopper.orderId}/account/`)).status).toBe(404);
      const other = await awaitingOrder(ctx().app, ctx().db);
      expect((await other.call('GET', `/api/order/${shopper.orderId}/account/`)).status).toBe(404);
    });

    it('change of method cancels the waiting charge, clears the method and tells the chatbot once', async () => {
      const shopper = await awaitingOrder(ctx().app, ctx().db);
      const waiting = expectAnswer(await shopper.pay(cardBody('4000000000000044'), 'review-then-change'));
      expect(waiting.status).toBe(PaymentStatus.Waiting);
      const order = await shopper.okCall('GET', '/api/order/payment/update');
      expect(order.payment.method).toBeNull();
      expect(order.status).toBe(1);
      await shopper.okCall('GET', '/api/order/payment/update');
      const state = await orderPayments(ctx().db, shopper.orderId);
      expect(state.payments.map((p) => p.status)).toEqual([PaymentStatus.Canceled]);
      const [events] = await ctx().db.query<{ n: number }>(
        `select count(*)::int as n from outbox where type = 'payment.change_requested' and order_id = $1`,
        [shopper.orderId],
      );
      expect(events?.n).toBe(1);
      const res = await shopper.call('GET', '/api/order/payment/credit');
      expect(message(res)).toBe('Método de pagamento não encontrado');
    });

    it('bad card input is a 400 that does not echo the number', async () => {
      const shopper = await awaitingOrder(ctx().app, ctx().db);
      const res = await shopper.pay(cardBody('4111 1111 1111 1111'), 'bad-input-1');
      expect(res.status).toBe(400);
      expect(res.raw).not.toContain('4111');
      const wrongType = await shopper.pay(
        { ...cardBody('4111111111111111'), number: 4111111111111111 },
        'bad-2',
      );
      expect(wrongType.status).toBe(400);
      expect(wrongType.raw).not.toContain('4111');
    });
  },
  { setup: seedPaymentSuite },
);
