import { expect, it } from 'vitest';
import { PaymentStatus } from '@vitrine/contracts/enums';
import { describeEachDb } from '../../test/test-app.ts';
import { message } from '../checkout/checkout-test-kit.ts';
import {
  awaitingOrder,
  cardBody,
  expectAnswer,
  orderPayments,
  seedPaymentSuite,
} from './payment-test-kit.ts';

describeEachDb(
  'card payment idempotency',
  (ctx) => {
    it('20 concurrent submits with one key make one charge and all get its answer', async () => {
      const shopper = await awaitingOrder(ctx().app, ctx().db);
      const body = cardBody('4111111111111111');
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => shopper.pay(body, 'double-submit-key-1')),
      );
      const data = answers.map(expectAnswer);
      expect(new Set(data.map((d) => d.paymentId)).size).toBe(1);
      expect(data.every((d) => d.status === PaymentStatus.Paid)).toBe(true);
      const state = await orderPayments(ctx().db, shopper.orderId);
      expect(state.payments).toHaveLength(1);
      expect([state.orderStatus, state.paidEvents]).toEqual([2, 1]);
      const [keys] = await ctx().db.query<{ n: number }>(
        `select count(*)::int as n from idempotency_keys where payment_id = $1`,
        [data[0]!.paymentId],
      );
      expect(keys?.n).toBe(1);
    });

    it('concurrent submits with different keys still make one charge at a time', async () => {
      const shopper = await awaitingOrder(ctx().app, ctx().db);
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => shopper.pay(cardBody('4111111111111111'), `many-keys-${i}-xx`)),
      );
      const paid = answers.filter((a) => a.status === 200 && a.body.data.status === PaymentStatus.Paid);
      expect(paid).toHaveLength(1);
      for (const other of answers.filter((a) => !paid.includes(a))) {
        expect([404, 409]).toContain(other.status);
      }
      const state = await orderPayments(ctx().db, shopper.orderId);
      expect(state.payments.filter((p) => p.status === PaymentStatus.Paid)).toHaveLength(1);
      expect(state.paidEvents).toBe(1);
    });

    it('replays the first answer for the same key, even after the order was paid', async () => {
      const shopper = await awaitingOrder(ctx().app, ctx().db);
      const body = cardBody('4000000000009995');
      const first = expectAnswer(await shopper.pay(body, 'replay-key-0001'));
      const again = expectAnswer(await shopper.pay(body, 'replay-key-0001'));
      expect(again).toEqual(first);
      expectAnswer(await shopper.pay(cardBody('5555555555554444'), 'replay-key-0002'));
      expect(expectAnswer(await shopper.pay(body, 'replay-key-0001'))).toEqual(first);
      expect((await orderPayments(ctx().db, shopper.orderId)).payments).toHaveLength(2);
    });

    it('refuses the same key with another body (422) and a missing key (400); nothing is charged', async () => {
      const shopper = await awaitingOrder(ctx().app, ctx().db);
      expectAnswer(await shopper.pay(cardBody('4000000000000002'), 'other-body-key1'));
      const other = await shopper.pay(cardBody('4111111111111111'), 'other-body-key1');
      expect([other.status, message(other)]).toEqual([
        422,
        'Esta chave de idempotência já foi usada com outro conteúdo.',
      ]);
      const missing = await shopper.pay(cardBody('4111111111111111'), null);
      expect(missing.status).toBe(400);
      expect(message(missing)).toMatch(/^Idempotency-Key obrigatório/);
      const brick = await shopper.pay(
        { token: 'tok', payment_method_id: 'visa', transaction_amount: 100, installments: 1, payer: {} },
        null,
        '/api/order/payment/mercadoPago',
      );
      expect(brick.status).toBe(400);
      const state = await orderPayments(ctx().db, shopper.orderId);
      expect(state.payments).toHaveLength(1);
      expect(state.orderStatus).toBe(1);
    });

    it('a refused call (no order to pay) frees its key for a later attempt', async () => {
      const shopper = await awaitingOrder(ctx().app, ctx().db, { method: null });
      expect((await shopper.pay(cardBody('4111111111111111'), 'freed-key-0001')).status).toBe(404);
      await ctx().db.query(`update orders set checkout = '{"paymentMethod": 0}' where id = $1`, [
        shopper.orderId,
      ]);
      expect(expectAnswer(await shopper.pay(cardBody('4111111111111111'), 'freed-key-0001')).status).toBe(1);
    });
  },
  // 20 concurrent submits from one session exceed its pay budget (plugins/rate-limits.ts): this suite tests
  // idempotency, so its budgets are 10 times the real ones.
  {
    setup: seedPaymentSuite,
    config: { rateLimits: { redisUrl: null, namespace: 'vitrine-rl:', scale: 10 } },
  },
);
