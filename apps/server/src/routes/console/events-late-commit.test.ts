/**
 * Issue 39 item 8: event ids come from a sequence taken before commit, so a transaction can commit a lower id
 * after a higher one was committed and streamed (a payment webhook and an agent's change at once). Here a
 * transaction takes id n and waits; another commits n + 1, which the streams send; then the first commits:
 * the open stream still sends n, and so does a stream reopened with the Last-Event-ID the first left the browser
 * (the commit-safe floor, not n + 1). PostgreSQL only: PGlite runs one transaction at a time.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { placeTestOrder } from '../../test/board-kit.ts';
import { shopWithOwner } from '../../test/console-kit.ts';
import { openSse } from '../../test/sse-reader.ts';
import { twoInstancesOnPostgres } from '../../test/two-instances.ts';
import { newId } from '../../lib/ids.ts';
import { hashToken } from '../../modules/session/service.ts';

const url = process.env.TEST_DATABASE_URL;

/** Runs `change` in a transaction that stays open until the answered `commit` is called. */
async function heldOpen(db: Db, change: (tx: Db) => Promise<void>) {
  let commit!: () => void;
  let ready!: () => void;
  const released = new Promise<void>((resolve) => (commit = resolve));
  const changed = new Promise<void>((resolve) => (ready = resolve));
  const done = db.transaction(async (tx) => {
    await change(tx as Db);
    ready();
    await released;
  });
  await changed;
  return async () => {
    commit();
    await done;
  };
}

describe.runIf(url)('live events: a lower id committed after a higher one [postgres]', () => {
  const { apps, dbs, base } = twoInstancesOnPostgres();

  it('the console stream sends the late event, open or resumed from its Last-Event-ID', async () => {
    const [a] = apps as [FastifyInstance];
    const db = dbs[0]!;
    const { owner, shop } = await shopWithOwner(a, 'tarde-loja');
    const first = await placeTestOrder(db, shop.id, { name: 'Lia', phone: '5511977770101' });
    const second = await placeTestOrder(db, shop.id, { name: 'Rui', phone: '5511977770102' });
    const stream = await openSse(`${base(a)}/api/console/shops/tarde-loja/events`, { cookie: owner.cookie });
    expect(stream.status).toBe(200);

    const commitFirst = await heldOpen(db, async (tx) => {
      await tx.query(`update orders set fulfilment = 'separating' where id = $1`, [first]); // takes id n
    });
    await dbs[1]!.query(`update orders set fulfilment = 'separating' where id = $1`, [second]); // n + 1, committed
    const higher = await stream.until((e) => e.data.includes(second));
    // The browser is left a resume point below n + 1 (n is still to come).
    await expect.poll(() => Number(stream.lastId()), { timeout: 2000 }).toBeLessThan(Number(higher.id));
    const resumed = await openSse(`${base(a)}/api/console/shops/tarde-loja/events`, {
      cookie: owner.cookie,
      'last-event-id': stream.lastId()!,
    });
    expect(resumed.status).toBe(200);

    await commitFirst();
    const late = await stream.until((e) => e.data.includes(first));
    expect(JSON.parse(late.data)).toEqual({ type: 'order.changed', orderId: first });
    expect(Number(late.id)).toBeLessThan(Number(higher.id));
    const lateResumed = await resumed.until((e) => e.data.includes(first));
    expect(lateResumed.id).toBe(late.id);
    // Each event once on the open stream.
    expect(stream.events.filter((e) => e.data.includes(first) || e.data.includes(second))).toHaveLength(2);
    await Promise.all([stream.close(), resumed.close()]);
  });

  it('the order stream sends a payment committed after a later change of the order', async () => {
    const [a] = apps as [FastifyInstance];
    const db = dbs[0]!;
    const { shop } = await shopWithOwner(a, 'tarde-pedido');
    const orderId = await placeTestOrder(db, shop.id, { name: 'Ana', phone: '5511977770103' });
    const code = randomBytes(24).toString('base64url');
    await db.query(
      `insert into sessions (id, shop_id, token_hash, session_type, channel_type, channel_id, user_id, expires_at)
       values ($1, $2, $3, 0, 1, '5511977770103', 'user-5511977770103', now() + interval '1 hour')`,
      [newId('ses'), shop.id, hashToken(code)],
    );
    const stream = await openSse(`${base(a)}/api/order/${orderId}/events`, {
      authorization: `Bearer ${code}`,
    });
    expect(stream.status).toBe(200);
    await stream.until((e) => e.event === 'hello');

    const commitPayment = await heldOpen(db, async (tx) => {
      await tx.query(
        `insert into payments (id, shop_id, order_id, user_id, gateway, method, amount_cents)
         values ('pay_tarde', $1, $2, 'user-5511977770103', 'sandbox', 3, 1990)`,
        [shop.id, orderId],
      );
    });
    await dbs[1]!.query(`update orders set version = version + 1 where id = $1`, [orderId]);
    const change = await stream.until((e) => e.event === 'order');
    expect(JSON.parse(change.data)).toMatchObject({ kind: 'order' });

    await commitPayment();
    const payment = await stream.until((e) => e.event === 'order');
    expect(JSON.parse(payment.data)).toMatchObject({ kind: 'payment', paymentStatus: 0 });
    expect(Number(payment.id)).toBeLessThan(Number(change.id));
    await stream.close();
  });
});
