/**
 * Live events across instances: two app instances with their own connection pools on one PostgreSQL database;
 * a browser connected to instance A sees a change made through instance B (NOTIFY reaches every LISTEN).
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { placeTestOrder } from '../../test/board-kit.ts';
import { asStaff, shopWithOwner } from '../../test/console-kit.ts';
import { openSse } from '../../test/sse-reader.ts';
import { twoInstancesOnPostgres } from '../../test/two-instances.ts';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('console live events across two instances [postgres]', () => {
  const { apps, dbs, base } = twoInstancesOnPostgres();

  it('a fulfilment step made on instance B reaches the stream open on instance A, in order', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const { owner, shop } = await shopWithOwner(b, 'duas-lojas');
    const orderId = await placeTestOrder(dbs[1]!, shop.id, { name: 'Lia', phone: '5511977770007' });
    const stream = await openSse(`${base(a)}/api/console/shops/duas-lojas/events`, {
      cookie: owner.cookie,
    });
    expect(stream.status).toBe(200);
    const started = performance.now();
    for (const step of ['separating', 'out_for_delivery']) {
      const res = await asStaff(b, owner, {
        method: 'POST',
        url: `/api/console/shops/duas-lojas/orders/${orderId}/fulfilment`,
        payload: { step },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const first = await stream.until((e) => e.event === 'order');
    const second = await stream.until((e) => e.event === 'order');
    console.log(`[postgres] B's change → A's stream: ${(performance.now() - started).toFixed(0)} ms for two`);
    expect([JSON.parse(first.data), JSON.parse(second.data)]).toEqual([
      { type: 'order.changed', orderId },
      { type: 'order.changed', orderId },
    ]);
    expect(Number(second.id)).toBeGreaterThan(Number(first.id));
    await stream.close();
  });
});
