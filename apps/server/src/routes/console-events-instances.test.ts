/**
 * Live events across instances: two app instances with their own connection pools on one PostgreSQL database;
 * a browser connected to instance A sees a change made through instance B (NOTIFY reaches every LISTEN).
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDb, type Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { placeTestOrder } from '../test/board-kit.ts';
import { asStaff, shopWithOwner } from '../test/console-kit.ts';
import { openSse } from '../test/sse-reader.ts';
import { testConfig } from '../test/test-app.ts';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('console live events across two instances [postgres]', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let admin: Db;
  const dbs: Db[] = [];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    admin = await openDb({ databaseUrl: url!, poolSize: 1 });
    await admin.query(`create schema ${schema}`);
    for (let i = 0; i < 2; i++) {
      const db = await openDb({ databaseUrl: url!, schema, poolSize: 4 });
      if (i === 0) await migrate(db);
      dbs.push(db);
      const app = await buildApp({ db, config: testConfig(), logger: false });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const db of dbs) await db.close();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.close();
  });

  it('a fulfilment step made on instance B reaches the stream open on instance A, in order', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const { owner, shop } = await shopWithOwner(b, 'duas-lojas');
    const orderId = await placeTestOrder(dbs[1]!, shop.id, { name: 'Lia', phone: '5511977770007' });
    await a.listen({ port: 0, host: '127.0.0.1' });
    const port = (a.server.address() as AddressInfo).port;
    const stream = await openSse(`http://127.0.0.1:${port}/api/console/shops/duas-lojas/events`, {
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
