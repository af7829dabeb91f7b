/**
 * The second cart reminder's coupon (issue 36, decision 0057's addendum): made when the second reminder is queued,
 * once whatever the rounds or retries, for its contact only, one use, expiring; its code in the message; none on the
 * first reminder nor when the rule has none; the console refuses a bad coupon at the field, saving nothing.
 */
import { beforeEach, expect, it } from 'vitest';
import { DEFAULT_RECOVERY_COUPON, type RecoveryCoupon } from '@vitrine/contracts/console-recovery';
import { PaymentMethod } from '@vitrine/contracts/enums';
import { dateTimeText } from '@vitrine/contracts/shop-time';
import type { Queryable } from '../../db/client.ts';
import { message, seedCheckoutSuite, session } from '../../modules/checkout/checkout-test-kit.ts';
import { mintSession } from '../../modules/order/order-test-kit.ts';
import { asStaff, shopWithOwner } from '../../test/console-kit.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { readyAgentOrder } from '../checkout/agent-confirm-test-kit.ts';
import { runRecoveryRound } from './run.ts';
import { minutes, openScanGate, recoveryMessages, remindersOf, setRule, T0 } from './recovery-test-kit.ts';

const coupon = (change: Partial<RecoveryCoupon> = {}): RecoveryCoupon => ({
  ...DEFAULT_RECOVERY_COUPON,
  validHours: 120,
  ...change,
});

/** The coupons made for the contact of `orderId`. */
const couponsOf = (db: Queryable, orderId: string) =>
  db.query<{ id: string; code: string; kind: string; value: number; usage_limit: number; valid_until: Date }>(
    `select c.id, c.code, c.kind, c.value, c.usage_limit, c.valid_until from coupons c
      join orders o on o.contact_id = c.contact_id where o.id = $1 order by c.id`,
    [orderId],
  );

let phones = 0;

describeEachDb(
  'the second cart reminder’s coupon',
  (ctx) => {
    const round = async (at: Date) => {
      await openScanGate(ctx().db);
      return runRecoveryRound(ctx().db, { now: at, owner: 'test' });
    };
    /** A contact's cart (through an agent's session, so it can be confirmed) last changed at T0. */
    const agentCart = async () => {
      const phone = `55119555${String(++phones).padStart(5, '0')}`;
      const agent = await readyAgentOrder(ctx().app, phone, PaymentMethod.CreditCard);
      const current = await agent.okCall('GET', '/api/order/current');
      await ctx().db.query('update orders set updated_at = $2 where id = $1', [current.id, T0.toISOString()]);
      return { ...agent, orderId: current.id as string };
    };
    beforeEach(() => setRule(ctx().db, 'hortifruti', { secondAfterHours: 2, secondCoupon: coupon() }));

    it('is made once for the second reminder, goes in its text, and only its contact uses it, once', async () => {
      const cart = await agentCart();
      await round(minutes(60));
      const [first] = await recoveryMessages(ctx().db, cart.orderId);
      expect(first!.payload.parts[0]!.text).not.toContain('cupom');
      expect(await couponsOf(ctx().db, cart.orderId)).toHaveLength(0);

      // Two rounds side by side, then the claim retried: one coupon, one message, the same code.
      await Promise.all([round(minutes(180)), round(minutes(180))]);
      const made = await couponsOf(ctx().db, cart.orderId);
      expect(made).toMatchObject([
        { id: `cpn_rmd_${cart.orderId}_2`, kind: 'percentage', value: 10, usage_limit: 1 },
      ]);
      const code = made[0]!.code;
      expect(code).toMatch(/^VOLTA[A-Z2-9]{6}$/);
      expect(new Date(made[0]!.valid_until)).toEqual(new Date(minutes(180).getTime() + 120 * 3_600_000));
      await ctx().db.query(
        `update recovery_reminders set state = 'scheduled', sent_at = null where id = $1`,
        [`rmd_${cart.orderId}_2`],
      );
      await round(minutes(181));
      expect(await couponsOf(ctx().db, cart.orderId)).toEqual(made);
      const messages = await recoveryMessages(ctx().db, cart.orderId);
      expect(messages).toHaveLength(2);
      const until = dateTimeText(made[0]!.valid_until, 'America/Sao_Paulo', ' às ');
      expect(messages[1]!.payload.parts[0]!.text).toMatch(
        new RegExp(
          `no carrinho\\. Quer finalizar o pedido\\?\\n\\nUse o cupom ${code} e ganhe 10% de desconto até ${until}\\.$`,
        ),
      );

      const stranger = session(ctx().app, await mintSession(ctx().app, { agent: true }));
      await stranger.okCall('POST', '/api/order/items/', { providerId: 'CK-20', quantity: 3 });
      const refused = await stranger.call('POST', `/api/order/coupon/?coupon=${code.toLowerCase()}`);
      expect(refused.status).toBe(422);
      expect(message(refused)).toBe('Este cupom foi enviado a outro cliente e só vale para ele.');

      const applied = await cart.okCall('POST', `/api/order/coupon/?coupon=${code}`);
      expect(applied.coupon).toBe(code);
      expect(applied.discountAmout).toBe(6); // 10% of 3 × R$ 20,00
      await cart.okCall('POST', '/api/order/confirm', {});
      await cart.okCall('POST', '/api/order/items/', { providerId: 'CK-20', quantity: 3 });
      const again = await cart.call('POST', `/api/order/coupon/?coupon=${code}`);
      expect(message(again)).toBe('Este cupom atingiu o limite de usos.');
    });

    it('none on a rule without a coupon; an expired one is refused', async () => {
      await setRule(ctx().db, 'hortifruti', { secondAfterHours: 2, secondCoupon: null });
      const plain = await agentCart();
      await round(minutes(60));
      await round(minutes(180));
      expect(await remindersOf(ctx().db, plain.orderId)).toMatchObject([
        { state: 'sent' },
        { state: 'sent' },
      ]);
      expect(await couponsOf(ctx().db, plain.orderId)).toHaveLength(0);
      const texts = (await recoveryMessages(ctx().db, plain.orderId)).map((m) => m.payload.parts[0]!.text);
      expect(texts).toHaveLength(2);
      for (const text of texts) expect(text).not.toContain('cupom');

      // Valid for 1 hour from the simulated send, days ago.
      await setRule(ctx().db, 'hortifruti', { secondAfterHours: 2, secondCoupon: coupon({ validHours: 1 }) });
      const late = await agentCart();
      await round(minutes(60));
      await round(minutes(180));
      const [made] = await couponsOf(ctx().db, late.orderId);
      const res = await late.call('POST', `/api/order/coupon/?coupon=${made!.code}`);
      expect(res.status).toBe(422);
      expect(message(res)).toBe('Este cupom expirou.');
    });

    it("the console's coupon: saved and read back; bad input refused at the field, nothing saved", async () => {
      const { owner } = await shopWithOwner(ctx().app, 'recupera-cupom');
      const url = '/api/console/shops/recupera-cupom/recovery/rule';
      const read = async () => (await asStaff(ctx().app, owner, { method: 'GET', url })).json().data;
      const good = { ...(await read()), enabled: true, secondAfterHours: 24, secondCoupon: coupon() };
      expect((await asStaff(ctx().app, owner, { method: 'PUT', url, payload: good })).statusCode).toBe(200);
      expect(await read()).toEqual(good);
      const refusals = [
        [{ value: 150 }, 'secondCoupon.value', 'A porcentagem vai de 1 a 100.'],
        [{ kind: 'fixed', value: 0 }, 'secondCoupon.value', 'O desconto deve ser maior que zero.'],
        [{ validHours: 0 }, 'secondCoupon.validHours', 'A validade deve ser maior que zero.'],
        [{ text: 'Ganhe {desconto}!' }, 'secondCoupon.text', 'Inclua {cupom} no texto'],
        [{ text: 'Oi {nome}, {cupom}' }, 'secondCoupon.text', 'Campo desconhecido no texto: {nome}'],
      ] as const;
      for (const [change, field, text] of refusals) {
        const payload = { ...good, secondCoupon: { ...good.secondCoupon, ...change } };
        const res = await asStaff(ctx().app, owner, { method: 'PUT', url, payload });
        expect(res.statusCode, JSON.stringify(change)).toBe(400);
        expect(res.json().errors[0].message).toContain(`${field}: ${text}`);
      }
      const noSecond = await asStaff(ctx().app, owner, {
        method: 'PUT',
        url,
        payload: { ...good, secondAfterHours: null },
      });
      expect(noSecond.json().errors[0].message).toContain(
        'secondAfterHours: O cupom vai no segundo lembrete',
      );
      expect(await read()).toEqual(good);
    });
  },
  { setup: seedCheckoutSuite },
);
