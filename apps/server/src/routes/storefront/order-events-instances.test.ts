/**
 * The live order across instances (docs/decisions/0026): two app instances with their own pools on one
 * PostgreSQL database; the shopper's stream open on instance A hears the agent's change made through instance B,
 * and the agent's stream on B hears the shopper's change made through A.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { caller, demoProduct, mintSession, seedDemoWithGifts } from '../../modules/order/order-test-kit.ts';
import { openSse } from '../../test/sse-reader.ts';
import { twoInstancesOnPostgres } from '../../test/two-instances.ts';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('live order events across two instances [postgres]', () => {
  const { apps, dbs, base } = twoInstancesOnPostgres(seedDemoWithGifts);

  it('a change through one instance reaches the other side’s stream on the other instance', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const phone = '5511944440044';
    const shopper = await mintSession(a, { phone });
    const agent = await mintSession(b, { phone, agent: true });
    const product = await demoProduct(dbs[0]!, 'hortifruti', 'p.is_active and not p.sold_in_kilo');
    const orderId = (await caller(a, shopper).current()).id;
    const onA = await openSse(`${base(a)}/api/order/${orderId}/events`, {
      authorization: `Bearer ${shopper}`,
    });
    const onB = await openSse(`${base(b)}/api/order/${orderId}/events`, { authorization: `Bearer ${agent}` });
    await onA.until((e) => e.event === 'hello');
    await onB.until((e) => e.event === 'hello');

    const timings: number[] = [];
    for (let quantity = 1; quantity <= 5; quantity++) {
      const started = performance.now();
      await caller(b, agent).item({ providerId: product, quantity });
      const seen = await onA.until((e) => e.event === 'order');
      timings.push(performance.now() - started);
      expect(JSON.parse(seen.data)).toMatchObject({ orderId, actor: 'agent', kind: 'order' });
    }
    await caller(a, shopper).item({ providerId: product, quantity: 9 });
    const last = await onB.until((e) => JSON.parse(e.data).actor === 'shopper');
    expect(JSON.parse(last.data)).toMatchObject({ orderId, actor: 'shopper' });
    console.log(
      `[postgres] agent's change on B → shopper's stream on A (change included): ${timings.map((t) => t.toFixed(0)).join(', ')} ms`,
    );
    await onA.close();
    await onB.close();
  });
});
