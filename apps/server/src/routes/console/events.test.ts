import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { describeEachDb } from '../../test/test-app.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { asStaff, shopWithOwner, type Staff } from '../../test/console-kit.ts';
import { placeTestOrder } from '../../test/board-kit.ts';
import { openSse } from '../../test/sse-reader.ts';

describeEachDb('console live events (SSE over LISTEN/NOTIFY)', (ctx) => {
  let owner: Staff;
  let base: string;
  let shopId: string;

  it('refuses callers who are not on the shop’s team', async () => {
    const { app } = ctx();
    const created = await shopWithOwner(app, 'ao-vivo');
    owner = created.owner;
    shopId = created.shop.id;
    const { owner: stranger } = await shopWithOwner(app, 'vizinha');
    expectRefusal(await asStaff(app, null, { url: '/api/console/shops/ao-vivo/events' }), 401);
    expectRefusal(await asStaff(app, stranger, { url: '/api/console/shops/ao-vivo/events' }), 404);
    expectRefusal(
      await asStaff(app, owner, {
        url: '/api/console/shops/ao-vivo/events',
        headers: { 'last-event-id': 'x' },
      }),
      400,
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  it('streams a placed order, a fulfilment step and a payment change; Last-Event-ID replays what was missed', async () => {
    const { app, db } = ctx();
    const stream = await openSse(`${base}/api/console/shops/ao-vivo/events`, { cookie: owner.cookie });
    expect(stream.status).toBe(200);
    expect(stream.contentType).toContain('text/event-stream');
    const orderId = await placeTestOrder(db, shopId, {
      name: 'Rita',
      phone: '5511966660006',
      confirmedAt: '2026-11-23T12:00:00Z',
    });
    // A checkout places an order by setting confirmed_at on the open order: the same here, through SQL.
    await db.query(`update orders set confirmed_at = null, number = null where id = $1`, [orderId]);
    await db.query(`update orders set confirmed_at = now() where id = $1`, [orderId]);
    const placed = await stream.until((e) => e.data.includes(orderId));
    expect(JSON.parse(placed.data)).toEqual({ type: 'order.placed', orderId });

    const res = await asStaff(app, owner, {
      method: 'POST',
      url: `/api/console/shops/ao-vivo/orders/${orderId}/fulfilment`,
      payload: { step: 'separating' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const changed = await stream.until((e) => e.data.includes('order.changed'));
    expect(Number(changed.id)).toBeGreaterThan(Number(placed.id));
    await stream.close();

    await db.query(
      `insert into payments (id, shop_id, order_id, user_id, gateway, method, amount_cents)
       values ('pay_live', $1, $2, 'user-5511966660006', 'sandbox', 3, 1990)`,
      [shopId, orderId],
    );
    const resumed = await openSse(`${base}/api/console/shops/ao-vivo/events`, {
      cookie: owner.cookie,
      'last-event-id': changed.id!,
    });
    const missed = await resumed.until((e) => e.event === 'order');
    expect(JSON.parse(missed.data)).toEqual({ type: 'payment.changed', orderId });
    await resumed.close();
  });

  it('ends open streams when the server closes', async () => {
    const { app } = ctx();
    const stream = await openSse(`${base}/api/console/shops/ao-vivo/events`, { cookie: owner.cookie });
    expect(app.shopEvents.size()).toBe(1);
    await app.close();
    await stream.close();
    expect(app.shopEvents.size()).toBe(0);
  });
});
