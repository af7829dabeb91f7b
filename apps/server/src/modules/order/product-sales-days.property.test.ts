/**
 * The daily product sales rollup (issue 37, migration 0090): random placed orders, cancels, finalizations, moved
 * confirmations, line edits, additions and deletions, time zone changes, interleaved with refreshes — two at once
 * (two instances), and ones whose marks went stale while they ran (a change between reading a mark and refreshing
 * it) — and the report's sales read from the rollup and the marks equal the raw lines' statement for random ranges,
 * at every check, for ranges within a month, across month edges and over whole months (migration 0093's monthly
 * rows), and every monthly row is the sum of its days' rows; after a last pass no day is left marked.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@vitrine/contracts/shop-time';
import { rangeInstants } from '../../flows/reports/range.ts';
import { newId } from '../../lib/ids.ts';
import { insertShop } from '../../test/fixtures.ts';
import { createTestDb, TEST_DB_KINDS, type TestDb } from '../../test/test-db.ts';
import { refreshSalesDay, refreshSalesDays } from './sales-days.ts';
import { productSalesIn, productSalesRaw } from './product-sales.ts';

const RUNS = Number(process.env.SALES_ROLLUP_PROPERTY_RUNS ?? 15);
/** Orders over 40 days from here: February's end, all of March (New York's DST starts on the 8th), April's start. */
const FIRST_DAY = '2026-02-24';
const BASE = Date.parse(`${FIRST_DAY}T00:00:00Z`);
const MINUTE = 60_000;
const ZONES = ['America/Sao_Paulo', 'America/New_York', 'Asia/Tokyo'];
/** Products: two sold by the unit, one by the kilo (0,5 kg a portion). */
const PRODUCTS = [{ kilo: null }, { kilo: null }, { kilo: 0.5 }];

type Line = { product: number; quantity: number; total: number };
const lineArb: fc.Arbitrary<Line> = fc.record({
  product: fc.nat(PRODUCTS.length - 1),
  quantity: fc.integer({ min: 1, max: 4000 }).map((q) => q / 1000),
  total: fc.integer({ min: 0, max: 50_000 }),
});
type Step =
  | { kind: 'place'; status: 0 | 1 | 2; minutes: number; lines: Line[] }
  | { kind: 'cancel' | 'finalize' | 'reopen' | 'deleteLine' | 'racyRefresh'; order: number }
  | { kind: 'move'; order: number; minutes: number }
  | { kind: 'editLine'; order: number; quantity: number; total: number }
  | { kind: 'addLine'; order: number; line: Line }
  | { kind: 'zone'; zone: string }
  | { kind: 'refresh' | 'refreshTwice' | 'check' };
const minutesArb = fc.integer({ min: 0, max: 40 * 24 * 60 });
const orderArb = fc.nat(30);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      status: fc.constantFrom(0 as const, 1 as const, 2 as const),
      minutes: minutesArb,
      lines: fc.array(lineArb, { minLength: 1, maxLength: 3 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constantFrom('cancel' as const, 'finalize' as const, 'reopen' as const, 'deleteLine' as const),
      order: orderArb,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('racyRefresh' as const), order: orderArb }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('move' as const), order: orderArb, minutes: minutesArb }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('editLine' as const),
      order: orderArb,
      quantity: fc.integer({ min: 1, max: 5000 }).map((q) => q / 1000),
      total: fc.nat(60_000),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('addLine' as const), order: orderArb, line: lineArb }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('zone' as const), zone: fc.constantFrom(...ZONES) }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constantFrom('refresh' as const, 'refreshTwice' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('check' as const) }) },
);

for (const kind of TEST_DB_KINDS) {
  describe(`product sales rollup [${kind}]`, () => {
    let test: TestDb;
    beforeAll(async () => {
      test = await createTestDb(kind);
    }, 120_000);
    afterAll(async () => test?.drop());

    it('reads like the raw lines through any orders, edits and refreshes', async () => {
      const seen = new Map<string, number>();
      const saw = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);
      await fc.assert(
        fc.asyncProperty(fc.array(stepArb, { minLength: 15, maxLength: 50 }), async (steps) => {
          const { db } = test;
          const shop = await insertShop(db, `psd-${newId('x').slice(-10).toLowerCase()}`);
          const products: string[] = [];
          for (const [i, p] of PRODUCTS.entries()) {
            const id = newId('prd');
            await db.query(
              `insert into products (id, shop_id, provider_id, sku, name, price_cents, sold_in_kilo, amount_in_kilo)
               values ($1, $2, $3, $3, $4, 100, $5, $6)`,
              [id, shop, `P${i}`, `Produto ${i}`, p.kilo !== null, p.kilo],
            );
            products.push(id);
          }
          const orders: string[] = [];
          const pick = (i: number) => (orders.length ? orders[i % orders.length] : undefined);
          const addLine = async (order: string, l: Line) => {
            const [{ n }] = (await db.query<{ n: number }>(
              'select coalesce(max(line_index), -1) + 1 as n from order_items where order_id = $1',
              [order],
            )) as [{ n: number }];
            await db.query(
              `insert into order_items (id, shop_id, order_id, line_index, product_id, sku, name, quantity,
                 unit_price_cents, total_cents) values ($1, $2, $3, $4, $5, 'SKU', 'Item', $6, 0, $7) on conflict do nothing`, // one line a product
              [newId('itm'), shop, order, n, products[l.product], l.quantity, l.total],
            );
          };
          const check = async () => {
            const [{ zone }] = (await db.query<{ zone: string }>(
              'select time_zone as zone from shops where id = $1',
              [shop],
            )) as [{ zone: string }];
            for (const [a, b] of [
              [-1, 8],
              [0, 0],
              [2, 4],
              [5, 9],
              [5, 35], // all of March
              [3, 38], // March and its edges
              [-30, 45], // February and March, with edges
              [6, 34], // March less its first and last days
              [1, 33], // February's last days, March less its last two
            ] as const) {
              const q = { from: addDays(FIRST_DAY, a), to: addDays(FIRST_DAY, b) };
              const { start, end } = rangeInstants(q, zone);
              const sort = (rows: { product_id: string }[]) =>
                [...rows].sort((x, y) => x.product_id.localeCompare(y.product_id));
              expect(sort(await productSalesIn(db, shop, q.from, q.to, zone))).toEqual(
                sort(await productSalesRaw(db, shop, start, end)),
              );
            }
            // Every month row is the sum of its day rows (stale days too: the report corrects those).
            const money = `orders::int, value_cents::float8, quantity::float8`;
            const months = await db.query(
              `select month::text, product_id, ${money} from product_sales_months where shop_id = $1 order by 1, 2`,
              [shop],
            );
            if (months.length > 1) saw('months');
            expect(months).toEqual(
              await db.query(
                `select month::text, product_id, ${money} from (
                   select date_trunc('month', day)::date as month, product_id, sum(orders) as orders,
                          sum(value_cents) as value_cents, sum(quantity) as quantity
                     from product_sales_days where shop_id = $1 group by 1, 2) d order by 1, 2`,
                [shop],
              ),
            );
            saw('check');
          };
          for (const s of steps) {
            const order = 'order' in s ? pick(s.order) : undefined;
            switch (s.kind) {
              case 'place': {
                const id = newId('ord');
                await db.query(
                  `insert into orders (id, shop_id, user_id, channel_type, status, confirmed_at)
                   values ($1, $2, $3, 1, $4, $5)`,
                  [id, shop, `u-${id}`, s.status, s.status ? new Date(BASE + s.minutes * MINUTE) : null],
                );
                for (const l of s.lines) await addLine(id, l);
                orders.push(id);
                break;
              }
              case 'cancel':
              case 'finalize':
              case 'reopen':
                if (!order) break;
                await db.query(
                  `update orders set status = $2, confirmed_at = coalesce(confirmed_at, $3) where id = $1`,
                  [order, { cancel: 3, finalize: 2, reopen: 1 }[s.kind], new Date(BASE)],
                );
                break;
              case 'move':
                if (!order) break;
                await db.query(
                  'update orders set confirmed_at = $2 where id = $1 and confirmed_at is not null',
                  [order, new Date(BASE + s.minutes * MINUTE)],
                );
                break;
              case 'editLine':
                if (!order) break;
                await db.query(
                  `update order_items set quantity = $2, total_cents = $3
                    where id = (select min(id) from order_items where order_id = $1)`,
                  [order, s.quantity, s.total],
                );
                break;
              case 'deleteLine':
                if (!order) break;
                await db.query(
                  'delete from order_items where id = (select max(id) from order_items where order_id = $1)',
                  [order],
                );
                break;
              case 'addLine':
                if (order) await addLine(order, s.line);
                break;
              case 'zone':
                await db.query('update shops set time_zone = $2 where id = $1', [shop, s.zone]);
                break;
              case 'refresh':
                await refreshSalesDays(db);
                break;
              case 'refreshTwice':
                await Promise.all([refreshSalesDays(db), refreshSalesDays(db)]);
                break;
              case 'racyRefresh': {
                // Marks read, then an order changes, then the refresh: a changed day stays marked.
                const marks = await db.query<{ shop_id: string; day: string; version: number }>(
                  'select shop_id, day::text as day, version from product_sales_dirty where shop_id = $1',
                  [shop],
                );
                if (order)
                  await db.query('update order_items set total_cents = total_cents + 1 where order_id = $1', [
                    order,
                  ]);
                for (const m of marks) await refreshSalesDay(db, m);
                if (marks.length) saw('racyRefresh');
                break;
              }
              case 'check':
                await check();
                break;
            }
            saw(s.kind);
          }
          await check();
          await refreshSalesDays(db, 10_000);
          expect(await db.query('select day from product_sales_dirty where shop_id = $1', [shop])).toEqual(
            [],
          );
          await check();
          // Every rollup row is its day's raw lines: no day counted twice.
          const [{ n }] = (await db.query<{ n: number }>(
            `select count(*)::int as n from product_sales_days where shop_id = $1`,
            [shop],
          )) as [{ n: number }];
          saw(n > 0 ? 'rolled' : 'empty');
        }),
        { numRuns: RUNS },
      );
      for (const what of ['place', 'cancel', 'move', 'editLine', 'deleteLine', 'refreshTwice', 'racyRefresh'])
        expect(seen.get(what) ?? 0, what).toBeGreaterThan(0);
      expect(seen.get('rolled') ?? 0).toBeGreaterThan(RUNS / 2);
      expect(seen.get('months') ?? 0).toBeGreaterThan(0);
    }, 600_000);

    // Two connections: a change that commits while a refresh recomputes its day (PostgreSQL; PGlite has one).
    it.runIf(kind === 'postgres')('keeps a day marked when it changes while it is refreshed', async () => {
      const { db } = test;
      const shop = await insertShop(db, `psr-${newId('x').slice(-10).toLowerCase()}`);
      const product = newId('prd');
      await db.query(
        `insert into products (id, shop_id, provider_id, sku, name, price_cents) values ($1, $2, 'P', 'P', 'Pão', 100)`,
        [product, shop],
      );
      const order = newId('ord');
      await db.query(
        `insert into orders (id, shop_id, user_id, channel_type, status, confirmed_at) values ($1, $2, 'u', 1, 1, $3)`,
        [order, shop, new Date(BASE + 15 * 60 * MINUTE)],
      );
      await db.query(
        `insert into order_items (id, shop_id, order_id, line_index, product_id, sku, name, quantity, unit_price_cents,
           total_cents) values ($1, $2, $3, 0, $4, 'P', 'Pão', 1, 500, 500)`,
        [newId('itm'), shop, order, product],
      );
      const [mark] = await db.query<{ shop_id: string; day: string; version: number }>(
        'select shop_id, day::text as day, version from product_sales_dirty where shop_id = $1',
        [shop],
      );
      let refreshed: Promise<boolean> | undefined;
      await db.transaction(async (tx) => {
        await tx.query('update order_items set total_cents = 900 where order_id = $1', [order]); // bumps the mark
        refreshed = refreshSalesDay(db, mark!); // recomputes without it, then waits on the mark's lock
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      expect(await refreshed).toBe(false);
      const q = { from: FIRST_DAY, to: FIRST_DAY };
      const { start, end } = rangeInstants(q, 'America/Sao_Paulo');
      const [sold] = await productSalesIn(db, shop, q.from, q.to, 'America/Sao_Paulo');
      expect(sold?.value_cents).toBe(900);
      expect([sold]).toEqual(await productSalesRaw(db, shop, start, end));
      expect(await refreshSalesDays(db)).toBeGreaterThan(0);
      expect((await productSalesIn(db, shop, q.from, q.to, 'America/Sao_Paulo'))[0]?.value_cents).toBe(900);
    });
  });
}
