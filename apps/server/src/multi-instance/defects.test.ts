/**
 * The four defects of issue 15, reproduced on a cluster of two real instances on one PostgreSQL database behind a
 * round-robin proxy: slot switching overbooking a slot, the outbox delivering twice to a slow receiver, and agent
 * confirm sent twice at once answering 409. (The fourth, a rolling restart losing requests: restarts.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterAvailable, startCluster, type Cluster } from '../test/cluster/cluster.ts';
import { call, mintSession, setChatbotWebhook } from '../test/cluster/cluster-client.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../test/cluster/webhook-receiver.ts';
import { agentOrderBeforeSlot, insertSlot, ok, outboxSettled, simpleProducts } from './cluster-kit.ts';

describe.skipIf(!clusterAvailable)('issue 15 defects on two instances', () => {
  let cluster: Cluster;
  let receiver: WebhookReceiver;
  let products: string[];
  beforeAll(async () => {
    receiver = await startWebhookReceiver({ delayMs: 1500 });
    cluster = await startCluster({ instances: 2 });
    products = await simpleProducts(cluster.proxy.url, await mintSession(cluster.proxy.url));
  }, 90_000);
  afterAll(async () => {
    await cluster?.stop();
    await receiver?.close();
  });

  it('never overbooks a slot when orders switch to it', async () => {
    const base = cluster.proxy.url;
    await insertSlot(cluster.db, 'slt-first', 10, '06:00');
    await insertSlot(cluster.db, 'slt-three', 3, '07:00');
    const agents = await Promise.all(
      Array.from({ length: 5 }, () => agentOrderBeforeSlot(base, products[0]!)),
    );
    for (const code of agents)
      await ok(call(base, 'POST', '/api/order/schedule', { code, body: { id: 'slt-first' } }));
    const switched = await Promise.all(
      agents.map((code) => call(base, 'POST', '/api/order/schedule', { code, body: { id: 'slt-three' } })),
    );
    expect(switched.map((r) => r.status).sort()).toEqual([200, 200, 200, 409, 409]);
    const [slot] = await cluster.db.query<{ reserved: number; rows: number; naming: number }>(
      `select reserved,
              (select count(*)::int from slot_reservations where slot_id = s.id) as rows,
              (select count(*)::int from orders where checkout ->> 'slotId' = s.id and status <> 3) as naming
         from schedule_slots s where id = 'slt-three'`,
    );
    expect(slot).toEqual({ reserved: 3, rows: 3, naming: 3 });
    const [first] = await cluster.db.query<{ reserved: number }>(
      "select reserved from schedule_slots where id = 'slt-first'",
    );
    expect(first?.reserved).toBe(2); // the two refused kept their place
    const days = await ok(
      call<{ options: { id: string; enabled: boolean }[] }[]>(base, 'GET', '/api/order/schedule', {
        code: agents[0],
      }),
    );
    expect(days.flatMap((d) => d.options).find((o) => o.id === 'slt-three')?.enabled).toBe(false);
  });

  it('delivers each outbox row once to a slow receiver', async () => {
    const base = cluster.proxy.url;
    await setChatbotWebhook(base, 'hortifruti', receiver.url);
    const codes = await Promise.all(Array.from({ length: 6 }, () => mintSession(base)));
    for (const code of codes) {
      await ok(
        call(base, 'POST', '/api/order/items/', { code, body: { providerId: products[1], quantity: 20 } }),
      );
      await ok(call(base, 'GET', '/api/order/confirm', { code }));
    }
    await outboxSettled(cluster.db, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const rows = await cluster.db.query<{ id: string; status: string }>(
      "select id, status from outbox where kind = 'event' and type = 'order.confirmed'",
    );
    expect(rows).toHaveLength(6);
    const counts = receiver.counts();
    for (const row of rows) {
      expect(row.status).toBe('sent');
      expect(counts.get(row.id), row.id).toBe(1);
    }
    expect(receiver.deliveries.every((d) => d.key === d.bodyId && d.idempotencyKey === d.bodyId)).toBe(true);
  }, 90_000);

  it('answers agent confirm sent twice at once with the same success', async () => {
    const base = cluster.proxy.url;
    const code = await agentOrderBeforeSlot(base, products[2]!);
    await insertSlot(cluster.db, 'slt-confirm', 5, '09:00');
    const order = await ok(
      call<{ id: string }>(base, 'POST', '/api/order/schedule', { code, body: { id: 'slt-confirm' } }),
    );
    const both = await Promise.all(
      [0, 1].map(() =>
        call<{ id: string; status: number }>(base, 'POST', '/api/order/confirm', {
          code,
          body: { orderId: order.id },
        }),
      ),
    );
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.map((r) => [r.data.id, r.data.status])).toEqual([
      [order.id, 1],
      [order.id, 1],
    ]);
  });
});
