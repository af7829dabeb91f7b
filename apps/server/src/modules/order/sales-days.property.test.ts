/**
 * The sales rollups (issue 37): Vendas' daily and monthly rows (migration 0096, decision 0068) and Produtos' per
 * product (migrations 0090 and 0093, decisions 0058 and 0063), kept by the same marks and refresher. Random placed
 * and cancelled orders on every channel, sold by staff users, by agents known by name only, or by the customer,
 * with or without a checkout payment method, coupon, delivery or store; charges, money received, payments undone
 * and refunds, WhatsApp catalogue origins, status changes, moved confirmations, checkout, total and channel changes,
 * lines of unit and kilo products added, edited and removed, time zone changes, interleaved with refreshes — two at
 * once, and ones whose marks went stale while they ran — and at every check both reports' statements (rollups and
 * marks) equal the raw rows' for ranges by day, week and month, within a month, across month edges and over whole
 * months (Vendas for the whole shop, one channel and one staff user); every month row is the sum of its day rows;
 * after a last pass no day is left marked. On PostgreSQL, a change committed while its day is refreshed leaves the
 * day marked.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportBuckets } from '@vitrine/contracts/console-reports';
import { addDays } from '@vitrine/contracts/shop-time';
import { rangeInstants } from '../../flows/reports/range.ts';
import { newId } from '../../lib/ids.ts';
import { insertProduct, insertShop } from '../../test/fixtures.ts';
import { createTestDb, TEST_DB_KINDS, type TestDb } from '../../test/test-db.ts';
import { productSalesIn, productSalesRaw } from './product-sales.ts';
import { refreshSalesDay, refreshSalesDays } from './sales-days.ts';
import {
  FIGURE_COLUMNS,
  salesAggregates,
  salesAggregatesRaw,
  type SalesReportFilter,
} from './sales-report.ts';

const RUNS = Number(process.env.SALES_ROLLUP_PROPERTY_RUNS ?? 12);
/** Orders over 40 days from here: February's end, all of March (New York's DST starts on the 8th), April's start. */
const FIRST_DAY = '2026-02-24';
const BASE = Date.parse(`${FIRST_DAY}T00:00:00Z`);
const MINUTE = 60_000;
const ZONES = ['America/Sao_Paulo', 'America/New_York', 'Asia/Tokyo'];
const STAFF = ['stf_ana', 'stf_bia'];

type Checkout = {
  method: number | null;
  agent: number;
  logistic: number | null;
  store: number;
  coupon: boolean;
};
const checkoutArb: fc.Arbitrary<Checkout> = fc.record({
  method: fc.option(fc.nat(3)),
  agent: fc.nat(3), // 0: the customer, 1–2: a staff user, 3: an agent by name only
  logistic: fc.option(fc.nat(1)),
  store: fc.nat(2),
  coupon: fc.boolean(),
});
function checkoutJson(c: Checkout) {
  return {
    ...(c.method === null ? {} : { paymentMethod: c.method }),
    ...(c.agent === 0
      ? {}
      : {
          agent: {
            name: c.agent === 3 ? 'Balcão' : `Atendente ${c.agent}`,
            staffUserId: STAFF[c.agent - 1] ?? null,
          },
        }),
    ...(c.logistic === null ? {} : { logistic: { type: c.logistic, name: 'Entrega' } }),
    ...(c.store === 0 ? {} : { seller: { name: ['', 'Centro', 'Norte'][c.store] } }),
    ...(c.coupon ? { couponCode: 'BEMVINDO' } : {}),
  };
}

type Step =
  | {
      kind: 'place';
      status: 0 | 1 | 2 | 3;
      minutes: number;
      channel: number;
      total: number;
      checkout: Checkout;
    }
  | { kind: 'cancel' | 'finalize' | 'reopen' | 'deleteLine' | 'catalog' | 'racyRefresh'; order: number }
  | { kind: 'move'; order: number; minutes: number }
  | { kind: 'checkout'; order: number; checkout: Checkout }
  | { kind: 'total' | 'channel'; order: number; value: number }
  | { kind: 'charge'; order: number; method: number }
  | { kind: 'money'; order: number; part: number }
  | { kind: 'undo' | 'refund'; order: number }
  | { kind: 'line'; order: number; quantity: number; kilo: boolean; total: number }
  | { kind: 'editLine'; order: number; quantity: number; total: number }
  | { kind: 'zone'; zone: string }
  | { kind: 'refresh' | 'refreshTwice' | 'check' };
const minutesArb = fc.integer({ min: 0, max: 40 * 24 * 60 });
const orderArb = fc.nat(30);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      status: fc.constantFrom(0 as const, 1 as const, 1 as const, 2 as const, 3 as const),
      minutes: minutesArb,
      channel: fc.nat(3),
      total: fc.integer({ min: 0, max: 50_000 }),
      checkout: checkoutArb,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constantFrom('cancel', 'finalize', 'reopen', 'deleteLine', 'catalog', 'undo', 'refund'),
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
    arbitrary: fc.record({ kind: fc.constant('checkout' as const), order: orderArb, checkout: checkoutArb }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom('total' as const, 'channel' as const),
      order: orderArb,
      value: fc.nat(60_000),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('charge' as const), order: orderArb, method: fc.nat(3) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('money' as const),
      order: orderArb,
      part: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('line' as const),
      order: orderArb,
      quantity: fc.integer({ min: 1, max: 4000 }).map((q) => q / 1000),
      kilo: fc.boolean(),
      total: fc.nat(50_000),
    }),
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
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('zone' as const), zone: fc.constantFrom(...ZONES) }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constantFrom('refresh' as const, 'refreshTwice' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('check' as const) }) },
);

/** Ranges (offsets from FIRST_DAY) and their bucket: days, weeks across DST, whole and partial months. */
const RANGES = [
  [-1, 8, 'day'],
  [0, 0, 'day'],
  [5, 35, 'week'], // all of March
  [3, 38, 'month'], // March and its edges
  [-30, 45, 'month'], // February and March, with edges
  [6, 34, 'week'], // March less its first and last days
  [1, 33, 'day'], // February's last days, March less its last two
] as const;

const sorted = <T extends { dim: string; key: string | null }>(rows: T[]) =>
  [...rows].sort((a, b) => `${a.dim}|${a.key}`.localeCompare(`${b.dim}|${b.key}`));

/**
 * Every kind of step once, on one placed order: the property's first run, so that the check of which steps the runs
 * went through (below) does not depend on the random ones (12 runs did not always reach a refund).
 */
const EVERY_STEP: Step[] = [
  {
    kind: 'place',
    status: 1,
    minutes: 600,
    channel: 0,
    total: 3000,
    checkout: { method: 1, agent: 1, logistic: 0, store: 1, coupon: true },
  },
  { kind: 'line', order: 0, quantity: 1.5, kilo: true, total: 1500 },
  { kind: 'money', order: 0, part: 1 },
  { kind: 'refund', order: 0 },
  { kind: 'charge', order: 0, method: 2 },
  { kind: 'money', order: 0, part: 2 },
  { kind: 'undo', order: 0 },
  { kind: 'catalog', order: 0 },
  { kind: 'editLine', order: 0, quantity: 2, total: 2000 },
  { kind: 'refresh' },
  { kind: 'move', order: 0, minutes: 30 * 24 * 60 },
  { kind: 'checkout', order: 0, checkout: { method: 2, agent: 3, logistic: null, store: 0, coupon: false } },
  { kind: 'total', order: 0, value: 4200 },
  { kind: 'channel', order: 0, value: 2 },
  { kind: 'refreshTwice' },
  { kind: 'racyRefresh', order: 0 },
  { kind: 'zone', zone: 'Asia/Tokyo' },
  { kind: 'deleteLine', order: 0 },
  { kind: 'finalize', order: 0 },
  { kind: 'reopen', order: 0 },
  { kind: 'cancel', order: 0 },
  { kind: 'check' },
];

for (const kind of TEST_DB_KINDS) {
  describe(`sales rollup [${kind}]`, () => {
    let test: TestDb;
    beforeAll(async () => {
      test = await createTestDb(kind);
    }, 120_000);
    afterAll(async () => test?.drop());

    it('reads like the raw rows through any orders, payments, edits and refreshes', async () => {
      const seen = new Map<string, number>();
      const saw = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);
      await fc.assert(
        fc.asyncProperty(fc.array(stepArb, { minLength: 15, maxLength: 50 }), async (steps) => {
          const { db } = test;
          const shop = await insertShop(db, `sd-${newId('x').slice(-10).toLowerCase()}`);
          const products: string[] = [];
          for (const kilo of [false, true]) {
            const id = newId('prd');
            await db.query(
              `insert into products (id, shop_id, provider_id, sku, name, price_cents, sold_in_kilo, amount_in_kilo)
               values ($1, $2, $1, $1, 'Produto', 100, $3, $4)`,
              [id, shop, kilo, kilo ? 0.5 : null],
            );
            products.push(id);
          }
          const orders: string[] = [];
          const pick = (i: number) => (orders.length ? orders[i % orders.length] : undefined);
          const receive = (order: string, amount: number) =>
            db.query(
              `insert into payment_ledger (id, shop_id, order_id, kind, amount_cents, source, received_at)
               values ($1, $2, $3, 'received', $4, 'manual', now())`,
              [newId('led'), shop, order, amount],
            );
          /** A payment of `order` neither undone nor refunded (one received first when there is none). */
          const received = async (order: string) => {
            const free = () =>
              db.query<{ id: string; amount_cents: number }>(
                `select id, amount_cents from payment_ledger l where order_id = $1 and kind = 'received'
                   and not exists (select 1 from payment_ledger r where r.reverses_id = l.id)
                   and not exists (select 1 from order_refunds f where f.entry_id = l.id) order by id limit 1`,
                [order],
              );
            const [entry] = await free();
            if (entry) return entry;
            await receive(order, 700);
            return (await free())[0]!;
          };
          const check = async () => {
            const [{ zone }] = (await db.query<{ zone: string }>(
              'select time_zone as zone from shops where id = $1',
              [shop],
            )) as [{ zone: string }];
            for (const [a, b, bucket] of RANGES)
              for (const scope of [
                { staffUserId: null, channelType: null },
                { staffUserId: STAFF[0]!, channelType: null },
                { staffUserId: null, channelType: 1 },
              ]) {
                const f: SalesReportFilter = {
                  shopId: shop,
                  timeZone: zone,
                  buckets: reportBuckets(addDays(FIRST_DAY, a), addDays(FIRST_DAY, b), bucket),
                  splits: true,
                  ...scope,
                };
                expect(sorted(await salesAggregates(db, f))).toEqual(sorted(await salesAggregatesRaw(db, f)));
              }
            // Produtos' best sellers from their rollup (decisions 0058, 0063), the same marks and refresher.
            for (const [a, b] of RANGES) {
              const q = { from: addDays(FIRST_DAY, a), to: addDays(FIRST_DAY, b) };
              const { start, end } = rangeInstants(q, zone);
              const byProduct = (rows: { product_id: string }[]) =>
                [...rows].sort((x, y) => x.product_id.localeCompare(y.product_id));
              expect(byProduct(await productSalesIn(db, shop, q.from, q.to, zone))).toEqual(
                byProduct(await productSalesRaw(db, shop, start, end)),
              );
            }
            const productMonths = `select month::text, product_id, orders::int, value_cents::float8, quantity::float8`;
            expect(
              await db.query(`${productMonths} from product_sales_months where shop_id = $1 order by 1, 2`, [
                shop,
              ]),
            ).toEqual(
              await db.query(
                `${productMonths} from (
                   select date_trunc('month', day)::date as month, product_id, sum(orders) as orders,
                          sum(value_cents) as value_cents, sum(quantity) as quantity
                     from product_sales_days where shop_id = $1 group by 1, 2) d order by 1, 2`,
                [shop],
              ),
            );
            const sums = FIGURE_COLUMNS.map((c) => `sum(${c})::float8 as ${c}`).join(', ');
            const months = await db.query(
              `select month::text, dim, channel_type, agent_user, key, ${sums} from sales_months
                where shop_id = $1 group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
              [shop],
            );
            if (months.length > 20) saw('months');
            expect(months).toEqual(
              await db.query(
                `select date_trunc('month', day)::date::text as month, dim, channel_type, agent_user, key, ${sums}
                   from sales_days where shop_id = $1 group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
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
                  `insert into orders (id, shop_id, user_id, channel_type, status, confirmed_at, total_cents,
                     discount_cents, checkout) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
                  [
                    id,
                    shop,
                    `u-${id}`,
                    s.channel,
                    s.status,
                    s.status ? new Date(BASE + s.minutes * MINUTE) : null,
                    s.total,
                    s.checkout.coupon ? 500 : 0,
                    checkoutJson(s.checkout),
                  ],
                );
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
              case 'checkout':
                if (order)
                  await db.query('update orders set checkout = $2 where id = $1', [
                    order,
                    checkoutJson(s.checkout),
                  ]);
                break;
              case 'total':
                if (order)
                  await db.query('update orders set total_cents = $2 where id = $1', [order, s.value]);
                break;
              case 'channel':
                if (order)
                  await db.query('update orders set channel_type = $2 where id = $1', [order, s.value % 4]);
                break;
              case 'catalog':
                if (!order) break;
                await db.query(
                  `insert into whatsapp_catalog_orders (shop_id, message_id, order_id, catalog_id)
                   values ($1, $2, $3, 'cat') on conflict do nothing`,
                  [shop, newId('wam'), order],
                );
                break;
              case 'charge':
                if (!order) break;
                await db.query(
                  `insert into payments (id, shop_id, order_id, user_id, gateway, method, amount_cents, status, created_at)
                   values ($1, $2, $3, 'u', 'sandbox', $4, 100, 2, now() + (select count(*) from payments) * interval '1 second')`,
                  [newId('pay'), shop, order, s.method],
                );
                break;
              case 'money': {
                if (!order) break;
                const [{ total }] = (await db.query<{ total: number }>(
                  'select total_cents as total from orders where id = $1',
                  [order],
                )) as [{ total: number }];
                await receive(order, Math.max(1, Math.ceil(total / s.part)));
                break;
              }
              case 'undo': {
                if (!order) break;
                const entry = await received(order);
                await db.query(
                  `insert into payment_ledger (id, shop_id, order_id, kind, amount_cents, source, received_at, reverses_id)
                   values ($1, $2, $3, 'undone', $4, 'manual', now(), $5)`,
                  [newId('led'), shop, order, -entry.amount_cents, entry.id],
                );
                break;
              }
              case 'refund': {
                if (!order) break;
                const entry = await received(order);
                const refund = newId('rfd');
                await db.query(
                  `insert into order_refunds (id, shop_id, order_id, entry_id, rail, status, amount_cents, reason,
                     restock, granted_by_id, granted_by_name, sent_at)
                   values ($1, $2, $3, $4, 'manual', 'sent', $5, 'Devolução', false, 'stf', 'Ana', now())`,
                  [refund, shop, order, entry.id, entry.amount_cents],
                );
                await db.query(
                  `insert into payment_ledger (id, shop_id, order_id, kind, amount_cents, source, received_at,
                     order_refund_id, refund_id) values ($1, $2, $3, 'refunded', $4, 'manual', now(), $5, 'R1')`,
                  [newId('led'), shop, order, -entry.amount_cents, refund],
                );
                saw('refunded');
                break;
              }
              case 'line': {
                if (!order) break;
                await db.query(
                  `insert into order_items (id, shop_id, order_id, line_index, product_id, sku, name, quantity,
                     unit_price_cents, total_cents)
                   select $1, $2, $3, coalesce(max(line_index), -1) + 1, $4, 'SKU', 'Item', $5, 0, $6
                     from order_items where order_id = $3
                   on conflict do nothing`, // one line a product
                  [newId('itm'), shop, order, products[s.kilo ? 1 : 0], s.quantity, s.total],
                );
                break;
              }
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
                  await db.query('update orders set total_cents = total_cents + 1 where id = $1', [order]);
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
          const [{ n }] = (await db.query<{ n: number }>(
            `select count(*)::int as n from sales_days where shop_id = $1`,
            [shop],
          )) as [{ n: number }];
          saw(n > 0 ? 'rolled' : 'empty');
        }),
        { numRuns: RUNS, examples: [[EVERY_STEP]] },
      );
      const steps = ['place', 'cancel', 'move', 'checkout', 'money', 'refunded', 'charge', 'catalog'];
      steps.push('line', 'editLine', 'deleteLine', 'refreshTwice', 'racyRefresh', 'zone');
      for (const what of steps) expect(seen.get(what) ?? 0, what).toBeGreaterThan(0);
      expect(seen.get('rolled') ?? 0).toBeGreaterThan(RUNS / 2);
      expect(seen.get('months') ?? 0).toBeGreaterThan(0);
    }, 900_000);

    // Two connections: a change that commits while a refresh recomputes its day (PostgreSQL; PGlite has one).
    it.runIf(kind === 'postgres')('keeps a day marked when it changes while it is refreshed', async () => {
      const { db } = test;
      const shop = await insertShop(db, `psr-${newId('x').slice(-10).toLowerCase()}`);
      const product = await insertProduct(db, shop, 'P', 'Pão');
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
