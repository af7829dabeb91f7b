/**
 * The storefront's live order (docs/decisions/0026): a stream per order for the shopper's and the agent's
 * sessions of its customer, on PGlite and PostgreSQL.
 */
import type { AddressInfo } from 'node:net';
import { expect, it, vi } from 'vitest';
import { caller, demoProduct, mintSession, seedDemoWithGifts } from '../../modules/order/order-test-kit.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { openSse, type SseEvent } from '../../test/sse-reader.ts';

const PHONE = '5511955550055';
const data = (e: SseEvent) => JSON.parse(e.data) as Record<string, unknown>;

describeEachDb(
  'live order events (SSE per order over LISTEN/NOTIFY)',
  (ctx) => {
    let shopper: string;
    let agent: string;
    let orderId: string;
    let base: string;
    let product: string;
    const bearer = (code: string, extra: Record<string, string> = {}) => ({
      authorization: `Bearer ${code}`,
      ...extra,
    });
    const events = (id = orderId) => `/api/order/${id}/events`;

    it('refuses every session but the order customer’s (shopper or agent), and a bad Last-Event-ID', async () => {
      const { app, db } = ctx();
      shopper = await mintSession(app, { phone: PHONE });
      agent = await mintSession(app, { phone: PHONE, agent: true });
      product = await demoProduct(db, 'hortifruti', 'p.is_active and not p.sold_in_kilo');
      orderId = (await caller(app, shopper).current()).id;
      expect((await caller(app, agent).current()).id).toBe(orderId);

      const otherContact = await mintSession(app);
      const sameShopAgent = await mintSession(app, { agent: true });
      const otherShop = await mintSession(app, { shop: 'moda', phone: PHONE });
      const get = (headers: Record<string, string>, url = events()) => app.inject({ url, headers });
      expectRefusal(await get({}), 401);
      expectRefusal(await get(bearer('x'.repeat(30))), 401);
      for (const code of [otherContact, sameShopAgent, otherShop])
        expectRefusal(await get(bearer(code)), 404);
      expectRefusal(await get(bearer(shopper), events('ord_nao_existe')), 404);
      expectRefusal(await get(bearer(shopper, { 'last-event-id': 'abc' })), 400);

      await app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    });

    it('both sides hear each other’s changes with the new version and who made them', async () => {
      const { app } = ctx();
      const shopperStream = await openSse(base + events(), bearer(shopper));
      const agentStream = await openSse(base + events(), bearer(agent));
      expect(shopperStream.status).toBe(200);
      expect(shopperStream.contentType).toContain('text/event-stream');
      const hello = data(await shopperStream.until((e) => e.event === 'hello')) as { version: number };
      expect(hello).toMatchObject({ orderId, status: 0, resync: false });
      await agentStream.until((e) => e.event === 'hello');

      const byAgent = await caller(app, agent).item({ providerId: product, quantity: 2 });
      const seenByShopper = data(await shopperStream.until((e) => e.event === 'order'));
      expect(seenByShopper).toEqual({
        orderId,
        version: hello.version + 1,
        kind: 'order',
        actor: 'agent',
        status: 0,
      });
      expect(byAgent.items).toHaveLength(1);

      await caller(app, shopper).item({ index: byAgent.items[0]!.index, providerId: product, quantity: 3 });
      const seenByAgent = [
        data(await agentStream.until((e) => e.event === 'order')),
        data(await agentStream.until((e) => e.event === 'order')),
      ];
      expect(seenByAgent).toEqual([
        { orderId, version: hello.version + 1, kind: 'order', actor: 'agent', status: 0 },
        { orderId, version: hello.version + 2, kind: 'order', actor: 'shopper', status: 0 },
      ]);
      await shopperStream.close();
      await agentStream.close();
    });

    it('an idle open stream reads nothing from the database', async () => {
      const { db } = ctx();
      const stream = await openSse(base + events(), bearer(shopper));
      await stream.until((e) => e.event === 'hello');
      await new Promise((resolve) => setTimeout(resolve, 100));
      const spy = vi.spyOn(db, 'query');
      await new Promise((resolve) => setTimeout(resolve, 400));
      // The health probe's `select 1` (every 2 s, plugins/health.ts) is not the stream's.
      const reads = spy.mock.calls.map(([sql]) => sql).filter((sql) => sql !== 'select 1');
      spy.mockRestore();
      await stream.close();
      expect(reads).toEqual([]);
    });

    it('Last-Event-ID replays what was missed (payments included); an unknown one asks for a re-read', async () => {
      const { app, db } = ctx();
      const first = await openSse(base + events(), bearer(agent));
      const hello = await first.until((e) => e.event === 'hello');
      await first.close();

      await caller(app, shopper).item({ providerId: product, quantity: 1 });
      const [order] = await db.query<{ shop_id: string; user_id: string }>(
        'select shop_id, user_id from orders where id = $1',
        [orderId],
      );
      await db.query(
        `insert into payments (id, shop_id, order_id, user_id, gateway, method, amount_cents)
         values ('pay_live_order', $1, $2, $3, 'sandbox', 3, 1990)`,
        [order!.shop_id, orderId, order!.user_id],
      );
      const resumed = await openSse(base + events(), bearer(agent, { 'last-event-id': hello.id! }));
      expect(data(await resumed.until((e) => e.event === 'hello'))).toMatchObject({ resync: false });
      const missed = [
        await resumed.until((e) => e.event === 'order'),
        await resumed.until((e) => e.event === 'order'),
      ];
      expect(
        missed.map(data).map(({ kind, actor, paymentStatus }) => ({ kind, actor, paymentStatus })),
      ).toEqual([
        { kind: 'order', actor: 'shopper', paymentStatus: undefined },
        { kind: 'payment', actor: 'payment', paymentStatus: 0 },
      ]);
      expect(Number(missed[1]!.id)).toBeGreaterThan(Number(missed[0]!.id));
      expect(Number(missed[0]!.id)).toBeGreaterThan(Number(hello.id));
      await resumed.close();

      const fromStart = await openSse(base + events(), bearer(agent, { 'last-event-id': '0' }));
      expect(data(await fromStart.until((e) => e.event === 'hello'))).toMatchObject({ resync: false });
      const all = await fromStart.until((e) => e.event === 'order');
      expect(Number(all.id)).toBeGreaterThan(0); // from the order's first event on
      await fromStart.close();

      const unknown = await openSse(base + events(), bearer(agent, { 'last-event-id': '999999999' }));
      expect(data(await unknown.until((e) => e.event === 'hello'))).toMatchObject({ resync: true });
      await unknown.close();
    });

    it('changes missed while away come back as one event, the newest (no row per cart change)', async () => {
      const { app, db } = ctx();
      const rowsBefore = await db.query<{ n: number }>('select count(*)::int as n from order_events');
      const away = await openSse(base + events(), bearer(shopper));
      const hello = await away.until((e) => e.event === 'hello');
      await away.close();

      await caller(app, shopper).item({ providerId: product, quantity: 4 });
      await caller(app, shopper).item({ providerId: product, quantity: 5 });
      const last = await caller(app, agent).item({ providerId: product, quantity: 6 });
      expect(await db.query('select count(*)::int as n from order_events')).toEqual(rowsBefore);

      const back = await openSse(base + events(), bearer(shopper, { 'last-event-id': hello.id! }));
      expect(data(await back.until((e) => e.event === 'hello'))).toMatchObject({
        version: last.version,
        resync: false,
      });
      const missed = await back.until((e) => e.event === 'order');
      expect(data(missed)).toEqual({
        orderId,
        version: last.version,
        kind: 'order',
        actor: 'agent',
        status: 0,
      });
      await back.close();

      const upToDate = await openSse(base + events(), bearer(shopper, { 'last-event-id': missed.id! }));
      expect(data(await upToDate.until((e) => e.event === 'hello'))).toMatchObject({ resync: false });
      await new Promise((resolve) => setTimeout(resolve, 200)); // its first read has answered
      expect(upToDate.events.filter((e) => e.event === 'order')).toEqual([]);
      await upToDate.close();
    });

    it('ends open streams when the server closes', async () => {
      const { app } = ctx();
      const stream = await openSse(base + events(), bearer(shopper));
      await stream.until((e) => e.event === 'hello');
      await vi.waitFor(() => expect(app.orderEvents.size()).toBe(1)); // the streams closed before are gone
      await app.close();
      await stream.close();
      expect(app.orderEvents.size()).toBe(0);
    });
  },
  { setup: seedDemoWithGifts },
);
