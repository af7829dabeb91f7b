/**
 * Reminders outside WhatsApp's 24-hour window (issue 36, decision 0057's addendum): a rule with an approved template
 * sends it through the outbox — once, whatever the rounds side by side — its body parameters filled from our values
 * in the rule's order (the link a fresh session link at delivery, the coupon's code on the second reminder, the same
 * Pix code on a payment reminder); a rule without one skips the reminder 'window_closed', never sending text.
 */
import { beforeEach, expect, it } from 'vitest';
import { DEFAULT_RECOVERY_COUPON } from '@vitrine/contracts/console-recovery';
import { PaymentMethod } from '@vitrine/contracts/enums';
import { TEMPLATE_LINK, type MessagePart } from '@vitrine/contracts/messaging';
import { fakeRegistry, type FakeDelivery } from '../../adapters/channels/fake-channel.ts';
import { whatsAppBody } from '../../adapters/channels/whatsapp-cloud.ts';
import type { Queryable } from '../../db/client.ts';
import { seedCheckoutSuite } from '../../modules/checkout/checkout-test-kit.ts';
import { shopId } from '../../modules/order/order-test-kit.ts';
import { drainOutbox } from '../../modules/outbox/worker.ts';
import { paymentChargeJobs, paymentContext } from '../../modules/payment/service.ts';
import { recordInbound } from '../../modules/recovery/service.ts';
import { asStaff, shopWithOwner } from '../../test/console-kit.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { readyAgentOrder } from '../checkout/agent-confirm-test-kit.ts';
import { runRecoveryRound } from './run.ts';
import {
  cartAt,
  minutes,
  openScanGate,
  recoveryMessages,
  remindersOf,
  setRule,
  T0,
} from './recovery-test-kit.ts';

const CART_TEMPLATE = {
  name: 'carrinho_abandonado',
  language: 'pt_BR',
  parameters: ['nome', 'itens', 'link', 'cupom'],
};

/** The contact of `orderId` last heard two days before the simulated clock: the window is closed. */
async function windowClosed(db: Queryable, orderId: string) {
  const [order] = await db.query<{ shop_id: string; contact_id: string }>(
    'select shop_id, contact_id from orders where id = $1',
    [orderId],
  );
  await recordInbound(db, order!.shop_id, order!.contact_id, new Date(T0.getTime() - 48 * 3_600_000));
}

const partsOf = async (db: Queryable, orderId: string) =>
  (await recoveryMessages(db, orderId)).map((m) => (m.payload as unknown as { parts: MessagePart[] }).parts);

describeEachDb(
  'recovery reminders outside WhatsApp’s window',
  (ctx) => {
    const round = async (at: Date) => {
      await openScanGate(ctx().db);
      return runRecoveryRound(ctx().db, { now: at, owner: 'test' });
    };
    const drain = async () => {
      const registry = fakeRegistry();
      await drainOutbox(ctx().db, registry, {
        retryBaseMs: 0,
        links: { publicUrl: 'http://vitrine.test', sessionTtlMs: ctx().config.sessionTtlMs },
        jobs: paymentChargeJobs(paymentContext(ctx().app)),
      });
      return registry.delivered.filter(
        (d): d is Extract<FakeDelivery, { kind: 'message' }> => d.kind === 'message',
      );
    };
    beforeEach(() =>
      setRule(ctx().db, 'hortifruti', {
        secondAfterHours: 2,
        secondCoupon: { ...DEFAULT_RECOVERY_COUPON, validHours: 120 },
        cartWhatsAppTemplate: CART_TEMPLATE,
      }),
    );

    it("a cart's reminders go as the approved template, once, with the link and the second one's coupon", async () => {
      const cart = await cartAt(ctx().app, ctx().db, 'hortifruti', 'CK-20');
      await windowClosed(ctx().db, cart.orderId);
      await Promise.all([round(minutes(60)), round(minutes(60))]);
      expect(await remindersOf(ctx().db, cart.orderId)).toMatchObject([
        { step: 1, state: 'sent' },
        { step: 2, state: 'scheduled' },
      ]);
      const [first] = await partsOf(ctx().db, cart.orderId);
      expect(first).toHaveLength(1);
      expect(first![0]!.template).toEqual({
        ...CART_TEMPLATE,
        parameters: ['Cliente', '2x Produto CK-20', TEMPLATE_LINK, '-'],
      });

      const delivered = (await drain()).filter((d) => d.message.recipient.endsWith(cart.phone.slice(2)));
      expect(delivered).toHaveLength(1);
      const part = delivered[0]!.message.part;
      expect(part.button!.url).toMatch(/^http:\/\/vitrine\.test\/order\?shop=hortifruti&channel=whatsapp#.+/);
      const body = whatsAppBody(cart.phone, part, 'obx_1:0') as {
        type: string;
        template: { components: { parameters: { text: string }[] }[] };
      };
      expect(body.type).toBe('template');
      expect(body.template.components[0]!.parameters[2]!.text).toBe(part.button!.url);

      await Promise.all([round(minutes(180)), round(minutes(180))]);
      const [code] = await ctx().db.query<{ code: string }>('select code from coupons where id = $1', [
        `cpn_rmd_${cart.orderId}_2`,
      ]);
      const all = await partsOf(ctx().db, cart.orderId);
      expect(all).toHaveLength(2);
      expect(all[1]![0]!.template!.parameters).toEqual([
        'Cliente',
        '2x Produto CK-20',
        TEMPLATE_LINK,
        code!.code,
      ]);
    });

    it('without a template the reminder is skipped window_closed, no text sent; an open window sends the text', async () => {
      await setRule(ctx().db, 'hortifruti', { cartWhatsAppTemplate: null });
      const closed = await cartAt(ctx().app, ctx().db, 'hortifruti', 'CK-20');
      await windowClosed(ctx().db, closed.orderId);
      const open = await cartAt(ctx().app, ctx().db, 'hortifruti', 'CK-20');
      await round(minutes(60));
      expect(await remindersOf(ctx().db, closed.orderId)).toMatchObject([
        { state: 'skipped', reason: 'window_closed' },
      ]);
      expect(await recoveryMessages(ctx().db, closed.orderId)).toHaveLength(0);
      const [text] = await partsOf(ctx().db, open.orderId);
      expect(text![0]!.template).toBeUndefined();
    });

    it('a Pix reminder goes as the utility template with the same code, once', async () => {
      await setRule(ctx().db, 'hortifruti', {
        paymentEnabled: true,
        pixBeforeMinutes: 10,
        newCodeAfterExpiry: false,
        paymentWhatsAppTemplate: {
          name: 'pix_a_vencer',
          language: 'pt_BR',
          parameters: ['nome', 'valor', 'vencimento', 'codigo'],
        },
      });
      const phone = '5511955599901';
      const s = await readyAgentOrder(ctx().app, phone, PaymentMethod.Pix);
      await ctx().db.query(
        `update shops set settings = jsonb_set(settings, '{payment,usingExternalGateway}', 'true')
          where slug = 'hortifruti'`,
      );
      const order = await s.okCall('POST', '/api/order/confirm', {});
      await drain();
      await ctx().db.query(
        `update shops set settings = jsonb_set(settings, '{payment,usingExternalGateway}', 'false')
          where slug = 'hortifruti'`,
      );
      const [payment] = await ctx().db.query<{ pix_copy_paste: string }>(
        `update payments set created_at = $2, expires_at = $3 where order_id = $1 and status = 0
         returning pix_copy_paste`,
        [order.id, T0.toISOString(), minutes(30).toISOString()],
      );
      await recordInbound(
        ctx().db,
        await shopId(ctx().db, 'hortifruti'),
        await contactOf(ctx().db, order.id as string),
        new Date(T0.getTime() - 48 * 3_600_000),
      );
      await Promise.all([round(minutes(20)), round(minutes(20))]);
      const [parts, ...more] = await partsOf(ctx().db, order.id as string);
      expect(more).toHaveLength(0);
      expect(parts).toHaveLength(1);
      expect(parts![0]!.template).toMatchObject({
        name: 'pix_a_vencer',
        parameters: ['Maria', 'R$\u00a069,90', expect.stringMatching(/ às 12:30$/), payment!.pix_copy_paste],
      });
    });

    it("the console's templates: saved and read back; a bad name, language or parameter refused at the field", async () => {
      const { owner } = await shopWithOwner(ctx().app, 'recupera-modelo');
      const url = '/api/console/shops/recupera-modelo/recovery/rule';
      const read = async () => (await asStaff(ctx().app, owner, { method: 'GET', url })).json().data;
      const payment = { name: 'pix_a_vencer', language: 'pt_BR', parameters: ['nome', 'codigo'] };
      const good = {
        ...(await read()),
        cartWhatsAppTemplate: CART_TEMPLATE,
        paymentWhatsAppTemplate: payment,
      };
      expect((await asStaff(ctx().app, owner, { method: 'PUT', url, payload: good })).statusCode).toBe(200);
      expect(await read()).toEqual(good);
      const refusals = [
        [
          'cartWhatsAppTemplate',
          { name: 'Carrinho Abandonado' },
          'name',
          'Use o nome do modelo como aprovado',
        ],
        ['cartWhatsAppTemplate', { language: 'português' }, 'language', 'Use o código do idioma do modelo'],
        [
          'cartWhatsAppTemplate',
          { parameters: ['nome', 'codigo'] },
          'parameters',
          'Parâmetro desconhecido: codigo',
        ],
        ['paymentWhatsAppTemplate', { parameters: ['cupom'] }, 'parameters', 'Parâmetro desconhecido: cupom'],
      ] as const;
      for (const [half, change, field, text] of refusals) {
        const payload = { ...good, [half]: { ...good[half], ...change } };
        const res = await asStaff(ctx().app, owner, { method: 'PUT', url, payload });
        expect(res.statusCode, JSON.stringify(change)).toBe(400);
        expect(res.json().errors[0].message).toContain(`${half}.${field}: ${text}`);
      }
      expect(await read()).toEqual(good);
    });
  },
  { setup: seedCheckoutSuite },
);

async function contactOf(db: Queryable, orderId: string): Promise<string> {
  const [row] = await db.query<{ contact_id: string }>('select contact_id from orders where id = $1', [
    orderId,
  ]);
  return row!.contact_id;
}
