/**
 * Unpaid-order reminders end to end on a simulated clock (issue 36): a Pix code is reminded X minutes before it
 * expires with the same code, once, and the order paid after it is stored as recovered; a boleto the day before it
 * is due at 10:00 in the shop's zone, skipped when paid meanwhile; after the expiry a new code is made through the
 * charge job, holding the stock again — or skipped 'out_of_stock' when the stock went meanwhile.
 */
import { beforeEach, expect, it } from 'vitest';
import { PaymentMethod, PaymentStatus } from '@vitrine/contracts/enums';
import { addDays, localDay, zonedInstant } from '@vitrine/contracts/shop-time';
import { fakeRegistry, type FakeDelivery } from '../../adapters/channels/fake-channel.ts';
import { seedCheckoutSuite } from '../../modules/checkout/checkout-test-kit.ts';
import { shopId } from '../../modules/order/order-test-kit.ts';
import { drainOutbox } from '../../modules/outbox/worker.ts';
import { paymentChargeJobs, paymentContext } from '../../modules/payment/service.ts';
import { expireCharge, settlePayment } from '../../modules/payment/settle.ts';
import { moveStock, saveStockSettings, unitStock } from '../../modules/stock/service.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { readyAgentOrder } from '../checkout/agent-confirm-test-kit.ts';
import { recoveryPipeline } from './rules.ts';
import { runRecoveryRound } from './run.ts';
import { minutes, openScanGate, setRule, T0 } from './recovery-test-kit.ts';

const SP = 'America/Sao_Paulo';

describeEachDb(
  'unpaid-order reminders',
  (ctx) => {
    let phones = 0;
    const round = async (at: Date) => {
      await openScanGate(ctx().db);
      return runRecoveryRound(ctx().db, { now: at, owner: 'test' });
    };
    beforeEach(() =>
      setRule(ctx().db, 'hortifruti', {
        paymentEnabled: true,
        pixBeforeMinutes: 10,
        newCodeAfterExpiry: false,
      }),
    );

    /** Runs the outbox with the charge jobs; answers the message parts `phone` received. */
    async function drain(phone: string) {
      const registry = fakeRegistry();
      await drainOutbox(ctx().db, registry, {
        retryBaseMs: 0,
        links: { publicUrl: 'http://vitrine.test', sessionTtlMs: ctx().config.sessionTtlMs },
        jobs: paymentChargeJobs(paymentContext(ctx().app)),
      });
      return registry.delivered
        .filter((d): d is Extract<FakeDelivery, { kind: 'message' }> => d.kind === 'message')
        .filter((d) => d.message.recipient === phone)
        .map((d) => d.message.part.text);
    }

    async function setGateway(on: boolean) {
      await ctx().db.query(
        `update shops set settings = jsonb_set(settings, '{payment,usingExternalGateway}', $1::jsonb)
          where slug = 'hortifruti'`,
        [JSON.stringify(on)],
      );
    }

    /** An agent-confirmed order with its charge made and sent; the charge created at T0, expiring at `expiresAt`. */
    async function charged(method: number, expiresAt: Date) {
      const phone = `55119555${String(++phones).padStart(5, '0')}`;
      const s = await readyAgentOrder(ctx().app, phone, method);
      await setGateway(method === PaymentMethod.Pix);
      const order = await s.okCall('POST', '/api/order/confirm', {});
      await drain(phone);
      await setGateway(false);
      const [payment] = await ctx().db.query<{ id: string; pix_copy_paste: string | null }>(
        `update payments set created_at = $2, expires_at = $3 where order_id = $1 and status = 0
         returning id, pix_copy_paste`,
        [order.id, T0.toISOString(), expiresAt.toISOString()],
      );
      return { phone, orderId: order.id as string, payment: payment! };
    }

    const reminders = (orderId: string) =>
      ctx().db.query<{ id: string; kind: string; state: string; reason: string | null; due_at: Date }>(
        `select id, kind, state, reason, due_at from recovery_reminders where order_id = $1 order by kind`,
        [orderId],
      );

    it('Pix: X minutes before the code expires, with the same code, once; paid after it counts as recovered', async () => {
      await setRule(ctx().db, 'hortifruti', { paymentEnabled: true, paymentDelivery: 'both' });
      const { phone, orderId, payment } = await charged(PaymentMethod.Pix, minutes(30));
      await round(minutes(19));
      expect(await reminders(orderId)).toMatchObject([
        { id: `rmd_${payment.id}_pix`, kind: 'pix', state: 'scheduled', due_at: minutes(20) },
      ]);
      expect(await drain(phone)).toEqual([]);
      await round(minutes(20));
      await round(minutes(21));
      expect(await reminders(orderId)).toMatchObject([{ kind: 'pix', state: 'sent' }]);
      const sent = await drain(phone);
      expect(sent).toEqual([
        'Oi, Maria! Seu pagamento de R$\u00a069,90 vence em ' +
          `${localDay(minutes(30), SP).split('-').reverse().join('/')} às 12:30. Ainda dá tempo de pagar:\n` +
          'Pague *R$\u00a069,90* com Pix: copie o código da próxima mensagem e cole no app do seu banco (Pix copia e cola) ou leia o QR Code.\n' +
          `Válido até ${localDay(minutes(30), SP).split('-').reverse().join('/')} às 12:30.`,
        payment.pix_copy_paste,
        'QR Code Pix — R$\u00a069,90',
      ]);
      const events = await ctx().db.query<{ dedupe_key: string; payload: { data: Record<string, unknown> } }>(
        `select dedupe_key, payload from outbox where order_id = $1 and type = 'payment.reminder'`,
        [orderId],
      );
      expect(events).toEqual([
        {
          dedupe_key: `event:payment.reminder:rmd_${payment.id}_pix`,
          payload: {
            data: expect.objectContaining({
              reminder: {
                id: `rmd_${payment.id}_pix`,
                kind: 'pix',
                payment: {
                  id: payment.id,
                  method: PaymentMethod.Pix,
                  expiresAt: minutes(30).toISOString(),
                  pixCopyPaste: payment.pix_copy_paste,
                  boletoLine: null,
                },
              },
            }),
          },
        },
      ]);
      await ctx().db.transaction((tx) =>
        settlePayment(tx, payment.id, { status: 'paid', source: 'webhook' }, null),
      );
      await round(minutes(25));
      const recovered = await ctx().db.query<{ reminder_id: string; value_cents: number }>(
        'select reminder_id, value_cents from recovery_recoveries where order_id = $1',
        [orderId],
      );
      expect(recovered).toEqual([{ reminder_id: `rmd_${payment.id}_pix`, value_cents: 6990 }]);
      const pipeline = await recoveryPipeline(ctx().db, await shopId(ctx().db, 'hortifruti'));
      expect(pipeline.byWeek).toContainEqual({
        week: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        rule: 'payment',
        orders: 1,
        valueCents: 6990,
      });
    });

    it('boleto: the day before it is due at 10:00 in the shop’s zone; skipped when paid meanwhile', async () => {
      const { orderId, payment } = await charged(
        PaymentMethod.Boleto,
        new Date(T0.getTime() + 4 * 86_400_000),
      );
      await round(minutes(1));
      const due = zonedInstant(addDays(localDay(T0, SP), 2), '10:00', SP);
      expect(await reminders(orderId)).toMatchObject([
        { id: `rmd_${payment.id}_boleto`, kind: 'boleto', state: 'scheduled', due_at: due },
      ]);
      await ctx().db.transaction((tx) =>
        settlePayment(tx, payment.id, { status: 'paid', source: 'webhook' }, null),
      );
      await round(due);
      expect(await reminders(orderId)).toMatchObject([{ state: 'skipped', reason: 'paid' }]);
    });

    it('a new code after expiry holds the stock again; none when the stock went meanwhile', async () => {
      await setRule(ctx().db, 'hortifruti', { paymentEnabled: true, newCodeAfterExpiry: true });
      const { db } = ctx();
      const shop = await shopId(db, 'hortifruti');
      const [product] = await db.query<{ id: string }>(
        `select id from products where shop_id = $1 and provider_id = 'CK-20'`,
        [shop],
      );
      const unit = product!.id;
      await saveStockSettings(db, shop, unit, { track: true, allow_backorder: false, low_threshold: 0 });
      const staff = { actor: 'staff' as const, staffId: null };
      await moveStock(db, shop, 'adjustment', staff, [
        { unit_id: unit, delta: 6, target: null, note: 'Teste' },
      ]);
      const held = async () => (await unitStock(db, shop, [unit]))[0]!.held;

      const first = await charged(PaymentMethod.Pix, minutes(30));
      const second = await charged(PaymentMethod.Pix, minutes(40));
      expect(await held()).toBe(6);
      await round(minutes(1));
      await round(minutes(30));
      expect(await reminders(first.orderId)).toMatchObject([
        { kind: 'new_code', state: 'sent' },
        { kind: 'pix', state: 'skipped', reason: 'expired' },
      ]);
      expect(await held()).toBe(3); // the expired code gave the first order's stock back…
      const parts = await drain(first.phone);
      const charges = await db.query<{ status: number; pix_copy_paste: string }>(
        'select status, pix_copy_paste from payments where order_id = $1 order by created_at',
        [first.orderId],
      );
      expect(charges.map((c) => c.status)).toEqual([PaymentStatus.Expired, PaymentStatus.Waiting]);
      expect(charges[1]!.pix_copy_paste).not.toBe(first.payment.pix_copy_paste);
      expect(parts[1]).toBe(charges[1]!.pix_copy_paste);
      expect(await held()).toBe(6); // …and the new code holds it again

      // The second order's code expires and the stock it gave back is counted away before its reminder.
      await db.transaction((tx) => expireCharge(tx, second.payment.id));
      await moveStock(db, shop, 'adjustment', staff, [
        { unit_id: unit, delta: -3, target: null, note: 'Perda' },
      ]);
      await round(minutes(40));
      expect(await reminders(second.orderId)).toMatchObject([
        { kind: 'new_code', state: 'skipped', reason: 'out_of_stock' },
        { kind: 'pix', state: 'sent' },
      ]);
      expect(await held()).toBe(3);
      const jobs = await db.query(`select id from outbox where order_id = $1 and kind = 'job'`, [
        second.orderId,
      ]);
      expect(jobs).toHaveLength(1); // the confirmation's own charge job only
      // One new code per order: the new charge's reminders never make a second one.
      await round(minutes(41));
      expect((await reminders(first.orderId)).filter((r) => r.kind === 'new_code')).toHaveLength(1);
    });
  },
  { setup: seedCheckoutSuite },
);
