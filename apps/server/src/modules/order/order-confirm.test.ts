import { expect, it } from 'vitest';
import { ChannelType, OrderStatus } from '@vitrine/contracts/enums';
import { formatBRL } from '@vitrine/contracts/money';
import { insertShop } from '../../test/fixtures.ts';
import { describeEachDb } from '../../test/test-app.ts';
import {
  anonymousSession,
  caller,
  insertFixtureProduct,
  mintSession,
  seedDemoWithGifts,
  shopId,
} from './order-test-kit.ts';

const HORTIFRUTI_CHAT = 'https://wa.me/5511987654321?text=';
const CALLBACK = 'Olá! Acabei de montar meu pedido pelo catálogo.';

describeEachDb(
  'order confirm',
  (ctx) => {
    const orderRow = async (id: string) =>
      (
        await ctx().db.query<{ status: number; confirmed_at: Date | string | null; version: number }>(
          'select status, confirmed_at, version from orders where id = $1',
          [id],
        )
      )[0]!;

    it('blocks at each limit, passes at it, and enforces the same rules on confirm', async () => {
      const c = caller(ctx().app, await mintSession(ctx().app, { shop: 'limites' }));
      const minimum = `O valor mínimo do seu pedido é ${formatBRL(3000)}`;
      let order = await c.current();
      expect(order).toMatchObject({ minOrderValue: 30, blockingMessages: [minimum] });
      expect(order.logistic).toMatchObject({
        providerId: '',
        maxDistinctItems: 2,
        maxItemsAmout: 5,
        orderMinPrice: null,
        limitsOnly: true,
      });
      const expectConfirm = async (status: number, message?: string) => {
        const res = await c.confirm();
        expect(res.status).toBe(status);
        if (message) expect(res.body.errors[0]!.message).toBe(message);
        return res;
      };
      await expectConfirm(422, 'Adicione itens ao pedido.');

      order = await c.item({ providerId: 'L-2999', quantity: 1 }); // R$ 29,99
      expect(order.blockingMessages).toEqual([minimum]);
      await expectConfirm(422, minimum);
      order = await c.item({ providerId: 'L-1', quantity: 1 }); // R$ 30,00, 2 distinct, 2 items
      expect(order.blockingMessages).toEqual([]);

      order = await c.item({ providerId: 'L-1000', quantity: 1 }); // 3 distinct
      expect(order.blockingMessages).toEqual(['O máximo de itens distintos do seu pedido é 2']);
      await expectConfirm(422, 'O máximo de itens distintos do seu pedido é 2');
      await c.item({ providerId: 'L-1000', quantity: 0 });

      order = await c.item({ providerId: 'L-1', quantity: 4 }); // 5 items
      expect(order.blockingMessages).toEqual([]);
      order = await c.item({ providerId: 'L-1', quantity: 5 }); // 6 items
      expect(order.blockingMessages).toEqual(['O máximo de itens do seu pedido é 5']);
      await expectConfirm(422, 'O máximo de itens do seu pedido é 5');
      expect((await orderRow(order.id)).status).toBe(OrderStatus.Creating);

      await c.item({ providerId: 'L-1', quantity: 4 });
      const ok = await expectConfirm(200);
      // WhatsApp session, but the shop has no WhatsApp number: the confirmation page.
      expect(ok.body.data.redirect).toEqual({ kind: 'page', path: '/confirm' });
      expect(ok.body.data.order).toMatchObject({
        id: order.id,
        status: OrderStatus.Received,
        itemsAmout: 30.03,
      });
    });

    it('confirms once: a retry returns the same confirmation, then a new empty order starts', async () => {
      const c = caller(ctx().app, await mintSession(ctx().app));
      const cart = await c.item({ providerId: 'T-FORTY', quantity: 1 });
      const versionBefore = (await orderRow(cart.id)).version;
      const first = await c.confirm();
      expect(first.status).toBe(200);
      expect(first.body.data.order).toMatchObject({
        id: cart.id,
        status: OrderStatus.Received,
        itemsAmout: 40,
      });
      expect(first.body.data.order.items).toEqual(cart.items);
      expect(first.body.data.redirect).toEqual({
        kind: 'whatsapp',
        url: HORTIFRUTI_CHAT + encodeURIComponent(CALLBACK),
      });
      const stamped = await orderRow(cart.id);

      const second = await c.confirm();
      expect(second.status).toBe(200);
      expect(second.body).toEqual(first.body);
      const after = await orderRow(cart.id);
      expect(after).toEqual(stamped);
      expect(after.version).toBe(versionBefore + 2); // one settle + one transition, never a second one

      const next = await c.current();
      expect(next.id).not.toBe(cart.id);
      expect(next).toMatchObject({ status: OrderStatus.Creating, items: [], itemsAmout: 0 });
      expect((await c.confirm()).status).toBe(422);
    });

    it('applies one transition to concurrent confirms of one order', async () => {
      const c = caller(ctx().app, await mintSession(ctx().app));
      const cart = await c.item({ providerId: 'T-FORTY', quantity: 2 });
      const versionBefore = (await orderRow(cart.id)).version;
      const confirmAll = () => Promise.all(Array.from({ length: 6 }, () => c.confirm()));
      let pending = Promise.resolve([] as Awaited<ReturnType<typeof confirmAll>>);
      if (ctx().kind === 'postgres') {
        // Hold the row lock so that every confirm is in flight at once, then release it.
        await ctx().db.transaction(async (tx) => {
          await tx.query('select id from orders where id = $1 for update', [cart.id]);
          pending = confirmAll();
          await new Promise((resolve) => setTimeout(resolve, 200));
        });
      } else {
        pending = confirmAll();
      }
      const results = await pending;
      expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
      expect(new Set(results.map((r) => JSON.stringify(r.body))).size).toBe(1);
      const row = await orderRow(cart.id);
      expect(row.status).toBe(OrderStatus.Received);
      expect(row.version).toBe(versionBefore + 2);
      // The chatbot hears of it once: one `order.confirmed` event queued with the transition.
      const events = await ctx().db.query<{ type: string }>(
        `select type from outbox where order_id = $1 and kind = 'event'`,
        [cart.id],
      );
      expect(events.map((e) => e.type)).toEqual(['order.confirmed']);
    });

    it('adds the order id to the chat text of anonymous users; WebChat goes to /confirm', async () => {
      const anonymous = caller(
        ctx().app,
        await anonymousSession(ctx().db, 'hortifruti', ChannelType.WhatsApp),
      );
      const cart = await anonymous.item({ providerId: 'T-FORTY', quantity: 1 });
      expect(cart.isAnonymousUser).toBe(true);
      const res = await anonymous.confirm();
      expect(res.body.data.redirect).toEqual({
        kind: 'whatsapp',
        url: HORTIFRUTI_CHAT + encodeURIComponent(`${CALLBACK} Pedido: ${cart.id}`),
      });

      const webchat = caller(ctx().app, await mintSession(ctx().app, { channel: 'webchat' }));
      await webchat.item({ providerId: 'T-FORTY', quantity: 1 });
      expect((await webchat.confirm()).body.data.redirect).toEqual({ kind: 'page', path: '/confirm' });
    });

    it("never confirms another session's order", async () => {
      const a = caller(ctx().app, await mintSession(ctx().app));
      const b = caller(ctx().app, await mintSession(ctx().app));
      const cart = await a.item({ providerId: 'T-FORTY', quantity: 1 });
      const res = await b.confirm();
      expect(res.status).toBe(422);
      expect(res.body.errors[0]!.message).toBe('Adicione itens ao pedido.');
      expect((await orderRow(cart.id)).status).toBe(OrderStatus.Creating);
      expect((await ctx().app.inject({ url: '/api/order/confirm' })).statusCode).toBe(401);
    });
  },
  {
    setup: async (db) => {
      await seedDemoWithGifts(db);
      await insertFixtureProduct(db, await shopId(db, 'hortifruti'), {
        providerId: 'T-FORTY',
        priceCents: 4000,
      });
      const limits = await insertShop(
        db,
        'limites',
        {},
        { minOrderValueCents: 3000, maxDistinctItems: 2, maxItems: 5 },
      );
      for (const [providerId, priceCents] of [
        ['L-2999', 2999],
        ['L-1', 1],
        ['L-1000', 1000],
      ] as const) {
        await insertFixtureProduct(db, limits, { providerId, priceCents });
      }
    },
  },
);
