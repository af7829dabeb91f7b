#!/usr/bin/env node
/**
 * Orders board benchmark (quality bar: first page p95 ≤ 50 ms at 100k orders).
 *
 * In-process (run with tsx): a fresh database — in-memory PGlite, or a throwaway schema of --database-url — gets a
 * shop with --orders placed orders (one line each, contacts and sessions, a payment on every third, dates spread
 * over a year) written in bulk with generate_series, then the app answers `GET /api/console/shops/{shop}/orders`
 * through `app.inject` for a signed-in owner, --runs times per query: the first page unfiltered, filtered by
 * status, by payment, by channel, by a date range, by a customer name and by an order number. Prints p50/p95/max
 * per query (ms, HTTP handling included, no network). --smoke (bench/smoke.mjs): 300 orders, 3 runs, and checks
 * every query answered rows.
 *
 * Usage: node --import tsx bench/orders-board-bench.mjs [--orders 100000] [--runs 200] [--database-url postgres://…]
 *        [--smoke]
 */
import { parseArgs } from 'node:util';
import { openConsoleBench } from './lib/console-app.mjs';
import { endSmoke, expect, figure, smoke } from './lib/smoke.mjs';

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: smoke ? '300' : '100000' },
    runs: { type: 'string', default: smoke ? '3' : '200' },
    'database-url': { type: 'string' },
    smoke: { type: 'boolean', default: false },
  },
});
const orders = Number(args.orders);
// 100k orders 5 minutes apart span about a year; a smoke run's few spread a day apart so the date range finds some.
const minutesApart = smoke ? 1440 : 5;
const runs = Number(args.runs);
const { db, app, shop, cookie, close } = await openConsoleBench({
  databaseUrl: args['database-url'],
  slug: 'bench-board',
  orders,
});

const t0 = performance.now();
await db.query(
  `insert into orders (id, shop_id, user_id, contact_id, channel_type, status, items_amount_cents, total_cents,
     checkout, confirmed_at, number, fulfilment, fulfilment_at)
   select id, $1, user_id, contact_id, channel_type, status, total, total, checkout, at, g,
          -- a finalized order is a delivered one (one lifecycle, decision 0055)
          case when status = 2 then 'delivered' end, case when status = 2 then at end
     from (select g, 'ord_' || lpad(g::text, 26, '0') as id, 'user-' || (1 + g % ($2::int / 4)) as user_id,
                  'con_' || (1 + g % ($2::int / 4)) as contact_id, g % 4 as channel_type,
                  1 + (g % 10 = 0)::int + (g % 17 = 0)::int * 2 as status, 990 * (1 + g % 5) as total,
                  '{"paymentMethod": 3, "seller": {"providerId": "s", "name": "Centro", "serviceTaxCents": 0}}'::jsonb
                    as checkout,
                  now() - (g || ' minutes')::interval * $3::int as at
             from generate_series(1, $2::int) g) o`,
  [shop.id, orders, minutesApart],
);
await db.query(
  `insert into order_items (id, shop_id, order_id, line_index, product_id, sku, name, quantity, unit_price_cents, total_cents)
   select 'itm_' || g, $1, 'ord_' || lpad(g::text, 26, '0'), 0, 'prd_bench', 'B1', 'Banana', 1 + g % 5, 990, 990 * (1 + g % 5)
     from generate_series(1, $2::int) g`,
  [shop.id, orders],
);
await db.query(
  `insert into payments (id, shop_id, order_id, user_id, gateway, method, amount_cents, status)
   select 'pay_' || g, $1, 'ord_' || lpad(g::text, 26, '0'), 'user-1', 'sandbox', 3, 990 * (1 + g % 5),
          case when g % 2 = 0 then 1 else 2 end
     from generate_series(3, $2::int, 3) g`,
  [shop.id, orders],
);
// What an order has been paid is its ledger (decision 0046): each paid charge received in full.
await db.query(
  `insert into payment_ledger (id, shop_id, order_id, kind, amount_cents, source, method, payment_id, received_at)
   select 'led_' || g, $1, 'ord_' || lpad(g::text, 26, '0'), 'received', 990 * (1 + g % 5), 'gateway', 3, 'pay_' || g,
          now() - (g || ' minutes')::interval * $3::int
     from generate_series(6, $2::int, 6) g`,
  [shop.id, orders, minutesApart],
);
await db.query(`insert into shop_order_numbers (shop_id, last_number) values ($1, $2)`, [shop.id, orders]);
await db.query('analyze');
console.log(`${db.kind}: seeded ${orders} orders in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const queries = {
  'first page': '',
  'status=finalized': '?status=finalized',
  'payment=paid': '?payment=paid',
  'channel=instagram': '?channel=instagram',
  'date range (a week)': `?from=${day(-30)}&to=${day(-23)}`,
  'q=carla (name)': '?q=carla',
  [`q=#${Math.min(4242, orders)} (number)`]: `?q=%23${Math.min(4242, orders)}`,
};
function day(offset) {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
for (const [name, query] of Object.entries(queries)) {
  const times = [];
  let rows = 0;
  for (let i = 0; i < runs + 10; i++) {
    const started = performance.now();
    const res = await app.inject({
      url: `/api/console/shops/bench-board/orders${query}`,
      headers: { cookie },
    });
    const elapsed = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
    rows = res.json().data.orders.length;
    if (i >= 10) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  expect(`${name}: rows on the page (got ${rows})`, rows > 0);
  figure(`${name} p95`, pct(times, 95));
  console.log(
    `${db.kind} ${name.padEnd(22)} rows ${String(rows).padStart(2)}  p50 ${pct(times, 50).toFixed(1)} ms  p95 ${pct(times, 95).toFixed(1)} ms  max ${times.at(-1).toFixed(1)} ms`,
  );
}
await close();
endSmoke();
