/**
 * Abandoned-cart recovery end to end on a simulated clock (issue 36): the first reminder after N minutes without
 * change and not before, queued in the outbox with a fresh session link back to the same cart; a change resets the
 * timer; quiet hours wait; 'PARAR' and the platform's flag win; a confirm after the first reminder skips the second
 * and is stored as recovered; the per-contact cap; the console's rule refuses bad input at the field.
 */
import { beforeEach, expect, it } from 'vitest';
import { PaymentMethod } from '@vitrine/contracts/enums';
import { fakeRegistry } from '../../adapters/channels/fake-channel.ts';
import { seedCheckoutSuite } from '../../modules/checkout/checkout-test-kit.ts';
import { shopId } from '../../modules/order/order-test-kit.ts';
import { drainOutbox } from '../../modules/outbox/worker.ts';
import { asStaff, shopWithOwner } from '../../test/console-kit.ts';
import { describeEachDb, TEST_PLATFORM_KEY } from '../../test/test-app.ts';
import { readyAgentOrder } from '../checkout/agent-confirm-test-kit.ts';
import { whatsAppWebhookJobs, WHATSAPP_WEBHOOK_JOB } from '../messages/whatsapp-webhook.ts';
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

describeEachDb(
  'abandoned-cart recovery',
  (ctx) => {
    const round = async (at: Date) => {
      await openScanGate(ctx().db);
      return runRecoveryRound(ctx().db, { now: at, owner: 'test' });
    };
    beforeEach(() => setRule(ctx().db, 'hortifruti'));

    it('sends the first reminder 60 minutes after the last change, once, linking back to the same cart', async () => {
      const cart = await cartAt(ctx().app, ctx().db, 'hortifruti', 'CK-20');
      await round(minutes(59));
      expect(await remindersOf(ctx().db, cart.orderId)).toMatchObject([
        { step: 1, state: 'scheduled', due_at: minutes(60) },
      ]);
      expect(await recoveryMessages(ctx().db, cart.orderId)).toHaveLength(0);
      await round(minutes(60));
      await round(minutes(61));
      expect(await remindersOf(ctx().db, cart.orderId)).toMatchObject([
        { step: 1, state: 'sent', sent_at: minutes(60) },
      ]);
      const [message, ...more] = await recoveryMessages(ctx().db, cart.orderId);
      expect(more).toHaveLength(0);
      expect(message!.payload.parts[0]!.text).toBe(
        'Oi, Cliente! Você deixou 2x Produto CK-20 no carrinho. Quer finalizar o pedido?',
      );

      const fake = fakeRegistry();
      await drainOutbox(ctx().db, fake, {
        retryBaseMs: 0,
        links: { publicUrl: 'http://vitrine.test', sessionTtlMs: ctx().config.sessionTtlMs },
      });
      const sent = fake.delivered.find(
        (d) => d.kind === 'message' && d.message.recipient.endsWith(cart.phone.slice(2)),
      );
      const url = sent?.kind === 'message' ? sent.message.part.button!.url : '';
      expect(url).toMatch(/^http:\/\/vitrine\.test\/order\?shop=hortifruti&channel=whatsapp#/);
      const fresh = url.slice(url.indexOf('#') + 1);
      expect(fresh).not.toBe(cart.code);
      const res = await ctx().app.inject({
        method: 'GET',
        url: '/api/order/current',
        headers: { authorization: `Bearer ${fresh}` },
      });
      expect(res.json().data.id).toBe(cart.orderId);
    });

    it('delivered as a chatbot event: one signed cart.abandoned per reminder, no chat message; both sends both', async () => {
      await setRule(ctx().db, 'hortifruti', { cartDelivery: 'event' });
      const cart = await cartAt(ctx().app, ctx().db, 'hortifruti', 'CK-20');
      await round(minutes(60));
      await round(minutes(61));
      expect(await remindersOf(ctx().db, cart.orderId)).toMatchObject([{ state: 'sent' }]);
      expect(await recoveryMessages(ctx().db, cart.orderId)).toHaveLength(0);
      const events = () =>
        ctx().db.query<{ dedupe_key: string; payload: { data: Record<string, unknown> } }>(
          `select dedupe_key, payload from outbox where order_id = $1 and kind = 'event' and type = 'cart.abandoned'`,
          [cart.orderId],
        );
      const [event, ...more] = await events();
      expect(more).toHaveLength(0);
      expect(event!.dedupe_key).toBe(`event:cart.abandoned:rmd_${cart.orderId}_1`);
      expect(event!.payload.data).toMatchObject({
        order: { id: cart.orderId, status: 0 },
        conversation: { channelType: 1 },
        reminder: { id: `rmd_${cart.orderId}_1`, step: 1, items: [{ name: 'Produto CK-20', quantity: 2 }] },
      });

      await setRule(ctx().db, 'hortifruti', { cartDelivery: 'both' });
      const other = await cartAt(ctx().app, ctx().db, 'hortifruti', 'CK-20');
      await round(minutes(60));
      expect(await recoveryMessages(ctx().db, other.orderId)).toHaveLength(1);
      const [both] = await ctx().db.query<{ n: number }>(
        `select count(*)::int as n from outbox where order_id = $1 and type = 'cart.abandoned'`,
        [other.orderId],
      );
      expect(both!.n).toBe(1);
    });

    it('a cart changed after its reminder was scheduled starts the timer again', async () => {
      const cart = await cartAt(ctx().app, ctx().db, 'hortifruti', 'CK-20');
      await round(minutes(30));
      await cart.okCall('POST', '/api/order/items/', { providerId: 'CK-20', quantity: 3 });
      await round(minutes(50)); // the scan sees the change at 50: due at 110
      await round(minutes(61));
      expect(await remindersOf(ctx().db, cart.orderId)).toMatchObject([
        { state: 'scheduled', due_at: minutes(110) },
      ]);
      await round(minutes(110));
      expect(await remindersOf(ctx().db, cart.orderId)).toMatchObject([
        { state: 'sent', sent_at: minutes(110) },
      ]);
      expect(await recoveryMessages(ctx().db, cart.orderId)).toHaveLength(1);
    });

    it('a reminder due in quiet hours waits until they end (21:00–08:00 in the shop’s zone)', async () => {
      // 20:30 in São Paulo: due at 21:30, inside the quiet hours.
      const evening = new Date('2026-11-20T23:30:00.000Z');
      const cart = await cartAt(ctx().app, ctx().db, 'hortifruti', 'CK-20', evening);
      const at = (m: number) => new Date(evening.getTime() + m * 60_000);
      await round(at(60));
      const morning = new Date('2026-11-21T11:00:00.000Z'); // 08:00 in São Paulo
      expect(await remindersOf(ctx().db, cart.orderId)).toMatchObject([
        { state: 'scheduled', reason: 'quiet_hours', due_at: morning },
      ]);
      await round(new Date(morning.getTime() - 60_000));
      expect(await recoveryMessages(ctx().db, cart.orderId)).toHaveLength(0);
      await round(morning);
      expect(await remindersOf(ctx().db, cart.orderId)).toMatchObject([{ state: 'sent', reason: null }]);
    });

    it("'PARAR' on WhatsApp and the platform's flag win: the contact gets nothing", async () => {
      const byChat = await cartAt(ctx().app, ctx().db, 'hortifruti', 'CK-20');
      const byPlatform = await cartAt(ctx().app, ctx().db, 'hortifruti', 'CK-20');
      const shop = await shopId(ctx().db, 'hortifruti');
      const [identity] = await ctx().db.query<{ external_user_id: string }>(
        `select i.external_user_id from contact_identities i join orders o on o.contact_id = i.contact_id
          where o.id = $1`,
        [byChat.orderId],
      );
      const message = {
        from: identity!.external_user_id,
        timestamp: '1763650000',
        text: { body: ' Parar ' },
      };
      await whatsAppWebhookJobs(ctx().db)[WHATSAPP_WEBHOOK_JOB]!(
        { shopId: shop, field: 'messages', value: { messages: [message] } },
        { outboxId: 'obx_test' },
      );
      const flagged = await ctx().app.inject({
        method: 'PUT',
        url: '/api/platform/shops/hortifruti/contacts/opt-out',
        headers: { authorization: `Bearer ${TEST_PLATFORM_KEY}` },
        payload: { phone: byPlatform.phone, optedOut: true },
      });
      expect(flagged.statusCode, flagged.body).toBe(200);
      expect(flagged.json().data).toEqual({ contacts: 1, optedOut: true });
      await round(minutes(61));
      for (const cart of [byChat, byPlatform]) {
        expect(await remindersOf(ctx().db, cart.orderId)).toMatchObject([
          { state: 'skipped', reason: 'opted_out' },
        ]);
        expect(await recoveryMessages(ctx().db, cart.orderId)).toHaveLength(0);
      }
    });

    it('a contact who confirms after the first reminder never gets the second; the order counts as recovered', async () => {
      await setRule(ctx().db, 'hortifruti', { secondAfterHours: 2 });
      const agent = await readyAgentOrder(ctx().app, '5511966660001', PaymentMethod.CreditCard);
      const [cart] = await ctx().db.query<{ id: string; total_cents: number }>(
        `select o.id, o.total_cents from orders o join contact_identities i on i.contact_id = o.contact_id
          where i.external_user_id like '%966660001' and o.status = 0`,
      );
      await ctx().db.query('update orders set updated_at = $2 where id = $1', [cart!.id, T0.toISOString()]);
      await round(minutes(60));
      expect(await remindersOf(ctx().db, cart!.id)).toMatchObject([
        { step: 1, state: 'sent' },
        { step: 2, state: 'scheduled', due_at: minutes(180) },
      ]);
      // The first reminder is in flight (queued, not yet delivered) when the contact confirms.
      await agent.okCall('POST', '/api/order/confirm', {});
      await round(minutes(180));
      expect(await remindersOf(ctx().db, cart!.id)).toMatchObject([
        { step: 1, state: 'sent' },
        { step: 2, state: 'skipped', reason: 'confirmed' },
      ]);
      expect(await recoveryMessages(ctx().db, cart!.id)).toHaveLength(1);
      const [recovered] = await ctx().db.query<{ value_cents: number; reminder_id: string }>(
        'select value_cents, reminder_id from recovery_recoveries where order_id = $1',
        [cart!.id],
      );
      expect(recovered).toEqual({ value_cents: cart!.total_cents, reminder_id: `rmd_${cart!.id}_1` });
    });

    it('the per-contact cap holds across carts', async () => {
      await setRule(ctx().db, 'hortifruti', { contactCap: 1 });
      const first = await cartAt(ctx().app, ctx().db, 'hortifruti', 'CK-20');
      await round(minutes(60));
      expect(await remindersOf(ctx().db, first.orderId)).toMatchObject([{ state: 'sent' }]);
      // The same contact's cart in the other shop's… no: a second open cart of the same contact is a new order
      // after the first is cancelled; the cap counts the contact, whatever the cart.
      await ctx().db.query('update orders set status = 3 where id = $1', [first.orderId]);
      const again = await first.okCall('POST', '/api/order/items/', { providerId: 'CK-20', quantity: 1 });
      expect(again.id).not.toBe(first.orderId);
      await ctx().db.query('update orders set updated_at = $2 where id = $1', [
        again.id,
        minutes(70).toISOString(),
      ]);
      await round(minutes(130));
      expect(await remindersOf(ctx().db, again.id)).toMatchObject([
        { state: 'skipped', reason: 'contact_cap' },
      ]);
    });

    it("the console's rule: saved whole and read back; bad input refused at the field, nothing saved", async () => {
      const { owner } = await shopWithOwner(ctx().app, 'recupera');
      const url = '/api/console/shops/recupera/recovery/rule';
      const good = {
        enabled: true,
        firstAfterMinutes: 90,
        secondAfterHours: 24,
        secondCoupon: null,
        quietStart: '22:00',
        quietEnd: '07:30',
        contactCap: 2,
        capDays: 7,
        template: 'Oi {nome}, seus {itens} esperam por você: {link}',
        paymentEnabled: true,
        pixBeforeMinutes: 15,
        boletoDayBefore: true,
        newCodeAfterExpiry: true,
        paymentTemplate: '{nome}, o Pix de {valor} vence em {vencimento}.',
        cartDelivery: 'both',
        cartWhatsAppTemplate: null,
        paymentDelivery: 'event',
        paymentWhatsAppTemplate: null,
        closedDays: ['2026-12-25'],
      };
      expect((await asStaff(ctx().app, owner, { method: 'PUT', url, payload: good })).statusCode).toBe(200);
      const refusals = [
        [
          { firstAfterMinutes: -5 },
          'firstAfterMinutes',
          'O primeiro lembrete sai depois de 5 a 10.080 minutos',
        ],
        [{ contactCap: 500 }, 'contactCap', 'O limite por cliente vai de 1 a 20 lembretes.'],
        [{ template: 'Oi {nome}, use {cupom}' }, 'template', 'Campo desconhecido na mensagem: {cupom}'],
        [{ quietStart: '25:00' }, 'quietStart', 'Use o formato HH:MM'],
        [
          { pixBeforeMinutes: -5 },
          'pixBeforeMinutes',
          'O lembrete do Pix sai de 1 a 1.440 minutos antes de o código vencer.',
        ],
        [
          { paymentTemplate: 'Pague {valor} com {cupom}' },
          'paymentTemplate',
          'Campo desconhecido na mensagem: {cupom}. Use {nome}, {valor} ou {vencimento}.',
        ],
        [{ newCodeAfterExpiry: 'sim' }, 'newCodeAfterExpiry', 'Informe se um novo código'],
        [{ cartDelivery: 'sms' }, 'cartDelivery', 'Escolha como o lembrete chega'],
        [{ closedDays: ['25/12'] }, 'closedDays.0', 'Use datas válidas, por exemplo 2026-12-25.'],
      ] as const;
      for (const [change, field, message] of refusals) {
        const res = await asStaff(ctx().app, owner, { method: 'PUT', url, payload: { ...good, ...change } });
        expect(res.statusCode, JSON.stringify(change)).toBe(400);
        expect(res.json().errors[0].message).toContain(`${field}: ${message}`);
      }
      const read = await asStaff(ctx().app, owner, { method: 'GET', url });
      expect(read.json().data).toEqual(good);
    });
  },
  { setup: seedCheckoutSuite },
);
