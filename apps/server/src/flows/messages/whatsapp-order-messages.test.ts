/**
 * WhatsApp's own order messages end to end (issue 19, docs/decisions/0030): agent confirmation → the outbox →
 * the real WhatsApp Cloud adapter → a local fake of the Cloud API that validates every payload
 * (adapters/channels/fake-whatsapp-cloud.ts). order_details with a Pix code whose CRC checks, order_status after a
 * sandbox payment, on cancel and on a fulfilment step; a closed 24-hour window answered with the template; text +
 * QR where the option is off or the channel is not WhatsApp.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { PaymentMethod } from '@vitrine/contracts/enums';
import { verifyPixBrCode } from '@vitrine/contracts/pix';
import type { ChannelKind } from '../../adapters/channels/channel-adapter.ts';
import { fakeRegistry, type FakeDelivery } from '../../adapters/channels/fake-channel.ts';
import { startFakeHttpServer, type FakeHttpServer } from '../../adapters/channels/fake-http-server.ts';
import { answerWhatsApp, newWhatsAppFakeState } from '../../adapters/channels/fake-whatsapp-cloud.ts';
import { WhatsAppCloudAdapter } from '../../adapters/channels/whatsapp-cloud.ts';
import { seedCheckoutSuite } from '../../modules/checkout/checkout-test-kit.ts';
import { setOrderMessages } from '../../modules/messaging/whatsapp-options.ts';
import { shopId } from '../../modules/order/order-test-kit.ts';
import { drainOutbox } from '../../modules/outbox/worker.ts';
import { paymentChargeJobs, paymentContext } from '../../modules/payment/service.ts';
import { settlePayment } from '../../modules/payment/settle.ts';
import { paymentCancelJobs } from '../../modules/payment/cancel.ts';
import { describeEachDb, TEST_PLATFORM_KEY } from '../../test/test-app.ts';
import { readyAgentOrder } from '../checkout/agent-confirm-test-kit.ts';
import { advanceFulfilment, cancelOrder } from '../orders/manage.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describeEachDb(
  'WhatsApp order messages',
  (ctx) => {
    const state = newWhatsAppFakeState();
    let graph: FakeHttpServer;
    let phones = 0;
    let hortifruti = '';

    beforeAll(async () => {
      graph = await startFakeHttpServer((request) => answerWhatsApp(state, request.json));
      hortifruti = await shopId(ctx().db, 'hortifruti');
    });
    afterAll(() => graph.close());
    beforeEach(async () => {
      graph.requests.length = 0;
      await setOrderMessages(ctx().db, hortifruti, true);
    });

    const setGateway = (on: boolean) =>
      ctx().db.query(
        `update shops set settings = jsonb_set(settings, '{payment,usingExternalGateway}', $1::jsonb)
          where slug = 'hortifruti'`,
        [JSON.stringify(on)],
      );

    async function confirm(method: number, channel = 'whatsapp') {
      const phone = `55119777${String(++phones).padStart(5, '0')}`;
      const s = await readyAgentOrder(ctx().app, phone, method, undefined, channel);
      const order = await s.okCall('POST', '/api/order/confirm', {});
      return { ...s, phone, orderId: order.id as string };
    }

    /** Runs the outbox: WhatsApp through the real adapter and the validating fake, other channels to the fake. */
    async function drain() {
      const fake = fakeRegistry();
      const before = graph.requests.length;
      const registry = {
        channel: async (shop: string, kind: ChannelKind) =>
          kind === 'whatsapp'
            ? new WhatsAppCloudAdapter({ phoneNumberId: '1234567', accessToken: 'token' }, graph.url, 'v23.0')
            : fake.channel(shop),
        events: fake.events,
      };
      const payments = paymentContext(ctx().app);
      const result = await drainOutbox(ctx().db, registry, {
        retryBaseMs: 0,
        links: { publicUrl: 'http://vitrine.test', sessionTtlMs: ctx().config.sessionTtlMs },
        jobs: { ...paymentChargeJobs(payments), ...paymentCancelJobs(payments) },
      });
      const parts = fake.delivered
        .filter((d): d is Extract<FakeDelivery, { kind: 'message' }> => d.kind === 'message')
        .map((d) => d.message.part);
      return { result, parts, sent: graph.requests.slice(before).map((r) => r.json as Json) };
    }

    const actor = () => ({ userId: null, label: 'Loja', shopId: hortifruti });

    it('the chatbot platform switches the option (off by default) on the messaging settings', async () => {
      const call = (method: 'GET' | 'PUT', payload?: object) =>
        ctx().app.inject({
          method,
          url: '/api/platform/shops/moda/messaging',
          headers: { authorization: `Bearer ${TEST_PLATFORM_KEY}` },
          ...(payload ? { payload } : {}),
        });
      expect((await call('GET')).json().data.whatsappOrderMessages).toBe(false);
      const on = await call('PUT', { whatsappOrderMessages: true });
      expect(on.json().data.whatsappOrderMessages).toBe(true);
      expect((await call('GET')).json().data.whatsappOrderMessages).toBe(true);
      const refused = await call('PUT', { whatsappOrderMessages: 'sim' });
      expect(refused.statusCode).toBe(400);
      expect((await call('PUT', { whatsappOrderMessages: false })).json().data.whatsappOrderMessages).toBe(
        false,
      );
    });

    it("order_details with the shop's Pix code (CRC checks), items and totals in value/offset", async () => {
      const s = await confirm(PaymentMethod.Pix);
      const { result, sent } = await drain();
      expect(result.failed).toBe(0);
      const details = sent.find((body) => body.interactive?.type === 'order_details');
      expect(details).toMatchObject({ messaging_product: 'whatsapp', to: s.phone, type: 'interactive' });
      const { action, body } = details!.interactive;
      expect(body.text).toContain('Total: *R$\u00a069,90*');
      expect(action.name).toBe('review_and_pay');
      const parameters = action.parameters;
      expect(parameters).toMatchObject({
        reference_id: s.orderId,
        type: 'physical-goods',
        payment_type: 'br',
        currency: 'BRL',
        total_amount: { value: 6990, offset: 100 },
        order: {
          status: 'pending',
          items: [{ retailer_id: 'CK-20', amount: { value: 2000, offset: 100 }, quantity: 3 }],
          subtotal: { value: 6000, offset: 100 },
          tax: { value: 0, offset: 100 },
          shipping: { value: 990, offset: 100 },
        },
      });
      const pix = parameters.payment_settings[0];
      expect(pix.type).toBe('pix_dynamic_code');
      expect(verifyPixBrCode(pix.pix_dynamic_code.code)).toBe(true);
      expect(pix.pix_dynamic_code).toMatchObject({
        key: '123e4567-e12b-12d1-a456-426655440000',
        key_type: 'EVP',
        merchant_name: 'Hortifruti Bom Preco',
      });
    });

    it('gateway Pix: order_details with the charge, then order_status "processing" once it is paid', async () => {
      await setGateway(true);
      try {
        const s = await confirm(PaymentMethod.Pix);
        const first = await drain();
        expect(first.result.failed).toBe(0);
        const details = first.sent.find((body) => body.interactive?.type === 'order_details')!;
        const reference = details.interactive.action.parameters.reference_id;
        const [payment] = await ctx().db.query<{ id: string }>(
          'select id from payments where order_id = $1',
          [s.orderId],
        );
        await ctx().db.transaction((tx) =>
          settlePayment(tx, payment!.id, { status: 'paid', source: 'webhook' }, null),
        );
        const second = await drain();
        expect(second.result).toMatchObject({ failed: 0 });
        const status = second.sent.filter((body) => body.interactive?.type === 'order_status');
        expect(status).toHaveLength(1);
        expect(status[0]!.interactive.action).toEqual({
          name: 'review_order',
          parameters: {
            reference_id: reference,
            order: { status: 'processing', description: expect.stringContaining('Pagamento recebido') },
          },
        });
      } finally {
        await setGateway(false);
      }
    });

    it('a sandbox boleto goes as order_details with its digitable line', async () => {
      const s = await confirm(PaymentMethod.Boleto);
      const { result, sent } = await drain();
      expect(result.failed).toBe(0);
      const details = sent.find((body) => body.to === s.phone)!;
      expect(details.interactive.type).toBe('order_details');
      const [setting] = details.interactive.action.parameters.payment_settings;
      expect(setting.type).toBe('boleto');
      expect(setting.boleto.digitable_line).toMatch(/^\d{47}$/);
    });

    it('a cancel and a fulfilment step send order_status with the same reference', async () => {
      const shipped = await confirm(PaymentMethod.Pix);
      const canceled = await confirm(PaymentMethod.Pix);
      await drain();
      await advanceFulfilment(ctx().db, actor(), shipped.orderId, 'out_for_delivery');
      await cancelOrder(ctx().db, actor(), canceled.orderId, { reason: 'Cliente desistiu' });
      const { result, sent } = await drain();
      expect(result.failed).toBe(0);
      const byTo = Object.fromEntries(sent.map((body) => [body.to, body.interactive.action.parameters]));
      expect(byTo[shipped.phone]).toMatchObject({
        reference_id: shipped.orderId,
        order: { status: 'shipped', description: expect.stringContaining('saiu para entrega') },
      });
      expect(byTo[canceled.phone]).toMatchObject({
        reference_id: canceled.orderId,
        order: { status: 'canceled', description: 'Seu pedido foi cancelado.' },
      });
    });

    it('a closed 24-hour window: the API refuses the order message and the order template goes instead', async () => {
      const phone = `55119777${String(phones + 1).padStart(5, '0')}`;
      state.closedWindows.add(phone);
      const s = await confirm(PaymentMethod.Pix);
      expect(s.phone).toBe(phone);
      const { result } = await drain();
      expect(result.failed).toBe(0);
      const mine = graph.requests.filter((r) => (r.json as Json).to === phone);
      expect(mine.map((r) => (r.json as Json).type)).toEqual(['interactive', 'template']);
      expect((mine[1]!.json as Json).template).toEqual({
        name: 'vitrine_pedido',
        language: { policy: 'deterministic', code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Seu pedido na Hortifruti Bom Preço foi confirmado: total R$ 69,90.' },
            ],
          },
        ],
      });
      state.closedWindows.delete(phone);
    });

    it('option off, or a channel without it (Instagram): today’s text + QR message', async () => {
      await setOrderMessages(ctx().db, hortifruti, false);
      await confirm(PaymentMethod.Pix);
      const off = await drain();
      expect(off.sent.map((body) => body.type)).toEqual(['text', 'text', 'image']);
      expect(off.sent[2]!.image.link).toMatch(/^http:\/\/vitrine\.test\/api\/pix\/qr\.png\?code=/);

      await setOrderMessages(ctx().db, hortifruti, true);
      await confirm(PaymentMethod.Pix, 'instagram');
      const instagram = await drain();
      expect(instagram.sent).toEqual([]);
      expect(instagram.parts.map((part) => Boolean(part.order))).toEqual([false, false, false]);
      expect(instagram.parts[2]!.imageUrl).toContain('/api/pix/qr.png?code=');
    });
  },
  { setup: seedCheckoutSuite },
);
