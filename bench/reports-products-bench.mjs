/**
 * Relatórios › Produtos and Funil on a busy shop (issue 37, decision 0058): --orders placed orders over a year (one
 * line each over 2,000 products, a tenth by the kilo), twice as many links minted (60 % opened), a third paid, half
 * delivered, a year of daily views (1,000 products a day) and searches without result (100 terms a day), and 500
 * tracked products with --moves stock movements; then the product sales rollup refreshed (its time per day of
 * data), then each report's answer for 30 days, 90 days and a year, p50 / p95 over --runs (the flows called in
 * process, no HTTP). --smoke (bench/smoke.mjs): 300 orders, 500 movements, a tenth of the views and searches a
 * day, 2 runs, the figures checked for shape.
 *
 * Usage: node --import tsx bench/reports-products-bench.mjs [--orders 200000] [--moves 100000] [--runs 5]
 *        [--database-url postgres://…] [--smoke]   (PGlite in memory without --database-url)
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { openConsoleBench } from './lib/console-app.mjs';
import { endSmoke, expect, figure, smoke } from './lib/smoke.mjs';

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: smoke ? '300' : '200000' },
    moves: { type: 'string', default: smoke ? '500' : '100000' },
    runs: { type: 'string', default: smoke ? '2' : '5' },
    'database-url': { type: 'string' },
    smoke: { type: 'boolean', default: false },
  },
});
const orders = Number(args.orders);
const viewedPerDay = smoke ? 100 : 1000;
const missedPerDay = smoke ? 10 : 100;
const { db, shop, close } = await openConsoleBench({
  databaseUrl: args['database-url'],
  slug: 'bench-reports',
  orders,
});
const { productsReport } = await import('../apps/server/src/flows/reports/products.ts');
const { funnelReport } = await import('../apps/server/src/flows/reports/funnel.ts');
const { localDay, addDays } = await import('../packages/contracts/src/shop-time.ts');

const t0 = performance.now();
await db.query(
  `insert into products (id, shop_id, provider_id, sku, name, price_cents, sold_in_kilo, amount_in_kilo)
   select 'prd_' || g, $1, 'p' || g, 'P' || g, 'Produto ' || g, 500 + g, g % 10 = 0, case when g % 10 = 0 then 0.5 end
     from generate_series(1, 2000) g`,
  [shop.id],
);
const minutes = Math.max(1, Math.floor((365 * 24 * 60) / orders));
await db.query(
  `insert into orders (id, shop_id, user_id, contact_id, channel_type, status, items_amount_cents, total_cents,
     checkout, confirmed_at, created_at, next_line_index, fulfilment, fulfilment_at)
   select 'ord_' || g, $1, 'user-' || g, 'con_' || (1 + g % ($2::int / 4)), g % 4, case when g % 10 = 0 then 3 else 1 end,
          1000 + g % 5000, 1000 + g % 5000, '{}', now() - make_interval(mins => g * $3::int),
          now() - make_interval(mins => g * $3::int), 1,
          case when g % 2 = 0 then 'delivered' end, case when g % 2 = 0 then now() - make_interval(mins => g * $3::int - 60) end
     from generate_series(1, $2::int) g`,
  [shop.id, orders, minutes],
);
await db.query(
  `insert into order_items (id, shop_id, order_id, line_index, product_id, sku, name, quantity, unit_price_cents, total_cents)
   select 'itm_' || g, $1, 'ord_' || g, 0, 'prd_' || (1 + g % 2000), 'P', 'Produto', 1 + g % 3, 1000 + g % 5000, 1000 + g % 5000
     from generate_series(1, $2::int) g`,
  [shop.id, orders],
);
await db.query(
  `insert into payment_ledger (id, shop_id, order_id, kind, amount_cents, source, method, received_at)
   select 'led_' || g, $1, 'ord_' || g, 'received', 1000 + g % 5000, 'manual', 3, now() - make_interval(mins => g * $3::int - 5)
     from generate_series(3, $2::int, 3) g`,
  [shop.id, orders, minutes],
);
await db.query(
  `insert into sessions (id, shop_id, token_hash, session_type, channel_type, channel_id, user_id, expires_at, created_at, opened_at)
   select 'ses_' || g, $1, md5(g::text), 0, g % 4, 'c' || g, 'u' || g, now(), now() - make_interval(mins => g * $3::int / 2),
          case when g % 5 < 3 then now() - make_interval(mins => g * $3::int / 2 - 1) end
     from generate_series(1, $2::int * 2) g`,
  [shop.id, orders, minutes],
);
await db.query(
  `insert into product_view_days (shop_id, day, product_id, views)
   select $1, current_date - d, 'prd_' || (1 + (d * 7 + p) % 2000), 1 + p % 40
     from generate_series(0, 364) d, generate_series(1, $2::int) p`,
  [shop.id, viewedPerDay],
);
await db.query(
  `insert into search_misses (shop_id, day, term, searches)
   select $1, current_date - d, 'termo ' || t, 1 + t % 9 from generate_series(0, 364) d, generate_series(1, $2::int) t`,
  [shop.id, missedPerDay],
);
await db.query(
  `insert into stock_settings (product_id, shop_id, track) select 'prd_' || g, $1, true from generate_series(1, 500) g`,
  [shop.id],
);
await db.query(
  `insert into stock_movements (shop_id, unit_id, product_id, reason, on_hand_delta, actor, note, created_at)
   select $1, 'prd_' || (1 + (g - 1) % 500), 'prd_' || (1 + (g - 1) % 500), 'adjustment',
          case when ((g - 1) / 500) % 2 = 0 then 3 else -3 end, 'staff', 'contagem',
          now() - interval '366 days' + make_interval(mins => g * (525600 / $2::int))
     from generate_series(1, $2::int) g order by g`,
  [shop.id, Number(args.moves)],
);
console.log(`seeded in ${Math.round((performance.now() - t0) / 1000)} s`);

// The product sales rollup (migration 0090): the seed's inserts marked every day with orders and the app's own
// refresher (its 5 s timer) refreshed them meanwhile; mark every day again and time the refresher over them.
const { refreshProductSalesDays } = await import('../apps/server/src/modules/order/service.ts');
const marked = async () =>
  Number((await db.query('select count(*)::int as n from product_sales_dirty'))[0].n);
while ((await marked()) > 0) await refreshProductSalesDays(db, 100);
await db.query(
  `insert into product_sales_dirty (shop_id, day) select distinct shop_id, day from product_sales_days
   on conflict (shop_id, day) do update set version = product_sales_dirty.version + 1`,
);
let days = 0;
const r0 = performance.now();
while ((await marked()) > 0) days += await refreshProductSalesDays(db, 100);
const rollupMs = performance.now() - r0;
figure('rollup ms per day', rollupMs / Math.max(1, days));
expect(
  'the rollup has rows',
  Number((await db.query('select count(*)::int as n from product_sales_days'))[0].n) > 0,
);
console.log(
  `rollup: ${days} days refreshed in ${Math.round(rollupMs)} ms (${(rollupMs / Math.max(1, days)).toFixed(1)} ms a day)`,
);
if (args['database-url']) await db.query('analyze');

const viewer = { userId: 'bench', role: 'owner', shop: { id: shop.id, timeZone: 'America/Sao_Paulo' } };
const today = localDay(new Date(), 'America/Sao_Paulo');
const runs = Number(args.runs);
for (const [name, days] of [
  ['30 days', 30],
  ['90 days', 90],
  ['a year', 365],
]) {
  const q = { from: addDays(today, 1 - days), to: today };
  for (const [report, call] of [
    ['Produtos', () => productsReport(db, viewer, q)],
    ['Funil by week', () => funnelReport(db, viewer, { ...q, bucket: 'week' })],
  ]) {
    const times = [];
    let answer;
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      answer = await call();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const at = (p) => Math.round(times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]);
    const size = answer.totals.productsSold ?? answer.totals.confirmed;
    figure(`${report} ${name} p95`, at(0.95));
    figure(`${report} ${name} size`, size);
    console.log(
      `${report} ${name}: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (${size} products sold / orders confirmed)`,
    );
  }
}
// A year's parts, each alone (they run in parallel in the report: the slowest is its time).
const { productSalesIn } = await import('../apps/server/src/modules/order/service.ts');
const { productViews, searchMisses } = await import('../apps/server/src/modules/analytics/service.ts');
const { soldOutDays } = await import('../apps/server/src/modules/stock/service.ts');
const { dayStart } = await import('../packages/contracts/src/shop-time.ts');
const year = { from: addDays(today, -364), to: today };
const [yStart, yEnd] = [
  dayStart(year.from, 'America/Sao_Paulo'),
  dayStart(addDays(today, 1), 'America/Sao_Paulo'),
];
for (const [part, call] of [
  ['sales', () => productSalesIn(db, shop.id, year.from, year.to, 'America/Sao_Paulo')],
  ['views', () => productViews(db, shop.id, year.from, year.to)],
  ['soldout', () => soldOutDays(db, shop.id, yStart, yEnd, 'America/Sao_Paulo')],
  ['misses', () => searchMisses(db, shop.id, year.from, year.to, 200)],
]) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await call();
    times.push(Math.round(performance.now() - start));
  }
  times.sort((a, b) => a - b);
  figure(`a year's ${part} max`, times.at(-1));
  console.log(`a year's ${part}: ${times.join(' ')} ms`);
}
await close();
endSmoke();
