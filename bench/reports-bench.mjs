#!/usr/bin/env node
/**
 * Sales report benchmark (issue 37, quality bar: every report's first answer p95 ≤ 200 ms at 1,000,000 orders).
 *
 * In-process (run with tsx): a fresh database — in-memory PGlite, or a throwaway schema of --database-url — gets a
 * shop with --orders placed orders spread evenly over two years (one line each, every tenth cancelled, a third sold
 * by one of three agents, one in eight with a coupon, a payment and ledger row on every sixth), written in bulk with
 * generate_series. The seed's days are marked by migration 0096's triggers: the rollup job (the refresher) computes
 * them first and its time a day of data is printed; then one of today's orders changes, so today is read from the
 * raw rows as on a shop at work (decision 0068). The app then answers `GET /api/console/shops/{shop}/reports/sales`
 * (and `/reports/today`) through `app.inject` for a signed-in owner, --runs times per query: 30 days by day, 90 days
 * by week, a year by month, two years by month, and today. No cache: every answer is a first answer. Prints
 * p50/p95/max per query (ms, HTTP handling included, no network). --smoke (bench/smoke.mjs): 300 orders over 40
 * days, 3 runs; checks each report counted orders and the rollup's year equals the raw rows'. --explain prints
 * EXPLAIN ANALYZE of a year by month's statement (the range's, with its splits); --raw times that year from the raw
 * rows (the read before the rollup) and checks both answers are equal.
 *
 * Usage: node --import tsx bench/reports-bench.mjs [--orders 200000] [--runs 20] [--database-url postgres://…]
 *        [--explain] [--raw] [--smoke]
 */
import { parseArgs } from 'node:util';
import { openConsoleBench } from './lib/console-app.mjs';
import { explaining } from './lib/explain.mjs';
import { endSmoke, expect, figure, smoke } from './lib/smoke.mjs';

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: smoke ? '300' : '200000' },
    runs: { type: 'string', default: smoke ? '3' : '20' },
    'database-url': { type: 'string' },
    explain: { type: 'boolean', default: false },
    raw: { type: 'boolean', default: false },
    smoke: { type: 'boolean', default: false },
  },
});
const orders = Number(args.orders);
// Two years of orders, evenly apart; a smoke run's few over its last 40 days (every range still counts orders, and
// the rollup job has 40 days to compute, not 300).
const minutesApart = Math.max(1, Math.floor(((smoke ? 40 : 2 * 365) * 24 * 60) / orders));
const runs = Number(args.runs);
const { db, app, shop, cookie, close } = await openConsoleBench({
  databaseUrl: args['database-url'],
  slug: 'bench-reports',
  orders,
});

const t0 = performance.now();
// Written in bulk with the triggers off (a mark upserted per row, 1,370 times a day in one statement, made the seed
// quadratic), then every day marked as migration 0096's backfill marks them.
await db.transaction(async (tx) => {
  await tx.query('set local session_replication_role = replica');
  await tx.query(
    `insert into orders (id, shop_id, user_id, contact_id, channel_type, status, items_amount_cents, total_cents,
       checkout, confirmed_at, number, fulfilment, fulfilment_at)
     select id, $1, user_id, contact_id, channel_type, status, total, total, checkout, at, g,
            -- a finalized order is a delivered one (one lifecycle, decision 0055)
            case when status = 2 then 'delivered' end, case when status = 2 then at end
       from (select g, 'ord_' || lpad(g::text, 26, '0') as id, 'user-' || (1 + g % ($2::int / 4)) as user_id,
                    'con_' || (1 + g % ($2::int / 4)) as contact_id, g % 4 as channel_type,
                    case when g % 10 = 0 then 3 when g % 7 = 0 then 2 else 1 end as status, 990 * (1 + g % 5) as total,
                    jsonb_build_object('paymentMethod', g % 4, 'seller',
                      jsonb_build_object('providerId', 's', 'name', (array['Centro','Norte'])[1 + g % 2], 'serviceTaxCents', 0),
                      'logistic', jsonb_build_object('type', g % 2, 'name', 'Entrega'))
                    || case when g % 3 = 0 then jsonb_build_object('agent',
                         jsonb_build_object('id', 'agt_' || g % 3, 'name', 'Atendente ' || g % 9, 'staffUserId', null))
                       else '{}'::jsonb end
                    || case when g % 8 = 0 then '{"couponCode": "BEMVINDO"}'::jsonb else '{}'::jsonb end as checkout,
                    now() - (g || ' minutes')::interval * $3::int as at
               from generate_series(1, $2::int) g) o`,
    [shop.id, orders, minutesApart],
  );
  await tx.query(
    `insert into order_items (id, shop_id, order_id, line_index, product_id, sku, name, quantity, unit_price_cents, total_cents)
     select 'itm_' || g, $1, 'ord_' || lpad(g::text, 26, '0'), 0, 'prd_bench', 'B1', 'Banana', 1 + g % 5, 990, 990 * (1 + g % 5)
       from generate_series(1, $2::int) g`,
    [shop.id, orders],
  );
  await tx.query(
    `insert into payments (id, shop_id, order_id, user_id, gateway, method, amount_cents, status)
     select 'pay_' || g, $1, 'ord_' || lpad(g::text, 26, '0'), 'user-1', 'sandbox', 3, 990 * (1 + g % 5),
            case when g % 2 = 0 then 1 else 2 end
       from generate_series(3, $2::int, 3) g`,
    [shop.id, orders],
  );
  // What an order has been paid is its ledger (decision 0046): each paid charge received in full.
  await tx.query(
    `insert into payment_ledger (id, shop_id, order_id, kind, amount_cents, source, method, payment_id, received_at)
     select 'led_' || g, $1, 'ord_' || lpad(g::text, 26, '0'), 'received', 990 * (1 + g % 5), 'gateway', 3, 'pay_' || g,
            now() - (g || ' minutes')::interval * $3::int
       from generate_series(6, $2::int, 6) g`,
    [shop.id, orders, minutesApart],
  );
  await tx.query(
    `insert into product_sales_dirty (shop_id, day)
     select distinct o.shop_id, (o.confirmed_at at time zone s.time_zone)::date
       from orders o join shops s on s.id = o.shop_id where o.shop_id = $1`,
    [shop.id],
  );
});
await db.query(`insert into shop_order_numbers (shop_id, last_number) values ($1, $2)`, [shop.id, orders]);
await db.query('analyze');
console.log(`${db.kind}: seeded ${orders} orders in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

// The rollup job: every seeded day was marked by the triggers; the refresher computes them (decision 0068).
const { refreshSalesDays } = await import('../apps/server/src/modules/order/service.ts');
const marked = async () =>
  (await db.query('select count(*)::int as n from product_sales_dirty where shop_id = $1', [shop.id]))[0].n;
const t1 = performance.now();
let days = 0;
while ((await marked()) > 0) days += await refreshSalesDays(db, 100);
const rollupMs = performance.now() - t1;
expect(`the rollup job computed days (got ${days})`, days > 0);
figure('rollup ms per day of data', rollupMs / Math.max(1, days));
console.log(
  `${db.kind}: rollup of ${days} days in ${(rollupMs / 1000).toFixed(1)} s (${(rollupMs / Math.max(1, days)).toFixed(1)} ms a day)`,
);
// A shop at work: today's orders change, so today is read from the raw rows.
await db.query(
  `update orders set total_cents = total_cents + 1
    where id = (select id from orders where shop_id = $1 order by confirmed_at desc limit 1)`,
  [shop.id],
);
await db.query('analyze');

const { addDays, localDay } = await import('../packages/contracts/src/shop-time.ts');
const day = (offset) => addDays(localDay(new Date(), 'America/Sao_Paulo'), offset);
const queries = {
  '30 days by day': `/reports/sales?from=${day(-29)}&to=${day(0)}&bucket=day`,
  '90 days by week': `/reports/sales?from=${day(-89)}&to=${day(0)}&bucket=week`,
  'a year by month': `/reports/sales?from=${day(-364)}&to=${day(0)}&bucket=month`,
  'two years by month': `/reports/sales?from=${day(-729)}&to=${day(0)}&bucket=month`,
  today: '/reports/today',
};
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
for (const [name, path] of Object.entries(queries)) {
  const times = [];
  let counted = 0;
  for (let i = 0; i < runs + 2; i++) {
    const started = performance.now();
    const res = await app.inject({ url: `/api/console/shops/bench-reports${path}`, headers: { cookie } });
    const elapsed = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
    const data = res.json().data;
    counted = data.totals ? data.totals.orders + data.previousTotals.orders : data.orders;
    if (i >= 2) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  if (name !== 'today') expect(`${name}: orders counted (got ${counted})`, counted > 0);
  figure(`${name} p95`, pct(times, 95));
  console.log(
    `${db.kind} ${orders} orders  ${name.padEnd(18)} orders ${String(counted).padStart(7)}  p50 ${pct(times, 50).toFixed(1)} ms  p95 ${pct(times, 95).toFixed(1)} ms  max ${times.at(-1).toFixed(1)} ms`,
  );
}
if (args.explain || args.raw || smoke) {
  const { salesAggregates, salesAggregatesRaw } = await import('../apps/server/src/modules/order/service.ts');
  const { reportBuckets } = await import('../packages/contracts/src/console-reports.ts');
  const filter = {
    shopId: shop.id,
    timeZone: 'America/Sao_Paulo',
    buckets: reportBuckets(day(-364), day(0), 'month'),
    staffUserId: null,
    channelType: null,
    splits: true,
  };
  if (args.raw || smoke) {
    // Before the rollup: the same year read from the raw rows, and the two answers compared.
    const started = performance.now();
    const raw = await salesAggregatesRaw(db, filter);
    console.log(
      `${db.kind}: a year by month from the raw rows (before) ${(performance.now() - started).toFixed(0)} ms`,
    );
    const key = (r) => `${r.dim}|${r.key}`;
    const sorted = (rows) => JSON.stringify([...rows].sort((a, b) => key(a).localeCompare(key(b))));
    const rolled = await salesAggregates(db, filter);
    if (sorted(raw) !== sorted(rolled)) throw new Error('the rollup and the raw rows disagree on a year');
    console.log(`${db.kind}: the rollup's year equals the raw rows' (${rolled.length} rows)`);
  }
  if (args.explain) {
    const print = (plan) => console.log(`\nEXPLAIN ANALYZE, a year by month:\n${plan}`);
    // The statements of its transaction only: what it reads before runs as it is.
    const inTransaction = explaining(db, print, { options: 'analyze, buffers' }).transaction;
    await salesAggregates({ kind: db.kind, query: db.query, transaction: inTransaction }, filter);
  }
}
await close();
endSmoke();
