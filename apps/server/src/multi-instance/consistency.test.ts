/**
 * One truth across three instances (issue 15): the same session's requests spread round-robin over three server
 * processes on one PostgreSQL database must act as if one server answered them — concurrent cart changes all
 * kept, concurrent confirms making one order, card retries making one charge, a coupon's usage limit and a slot's
 * capacity never exceeded, concurrent agent confirms answering the same success.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterAvailable, startCluster, type Cluster } from '../test/cluster/cluster.ts';
import { call, mintSession } from '../test/cluster/cluster-client.ts';
import { agentOrderBeforeSlot, insertSlot, ok, simpleProducts } from './cluster-kit.ts';
import { cardBody } from '../modules/payment/payment-test-kit.ts';

type Line = { providerId: string; quantity: number };

describe.skipIf(!clusterAvailable)('consistency across three instances', () => {
  let cluster: Cluster;
  let products: string[];
  beforeAll(async () => {
    cluster = await startCluster({ instances: 3 });
    products = await simpleProducts(cluster.proxy.url, await mintSession(cluster.proxy.url));
  }, 90_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  it('keeps every one of 45 concurrent cart changes of one session spread over the instances', async () => {
    const base = cluster.proxy.url;
    const code = await mintSession(base);
    const chosen = products.slice(0, 15);
    const changes = chosen.flatMap((providerId) =>
      [1, 2, 3].map(() =>
        call(base, 'POST', '/api/order/items/', { code, body: { providerId, quantity: 1 } }),
      ),
    );
    // One line per product: the three "add 1" of a product may land in any order, each on any instance.
    const answers = await Promise.all(changes);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(45);
    const current = await call<{ items: Line[] }>(base, 'GET', '/api/order/current', { code });
    const lines = new Map(current.data.items.map((l) => [l.providerId, l.quantity]));
    expect(lines.size).toBe(15);
    for (const providerId of chosen) expect(lines.get(providerId)).toBeGreaterThanOrEqual(1);
    expect(cluster.proxy.failures()).toBe(0);
  });

  it('turns 20 concurrent confirms of one order into one confirmed order and one event', async () => {
    const base = cluster.proxy.url;
    const code = await mintSession(base);
    await call(base, 'POST', '/api/order/items/', { code, body: { providerId: products[3], quantity: 20 } });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call<{ order: { id: string } }>(base, 'GET', '/api/order/confirm', { code }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.data.order.id)).size).toBe(1);
    const [counts] = await cluster.db.query<{ orders: number; events: number }>(
      `select (select count(*)::int from orders where id = $1 and status = 1) as orders,
              (select count(*)::int from outbox where order_id = $1 and type = 'order.confirmed') as events`,
      [answers[0]!.data.order.id],
    );
    expect(counts).toEqual({ orders: 1, events: 1 });
  });
  it('books a capacity-3 slot for 3 of 9 agents racing over the instances', async () => {
    const base = cluster.proxy.url;
    await insertSlot(cluster.db, 'slt-race', 3, '05:00');
    const agents = await Promise.all(
      Array.from({ length: 9 }, () => agentOrderBeforeSlot(base, products[4]!)),
    );
    const answers = await Promise.all(
      agents.map((code) => call(base, 'POST', '/api/order/schedule', { code, body: { id: 'slt-race' } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 409, 409, 409, 409, 409, 409]);
    const [slot] = await cluster.db.query<{ reserved: number; naming: number }>(
      `select reserved, (select count(*)::int from orders where slot_id = 'slt-race') as naming
         from schedule_slots where id = 'slt-race'`,
    );
    expect(slot).toEqual({ reserved: 3, naming: 3 });
  });

  it('confirms one agent order sent 6 times at once: 6 × the same success, one event', async () => {
    const base = cluster.proxy.url;
    await insertSlot(cluster.db, 'slt-agent', 10, '05:30');
    const code = await agentOrderBeforeSlot(base, products[5]!);
    const order = await ok(
      call<{ id: string }>(base, 'POST', '/api/order/schedule', { code, body: { id: 'slt-agent' } }),
    );
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        call<{ id: string; status: number }>(base, 'POST', '/api/order/confirm', {
          code,
          body: { orderId: order.id },
        }),
      ),
    );
    expect(answers.map((a) => [a.status, a.data.id, a.data.status])).toEqual(
      Array(6).fill([200, order.id, 1]),
    );
    const [events] = await cluster.db.query<{ n: number }>(
      "select count(*)::int as n from outbox where order_id = $1 and type = 'order.confirmed'",
      [order.id],
    );
    expect(events?.n).toBe(1);
  });

  it('keeps a coupon limited to 2 uses at 2 when 6 agents confirm with it at once', async () => {
    const base = cluster.proxy.url;
    await insertSlot(cluster.db, 'slt-coupon', 10, '06:00');
    await cluster.db.query(
      `insert into coupons (id, shop_id, code, kind, value, min_order_cents, usage_limit)
       select 'cpn-duas-vezes', id, 'DUASVEZES', 'fixed', 100, 0, 2 from shops where slug = 'hortifruti'`,
    );
    const agents = await Promise.all(
      Array.from({ length: 6 }, () => agentOrderBeforeSlot(base, products[6]!)),
    );
    for (const code of agents) {
      await ok(call(base, 'POST', '/api/order/coupon/?coupon=DUASVEZES', { code }));
      await ok(call(base, 'POST', '/api/order/schedule', { code, body: { id: 'slt-coupon' } }));
    }
    const answers = await Promise.all(
      agents.map((code) => call(base, 'POST', '/api/order/confirm', { code, body: {} })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 422, 422, 422, 422]);
    expect(
      answers.filter((a) => a.status === 422).every((a) => a.errors[0]?.code === 'couponUsageLimit'),
    ).toBe(true);
    const [uses] = await cluster.db.query<{ n: number }>(
      "select count(*)::int as n from orders where coupon_id = 'cpn-duas-vezes' and status in (1, 2)",
    );
    expect(uses?.n).toBe(2);
  });

  it('charges a card once for 9 retries with one key spread over the instances', async () => {
    const base = cluster.proxy.url;
    const code = await mintSession(base);
    await ok(
      call(base, 'POST', '/api/order/items/', { code, body: { providerId: products[7], quantity: 20 } }),
    );
    const confirmed = await ok(call<{ order: { id: string } }>(base, 'GET', '/api/order/confirm', { code }));
    await cluster.db.query(`update orders set checkout = checkout || '{"paymentMethod":0}' where id = $1`, [
      confirmed.order.id,
    ]);
    const answers = await Promise.all(
      Array.from({ length: 9 }, () =>
        call<{ paymentId: string; status: number }>(base, 'POST', '/api/order/payment/credit', {
          code,
          body: cardBody('4111111111111111'),
          headers: { 'idempotency-key': 'cluster-card-retry-0001' },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(9).fill(200));
    expect(new Set(answers.map((a) => a.data.paymentId)).size).toBe(1);
    const [state] = await cluster.db.query<{ payments: number; status: number }>(
      `select (select count(*)::int from payments where order_id = $1) as payments, status from orders where id = $1`,
      [confirmed.order.id],
    );
    expect(state).toEqual({ payments: 1, status: 2 });
  });
});
