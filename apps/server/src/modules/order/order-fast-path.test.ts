import { expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { caller, insertFixtureProduct, mintSession, seedDemoWithGifts, shopId } from './order-test-kit.ts';

/** Counts the transactions and statements `db` runs while `fn` runs. */
async function counting<T>(
  db: Db,
  fn: () => Promise<T>,
): Promise<{ result: T; transactions: number; statements: number }> {
  const original = { transaction: db.transaction, query: db.query };
  const counts = { transactions: 0, statements: 0 };
  Object.assign(db, {
    transaction: (body: Parameters<Db['transaction']>[0]) => {
      counts.transactions++;
      return original.transaction.call(db, body);
    },
    query: (sql: string, params?: unknown[]) => {
      counts.statements++;
      return original.query.call(db, sql, params);
    },
  });
  try {
    return { result: await fn(), ...counts };
  } finally {
    Object.assign(db, original);
  }
}

describeEachDb(
  'order changes from the cached copy (docs/decisions/0012)',
  (ctx) => {
    async function stored(orderId: string) {
      const [row] = await ctx().db.query<{ status: number; items: number; sum: number; lines: string[] }>(
        `select o.status, o.items_amount_cents as items,
                (select coalesce(sum(total_cents), 0)::int from order_items i where i.order_id = o.id) as sum,
                (select coalesce(array_agg(p.provider_id order by i.line_index), '{}') from order_items i
                   join products p on p.id = i.product_id where i.order_id = o.id) as lines
           from orders o where o.id = $1`,
        [orderId],
      );
      return row!;
    }

    it('writes a change to a cached order in one statement, without a transaction', async () => {
      const c = caller(ctx().app, await mintSession(ctx().app));
      await c.item({ providerId: 'F-A', quantity: 1 }); // first change: locked, fills the cache
      await c.item({ providerId: 'F-B', quantity: 2 }); // caches the product too
      const { result, transactions, statements } = await counting(ctx().db, () =>
        c.item({ providerId: 'F-B', quantity: 3 }),
      );
      expect(transactions).toBe(0);
      expect(statements).toBe(1);
      expect(
        result.items.map((i: { providerId: string; quantity: number }) => [i.providerId, i.quantity]),
      ).toEqual([
        ['F-A', 1],
        ['F-B', 3],
      ]);
      expect(result.itemsAmout).toBe(25); // 10,00 + 3 × 5,00
      expect(await stored(result.id)).toEqual({ status: 0, items: 2500, sum: 2500, lines: ['F-A', 'F-B'] });
      expect(await c.current()).toEqual(result);
    });

    it('never writes over a change made elsewhere: the stale copy is refused and the change re-read', async () => {
      const c = caller(ctx().app, await mintSession(ctx().app));
      const cart = await c.item({ providerId: 'F-A', quantity: 1 });
      await c.item({ providerId: 'F-A', quantity: 2 }); // cached at this version
      // Another server instance adds a line the way every change does: bumping the version.
      await ctx().db.query(
        `with line as (
           insert into order_items (id, shop_id, order_id, line_index, product_id, sku, name, quantity,
             unit_price_cents, total_cents)
           select 'itm_elsewhere', p.shop_id, $1, 1, p.id, p.sku, p.name, 1, p.price_cents, p.price_cents
             from products p where p.provider_id = 'F-C')
         update orders set next_line_index = 2, items_amount_cents = 2100, total_cents = 2100,
                version = version + 1 where id = $1`,
        [cart.id],
      );
      const { result, transactions } = await counting(ctx().db, () =>
        c.item({ providerId: 'F-B', quantity: 1 }),
      );
      expect(transactions).toBe(1); // the optimistic statement was refused; the locked change ran
      expect(result.items.map((i: { index: number; providerId: string }) => [i.index, i.providerId])).toEqual(
        [
          [0, 'F-A'],
          [1, 'F-C'],
          [2, 'F-B'],
        ],
      );
      expect(result.itemsAmout).toBe(26); // 2 × 10,00 + 1,00 + 5,00
      expect(await stored(cart.id)).toEqual({
        status: 0,
        items: 2600,
        sum: 2600,
        lines: ['F-A', 'F-C', 'F-B'],
      });
    });

    it('never adds to an order confirmed elsewhere: the change goes to a new open order', async () => {
      const c = caller(ctx().app, await mintSession(ctx().app));
      const cart = await c.item({ providerId: 'F-A', quantity: 1 });
      await c.item({ providerId: 'F-A', quantity: 2 });
      await ctx().db.query(
        `update orders set status = 1, confirmed_at = now(), version = version + 1 where id = $1`,
        [cart.id],
      );
      const next = await c.item({ providerId: 'F-B', quantity: 1 });
      expect(next.id).not.toBe(cart.id);
      expect(next.items.map((i: { providerId: string }) => i.providerId)).toEqual(['F-B']);
      expect(await stored(cart.id)).toEqual({ status: 1, items: 2000, sum: 2000, lines: ['F-A'] });
    });
  },
  {
    setup: async (db) => {
      await seedDemoWithGifts(db);
      const shop = await shopId(db, 'hortifruti');
      await insertFixtureProduct(db, shop, { providerId: 'F-A', priceCents: 1000 });
      await insertFixtureProduct(db, shop, { providerId: 'F-B', priceCents: 500 });
      await insertFixtureProduct(db, shop, { providerId: 'F-C', priceCents: 100 });
    },
    config: { cache: { sessionTtlMs: 60_000, catalogTtlMs: 60_000 } },
  },
);
