import { expect, it } from 'vitest';
import type { Order } from '@vitrine/contracts/order';
import { describeEachDb } from '../../test/test-app.ts';
import {
  caller,
  insertFixtureProduct,
  mintSession,
  seedDemoWithGifts,
  shopId,
  type Caller,
} from './order-test-kit.ts';

const WEEKLY = { recurrenceType: 20, frequency: 1 };
const NEW_PRODUCTS = Array.from({ length: 20 }, (_, i) => `N-${i + 1}`);

/** The cart every run starts from: five lines, indexes 0–4. */
async function prepare(c: Caller): Promise<void> {
  await c.item({ providerId: 'T-A', quantity: 2 });
  await c.item({ providerId: 'T-B', quantity: 2 });
  await c.item({ providerId: 'T-KG', quantity: 2 });
  await c.item({ providerId: 'T-SUB2', quantity: 2, subscription: WEEKLY });
  await c.item({ providerId: 'T-E', quantity: 2 });
}

/**
 * 50 changes whose end state does not depend on their order: every new line is added twice (a double click),
 * and every existing line gets the same change twice, once by index and once by product.
 */
const CHANGES: object[] = [
  ...NEW_PRODUCTS.flatMap((providerId, i) => [
    { providerId, quantity: 1 + (i % 4) },
    { providerId, quantity: 1 + (i % 4) },
  ]),
  { index: 0, providerId: 'T-A', quantity: 7 },
  { providerId: 'T-A', quantity: 7 },
  { index: 1, providerId: 'T-B', quantity: 0 },
  { providerId: 'T-B', quantity: 0 },
  { index: 2, providerId: 'T-KG', quantity: 2.5 },
  { providerId: 'T-KG', quantity: 2.5 },
  { index: 3, providerId: 'T-SUB2', quantity: 4, subscription: WEEKLY },
  { providerId: 'T-SUB2', quantity: 4, subscription: WEEKLY },
  { providerId: 'T-E', quantity: 0 },
  { providerId: 'T-E', quantity: 0 },
];

/** What must match between runs: lines by identity (indexes of new lines depend on arrival order), totals. */
function normalise(order: Order) {
  const lines = order.items
    .map((i) => ({
      key: `${i.providerId}|${i.sku}|${i.subscription ? `${i.subscription.recurrenceType}:${i.subscription.frequency}` : ''}`,
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      promotionalPrice: i.promotionalPrice,
      totalAmout: i.totalAmout,
    }))
    .sort((a, b) => a.key.localeCompare(b.key));
  const indexes = order.items.map((i) => i.index).sort((a, b) => a - b);
  return { lines, indexes, itemsAmout: order.itemsAmout, totalAmout: order.totalAmout };
}

/** Once as the tests run everywhere (caches off), once with the order caches on (the optimistic path, 0012). */
for (const [title, catalogTtlMs] of [
  ['order concurrency', 0],
  ['order concurrency, order caches on', 60_000],
] as const) {
  describeEachDb(
    title,
    (ctx) => {
      async function stored(orderId: string) {
        const [row] = await ctx().db.query<{
          items: number;
          next: number;
          lines: number;
          sum: number;
          min: number;
        }>(
          `select o.items_amount_cents as items, o.next_line_index as next,
                (select count(*)::int from order_items i where i.order_id = o.id) as lines,
                (select coalesce(sum(total_cents), 0)::int from order_items i where i.order_id = o.id) as sum,
                (select coalesce(min(quantity), 1)::float8 from order_items i where i.order_id = o.id) as min
           from orders o where o.id = $1`,
          [orderId],
        );
        return row!;
      }

      it('50 concurrent item changes end in the state of running them one at a time', async () => {
        const concurrent = caller(ctx().app, await mintSession(ctx().app));
        const sequential = caller(ctx().app, await mintSession(ctx().app));
        const shuffled = caller(ctx().app, await mintSession(ctx().app));
        for (const c of [concurrent, sequential, shuffled]) await prepare(c);

        const responses = await Promise.all(CHANGES.map((body) => concurrent.setItem(body)));
        expect(responses.map((r) => r.status)).toEqual(CHANGES.map(() => 200));
        for (const body of CHANGES) await sequential.item(body);
        const reversed = [...CHANGES].reverse();
        for (const body of reversed) await shuffled.item(body);

        const [a, b, c] = [await concurrent.current(), await sequential.current(), await shuffled.current()];
        expect(normalise(a)).toEqual(normalise(b));
        expect(normalise(c)).toEqual(normalise(b));
        expect(a.items).toHaveLength(3 + NEW_PRODUCTS.length); // T-B and T-E removed, no duplicate line
        expect(normalise(a).indexes).toEqual([0, 2, 3, ...NEW_PRODUCTS.map((_, i) => 5 + i)]);

        const [rowA, rowB] = [await stored(a.id), await stored(b.id)];
        expect(rowA).toEqual(rowB);
        expect(rowA.sum).toBe(rowA.items); // stored total = Σ stored lines: no lost update
        expect(rowA.lines).toBe(a.items.length);
        expect(rowA.next).toBe(25); // one index per line ever created, none wasted or reused
        expect(rowA.min).toBeGreaterThan(0);
      });

      it('re-reads the lines when it waited for a transaction that changed them', async ({ skip }) => {
        if (ctx().kind !== 'postgres') skip('needs concurrent transactions (PostgreSQL)');
        const c = caller(ctx().app, await mintSession(ctx().app));
        const cart = await c.item({ providerId: 'T-A', quantity: 1 }); // R$ 9,90, index 0
        let pending: ReturnType<typeof c.setItem> | undefined;
        await ctx().db.transaction(async (tx) => {
          await tx.query('select id from orders where id = $1 for update', [cart.id]);
          pending = c.setItem({ providerId: 'T-B', quantity: 1 }); // waits for the lock
          await new Promise((resolve) => setTimeout(resolve, 200));
          // Another writer adds a line the way every change does: under the lock, bumping the version.
          await tx.query(
            `insert into order_items (id, shop_id, order_id, line_index, product_id, sku, name, quantity,
             unit_price_cents, total_cents)
           select 'itm_other_writer', p.shop_id, $1, 1, p.id, p.sku, p.name, 1, p.price_cents, p.price_cents
             from products p where p.provider_id = 'T-E'`,
            [cart.id],
          );
          await tx.query(
            `update orders set next_line_index = 2, items_amount_cents = 1090, total_cents = 1090,
                  version = version + 1 where id = $1`,
            [cart.id],
          );
        });
        const res = await pending!;
        expect(res.status).toBe(200);
        expect(res.body.data.items.map((i) => [i.index, i.providerId])).toEqual([
          [0, 'T-A'],
          [1, 'T-E'],
          [2, 'T-B'],
        ]);
        expect(res.body.data.itemsAmout).toBe(15.9); // 9,90 + 1,00 + 5,00
        expect(await c.current()).toEqual(res.body.data);
      });
    },
    {
      setup: async (db) => {
        await seedDemoWithGifts(db);
        const shop = await shopId(db, 'hortifruti');
        await insertFixtureProduct(db, shop, {
          providerId: 'T-A',
          priceCents: 1290,
          promotionalPriceCents: 990,
        });
        await insertFixtureProduct(db, shop, { providerId: 'T-B', priceCents: 500 });
        await insertFixtureProduct(db, shop, {
          providerId: 'T-KG',
          priceCents: 799,
          kilo: { amountInKilo: 0.5, kilogramPriceCents: 1598 },
        });
        await insertFixtureProduct(db, shop, {
          providerId: 'T-SUB2',
          priceCents: 2349,
          subscriptions: [WEEKLY],
        });
        await insertFixtureProduct(db, shop, { providerId: 'T-E', priceCents: 100 });
        for (const [i, providerId] of NEW_PRODUCTS.entries()) {
          await insertFixtureProduct(db, shop, {
            providerId,
            priceCents: 199 + i * 100,
            promotionalPriceCents: i % 3 === 0 ? 149 + i * 90 : null,
          });
        }
      },
      config: { cache: { sessionTtlMs: 0, catalogTtlMs } },
    },
  );
}
