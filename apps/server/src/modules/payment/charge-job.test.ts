import { expect, it } from 'vitest';
import { PaymentMethod } from '@vitrine/contracts/enums';
import { verifyPixBrCode } from '@vitrine/contracts/pix';
import { fakeRegistry, type FakeDelivery } from '../../adapters/channels/fake-channel.ts';
import type { PaymentGateway } from '../../adapters/payments/gateway.ts';
import { seedCheckoutSuite } from '../checkout/checkout-test-kit.ts';
import { findShopOrder } from '../order/repository.ts';
import { shopId } from '../order/order-test-kit.ts';
import { drainOutbox } from '../outbox/worker.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { readyAgentOrder } from '../../flows/checkout/agent-confirm-test-kit.ts';
import { paymentCancelJobs } from './cancel.ts';
import { chargeOrder } from './charge.ts';
import { paymentContext, type PaymentContext } from './context.ts';
import { conversationOf } from './settle.ts';
import { paymentChargeJobs } from './charge-job.ts';
import { CHARGE_JOB } from './payment-message.ts';

const TOTAL = 'R$\u00a069,90';

describeEachDb(
  'gateway charge job after agent confirmation',
  (ctx) => {
    let phones = 0;

    async function confirm(method: number) {
      const s = await readyAgentOrder(ctx().app, `55119666${String(++phones).padStart(5, '0')}`, method);
      const order = await s.okCall('POST', '/api/order/confirm', {});
      expect(order.status).toBe(1);
      return { ...s, orderId: order.id as string };
    }

    /** Runs the outbox (jobs included) with `payments` and answers the message parts `phone` received. */
    async function drain(phone: string, payments: PaymentContext = paymentContext(ctx().app)) {
      const registry = fakeRegistry();
      const result = await drainOutbox(ctx().db, registry, {
        retryBaseMs: 0,
        links: { publicUrl: 'http://vitrine.test', sessionTtlMs: ctx().config.sessionTtlMs },
        jobs: { ...paymentChargeJobs(payments), ...paymentCancelJobs(payments) },
      });
      const parts = registry.delivered
        .filter((d): d is Extract<FakeDelivery, { kind: 'message' }> => d.kind === 'message')
        .filter((d) => d.message.recipient === phone)
        .map((d) => d.message.part);
      return { result, parts };
    }

    async function rows(orderId: string) {
      const db = ctx().db;
      const [jobs, messages, payments] = await Promise.all([
        db.query<{ id: string; status: string; dedupe_key: string }>(
          `select id, status, dedupe_key from outbox where order_id = $1 and kind = 'job'`,
          [orderId],
        ),
        db.query<{ dedupe_key: string }>(
          `select dedupe_key from outbox where order_id = $1 and type = 'payment'`,
          [orderId],
        ),
        db.query<{ id: string; status: number; pix_copy_paste: string | null; provider_payment_id: string }>(
          'select id, status, pix_copy_paste, provider_payment_id from payments where order_id = $1',
          [orderId],
        ),
      ]);
      return { jobs, messages, payments };
    }

    /** Makes the job row due again, as after a lost lease or a retried delivery. */
    const requeue = (id: string) =>
      ctx().db.query(`update outbox set status = 'pending', next_attempt_at = now() where id = $1`, [id]);

    async function withGatewayPix<T>(run: () => Promise<T>): Promise<T> {
      const setGateway = (on: boolean) =>
        ctx().db.query(
          `update shops set settings = jsonb_set(settings, '{payment,usingExternalGateway}', $1::jsonb)
            where slug = 'hortifruti'`,
          [JSON.stringify(on)],
        );
      await setGateway(true);
      try {
        return await run();
      } finally {
        await setGateway(false);
      }
    }

    it('gateway Pix: one job per order, one charge and one message with the code; a retried job adds nothing', async () => {
      await withGatewayPix(async () => {
        const s = await confirm(PaymentMethod.Pix);
        const again = await s.okCall('POST', '/api/order/confirm', {});
        expect(again.id).toBe(s.orderId);
        const queued = await rows(s.orderId);
        expect(queued.jobs.map((j) => j.dedupe_key)).toEqual([`job:${CHARGE_JOB}:${s.orderId}`]);
        expect(queued.payments).toEqual([]);
        expect(queued.messages).toEqual([]);

        const first = await drain(s.phone);
        expect(first.result.failed).toBe(0);
        const done = await rows(s.orderId);
        expect(done.payments).toHaveLength(1);
        const [payment] = done.payments;
        expect(payment!.status).toBe(0);
        expect(verifyPixBrCode(payment!.pix_copy_paste ?? '')).toBe(true);
        expect(done.jobs[0]!.status).toBe('sent');
        expect(done.messages.map((m) => m.dedupe_key)).toEqual([`payment:${s.orderId}:${payment!.id}`]);
        expect(first.parts.map((p) => p.text)).toEqual([
          expect.stringContaining(`Pague *${TOTAL}* com Pix`),
          payment!.pix_copy_paste,
          `QR Code Pix — ${TOTAL}`,
        ]);

        await requeue(done.jobs[0]!.id);
        const retried = await drain(s.phone);
        expect(retried.result.sent).toBe(1); // the job ran again…
        expect(retried.parts).toEqual([]); // …and sent nothing new
        const after = await rows(s.orderId);
        expect(after.payments.map((p) => p.id)).toEqual([payment!.id]);
        expect(after.messages).toHaveLength(1);
      });
    });

    it('a crash after the charge and before the message: the retry reuses the charge and sends it once', async () => {
      await withGatewayPix(async () => {
        const s = await confirm(PaymentMethod.Pix);
        const { db } = ctx();
        const row = (await findShopOrder(db, await shopId(db, 'hortifruti'), s.orderId))!;
        const charged = await chargeOrder(paymentContext(ctx().app), row, conversationOf(row, s.phone));
        const { parts } = await drain(s.phone);
        expect(parts[1]?.text).toBe(charged.pixCopyPaste);
        const after = await rows(s.orderId);
        expect(after.payments.map((p) => p.id)).toEqual([charged.paymentId]);
        expect(after.messages.map((m) => m.dedupe_key)).toEqual([
          `payment:${s.orderId}:${charged.paymentId}`,
        ]);
      });
    });

    it('a crash after the gateway answered and before we recorded it: the retry sends the same idempotency key', async () => {
      await withGatewayPix(async () => {
        const s = await confirm(PaymentMethod.Pix);
        const base = paymentContext(ctx().app);
        const keys: string[] = [];
        const crashing: PaymentContext = {
          ...base,
          gateways: (account) => {
            const gateway = base.gateways(account)!;
            return {
              ...gateway,
              chargePix: async (request) => {
                keys.push(request.idempotencyKey);
                const result = await gateway.chargePix(request);
                if (keys.length === 1) throw new Error('processo morto depois da resposta do gateway');
                return result;
              },
            } satisfies PaymentGateway;
          },
        };
        const { result, parts } = await drain(s.phone, crashing);
        expect(result).toMatchObject({ retried: 1, failed: 0 });
        const after = await rows(s.orderId);
        expect(after.payments).toHaveLength(1);
        expect(keys).toEqual([after.payments[0]!.id, after.payments[0]!.id]);
        expect(parts[1]?.text).toBe(after.payments[0]!.pix_copy_paste);
      });
    });

    it('boleto: the message carries the line and the PDF link', async () => {
      const s = await confirm(PaymentMethod.Boleto);
      const { parts } = await drain(s.phone);
      const [payment] = (await rows(s.orderId)).payments;
      const boleto = await ctx().db.query<{ boleto_line: string; boleto_url: string }>(
        'select boleto_line, boleto_url from payments where id = $1',
        [payment!.id],
      );
      expect(boleto[0]!.boleto_url).toBe(`http://vitrine.test/api/dev/payments/boleto/${payment!.id}.pdf`);
      expect(parts).toHaveLength(2);
      expect(parts[0]!.text).toContain(`Pague *${TOTAL}* com boleto`);
      expect(parts[0]!.button).toEqual({ label: 'Ver boleto', url: boleto[0]!.boleto_url });
      expect(parts[1]!.text).toBe(boleto[0]!.boleto_line);
    });

    it("the shop's own Pix key needs no job; a worker without job handlers leaves jobs queued", async () => {
      const local = await confirm(PaymentMethod.Pix);
      expect((await rows(local.orderId)).jobs).toEqual([]);
      const boleto = await confirm(PaymentMethod.Boleto);
      await drainOutbox(ctx().db, fakeRegistry(), { retryBaseMs: 0 });
      expect((await rows(boleto.orderId)).jobs.map((j) => j.status)).toEqual(['pending']);
    });
  },
  { setup: seedCheckoutSuite },
);
