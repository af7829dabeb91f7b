import { expect, it } from 'vitest';
import { readyAgentOrder } from '../../flows/checkout/agent-confirm-test-kit.ts';
import { cardBody, expectAnswer, payer, seedPaymentSuite } from '../../modules/payment/payment-test-kit.ts';
import { mintSession } from '../../modules/order/order-test-kit.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { describeEachDb, TEST_PLATFORM_KEY } from '../../test/test-app.ts';

describeEachDb(
  'platform order look-up (the bot answers "cadê meu pedido?")',
  (ctx) => {
    const get = (url: string, key = TEST_PLATFORM_KEY) =>
      ctx().app.inject({ url, headers: { authorization: `Bearer ${key}` } });
    const lookUp = async (url: string) => {
      const res = await get(url);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };

    it('looks the order up after confirmation and after payment, by id and by phone', async () => {
      const agent = await readyAgentOrder(ctx().app, '11977770001', 0);
      const confirmed = (await agent.okCall('POST', '/api/order/confirm', {})) as unknown as { id: string };
      const orderId = confirmed.id;

      const placed = await lookUp(`/api/platform/shops/hortifruti/orders/${orderId}`);
      expect(placed).toMatchObject({
        id: orderId,
        status: 'received',
        statusLabel: 'Recebido',
        totalCents: 6990,
        channel: 'whatsapp',
        origin: null,
        originLabel: null,
        payment: { method: 0, methodLabel: 'Cartão de crédito', status: 'waiting', paidCents: 0 },
        delivery: { kind: 'delivery' },
      });
      expect(placed.number).toBeGreaterThan(0);
      expect(placed.slot).toMatchObject({ day: expect.any(String), startTime: expect.any(String) });

      // The contact pays by card on its own link (same phone, same user).
      const shopper = payer(ctx().app, await mintSession(ctx().app, { phone: '11977770001' }));
      expectAnswer(await shopper.pay(cardBody('4111111111111111'), 'lookup-pay-1'));
      const paid = await lookUp(`/api/platform/shops/hortifruti/orders/${orderId}`);
      expect(paid).toMatchObject({
        status: 'finalized',
        statusLabel: 'Finalizado',
        payment: { status: 'paid', statusLabel: 'Pago', methodLabel: 'Cartão de crédito', dueCents: 0 },
      });
      const answer = JSON.stringify(paid);
      expect(answer).not.toContain('4111');
      expect(answer).not.toContain('1111');

      // By phone, with or without the DDI and punctuation: the same order, newest first.
      for (const phone of ['11977770001', '5511977770001', '(11) 97777-0001']) {
        const page = await lookUp(`/api/platform/shops/hortifruti/orders?phone=${encodeURIComponent(phone)}`);
        expect(page.orders.map((o: { id: string }) => o.id)).toEqual([orderId]);
        expect(page.nextCursor).toBeNull();
      }
    });

    it('pages a contact’s orders newest first; another contact’s or shop’s orders never show', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const agent = await readyAgentOrder(ctx().app, '11977770002', 3);
        ids.push(((await agent.okCall('POST', '/api/order/confirm', {})) as unknown as { id: string }).id);
      }
      const first = await lookUp('/api/platform/shops/hortifruti/orders?phone=11977770002&limit=2');
      expect(first.orders.map((o: { id: string }) => o.id)).toEqual([ids[2], ids[1]]);
      expect(first.orders[0].payment).toMatchObject({ method: 3, methodLabel: 'PIX' });
      expect(first.orders[0].number).toBeGreaterThan(first.orders[1].number);
      const second = await lookUp(
        `/api/platform/shops/hortifruti/orders?phone=11977770002&limit=2&cursor=${first.nextCursor}`,
      );
      expect(second.orders.map((o: { id: string }) => o.id)).toEqual([ids[0]]);
      expect(second.nextCursor).toBeNull();

      expect((await lookUp('/api/platform/shops/hortifruti/orders?phone=11900000000')).orders).toEqual([]);
      expect((await lookUp('/api/platform/shops/moda/orders?phone=11977770002')).orders).toEqual([]);
      const otherShop = expectRefusal(await get(`/api/platform/shops/moda/orders/${ids[0]}`), 404);
      expect(otherShop.message).toBe('Pedido não encontrado nesta loja.');
    });

    it('refuses a session code, a wrong key and bad input, in pt-BR', async () => {
      const code = await mintSession(ctx().app);
      expectRefusal(await get('/api/platform/shops/hortifruti/orders?phone=11977770001', code), 401);
      expectRefusal(
        await get('/api/platform/shops/hortifruti/orders?phone=11977770001', 'x'.repeat(40)),
        401,
      );
      expect(
        expectRefusal(await get('/api/platform/shops/hortifruti/orders?phone=abc'), 400).message,
      ).toContain('Telefone inválido');
      expectRefusal(await get('/api/platform/shops/hortifruti/orders'), 400);
      expectRefusal(await get('/api/platform/shops/hortifruti/orders?phone=11977770001&cursor=!!'), 400);
      expectRefusal(await get('/api/platform/shops/hortifruti/orders/ord_123'), 400);
      expectRefusal(await get('/api/platform/shops/nao-existe/orders?phone=11977770001'), 404);
      expectRefusal(await get(`/api/platform/shops/hortifruti/orders/ord_${'0'.repeat(26)}`), 404);
    });
  },
  { setup: seedPaymentSuite },
);
