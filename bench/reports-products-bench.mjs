/**
 * Relatórios › Produtos and Funil on a busy shop (issue 37, decisions 0058, 0063 and 0064): --orders placed orders over
 * --days (one line each over 2,000 products, a tenth by the kilo), twice as many links minted (60 % opened), a third
 * paid, half delivered, daily views (1,000 products a day) and searches without result (100 terms a day) over the
 * same days, and 500 tracked products with --moves stock movements; then the product sales rollup refreshed from
 * the seed's marks (its time per day of data) and the funnel's daily rollup rebuilt (migration 0094; its time per
 * day of data), a day of links minted through the trigger left unfolded, then each report's answer for 30 days,
 * 90 days, a year (and two years with --days 730), p50 / p95 over --runs (the flows called in process, no HTTP), and
 * a year's parts alone, with the reads of before the monthly rollups (migration 0093) and before the funnel's rollup
 * (the raw rows) beside them; --explain prints EXPLAIN ANALYZE of a year's sales, views and funnel, both ways.
 * --smoke (bench/smoke.mjs): 300 orders, 500 movements, a tenth of the views and searches a day, 2 runs, the figures
 * checked for shape.
 * The issue's size: --orders 1000000 --days 730 (2,000,000 links, ~15,000,000 views: the funnel events it prints).
 *
 * Usage: node --import tsx bench/reports-products-bench.mjs [--orders 200000] [--days 365] [--moves 100000]
 *        [--runs 5] [--explain] [--database-url postgres://…] [--smoke]   (PGlite in memory without --database-url)
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { openConsoleBench } from './lib/console-app.mjs';
import { explaining } from './lib/explain.mjs';
import { endSmoke, expect, figure, smoke } from './lib/smoke.mjs';

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: smoke ? '300' : '200000' },
    moves: { type: 'string', default: smoke ? '500' : '100000' },
    runs: { type: 'string', default: smoke ? '2' : '5' },
    days: { type: 'string', default: '365' },
    explain: { type: 'boolean', default: false },
    'database-url': { type: 'string' },
    smoke: { type: 'boolean', default: false },
  },
});
const orders = Number(args.orders);
const spanDays = Number(args.days);
const viewedPerDay = smoke ? 100 : 1000;
const missedPerDay = smoke ? 10 : 100;
const { db, app, shop, close } = await openConsoleBench({
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
const minutes = Math.max(1, Math.floor((spanDays * 24 * 60) / orders));
// Orders, lines, charges and links in bulk without their row triggers (a mark per row took minutes at 1,000,000
// orders): the days they fall on are marked in one statement after, as a time zone change does (migration 0090's
// trigger), and the funnel's days are rebuilt from them after, as a time zone change does (migration 0094).
await db.transaction(async (tx) => {
  await tx.query('set local session_replication_role = replica');
  await tx.query(
    `insert into orders (id, shop_id, user_id, contact_id, channel_type, status, items_amount_cents, total_cents,
       checkout, confirmed_at, created_at, next_line_index, fulfilment, fulfilment_at, first_received_at)
     select 'ord_' || g, $1, 'user-' || g, 'con_' || (1 + g % ($2::int / 4)), g % 4, case when g % 10 = 0 then 3 else 1 end,
            1000 + g % 5000, 1000 + g % 5000, '{}', now() - make_interval(mins => g * $3::int),
            now() - make_interval(mins => g * $3::int), 1,
            case when g % 2 = 0 then 'delivered' end, case when g % 2 = 0 then now() - make_interval(mins => g * $3::int - 60) end,
            -- the ledger's trigger's work (migration 0094): the first money received, below
            case when g % 3 = 0 then now() - make_interval(mins => g * $3::int - 5) end
       from generate_series(1, $2::int) g`,
    [shop.id, orders, minutes],
  );
  await tx.query(
    `insert into order_items (id, shop_id, order_id, line_index, product_id, sku, name, quantity, unit_price_cents, total_cents)
     select 'itm_' || g, $1, 'ord_' || g, 0, 'prd_' || (1 + g % 2000), 'P', 'Produto', 1 + g % 3, 1000 + g % 5000, 1000 + g % 5000
       from generate_series(1, $2::int) g`,
    [shop.id, orders],
  );
  await tx.query(
    `insert into payment_ledger (id, shop_id, order_id, kind, amount_cents, source, method, received_at)
     select 'led_' || g, $1, 'ord_' || g, 'received', 1000 + g % 5000, 'manual', 3, now() - make_interval(mins => g * $3::int - 5)
       from generate_series(3, $2::int, 3) g`,
    [shop.id, orders, minutes],
  );
  await tx.query(
    `insert into sessions (id, shop_id, token_hash, session_type, channel_type, channel_id, user_id, expires_at, created_at, opened_at)
     select 'ses_' || g, $1, md5(g::text), 0, g % 4, 'c' || g, 'u' || g, now(), now() - make_interval(mins => g * $3::int / 2),
            case when g % 5 < 3 then now() - make_interval(mins => g * $3::int / 2 - 1) end
       from generate_series(1, $2::int * 2) g`,
    [shop.id, orders, minutes],
  );
  await tx.query(
    `insert into product_sales_dirty (shop_id, day)
     select distinct o.shop_id, (o.confirmed_at at time zone s.time_zone)::date
       from orders o join shops s on s.id = o.shop_id where o.shop_id = $1 and o.status in (1, 2)`,
    [shop.id],
  );
});
await db.query(
  `insert into product_view_days (shop_id, day, product_id, views)
   select $1, current_date - d, 'prd_' || (1 + (d * 7 + p) % 2000), 1 + p % 40
     from generate_series(0, $3::int - 1) d, generate_series(1, $2::int) p`,
  [shop.id, viewedPerDay, spanDays],
);
// What the recorder's upsert adds to the months as it adds to the days (migration 0093).
await db.query(
  `insert into product_view_months (shop_id, month, product_id, views)
   select shop_id, date_trunc('month', day)::date, product_id, sum(views) from product_view_days group by 1, 2, 3`,
);
await db.query(
  `insert into search_misses (shop_id, day, term, searches)
   select $1, current_date - d, 'termo ' || t, 1 + t % 9 from generate_series(0, $3::int - 1) d,
          generate_series(1, $2::int) t`,
  [shop.id, missedPerDay, spanDays],
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
// The funnel's days from the raw rows (migration 0094's backfill, what a time zone change does): its time per day.
const f0 = performance.now();
await db.transaction((tx) => tx.query('select funnel_days_rebuild($1)', [shop.id]));
const rebuildMs = performance.now() - f0;
figure('funnel rebuild ms per day', rebuildMs / spanDays);
console.log(
  `funnel rollup rebuilt in ${Math.round(rebuildMs)} ms (${(rebuildMs / spanDays).toFixed(1)} ms a day of data)`,
);
const [events] = await db.query(
  `select (select count(*) from sessions where shop_id = $1)::float8 as minted,
          (select count(opened_at) from sessions where shop_id = $1)::float8 as opened,
          (select sum(views) from product_view_days where shop_id = $1)::float8 as views,
          (select sum(searches) from search_misses where shop_id = $1)::float8 as searches`,
  [shop.id],
);
const total = events.minted + events.opened + events.views + events.searches + orders * 2;
console.log(
  `${orders} orders over ${spanDays} days; funnel events ${total} (links minted ${events.minted}, opened ` +
    `${events.opened}, views ${events.views}, searches ${events.searches}, orders added and confirmed ${orders * 2})`,
);

// The product sales rollup (migrations 0090 and 0093): the seed marked every day with orders and the app's own
// refresher (its 5 s timer) takes them meanwhile; once none is left, mark every day again and time the refresher
// over them (day and month rows). The app's refresher may take some days then too: the time is over the days the
// bench's loop did.
const { refreshSalesDays } = await import('../apps/server/src/modules/order/service.ts');
const marked = async () =>
  Number((await db.query('select count(*)::int as n from product_sales_dirty'))[0].n);
while ((await marked()) > 0) await refreshSalesDays(db, 100);
await db.query(
  `insert into product_sales_dirty (shop_id, day) select distinct shop_id, day from product_sales_days
   on conflict (shop_id, day) do update set version = product_sales_dirty.version + 1`,
);
let days = 0;
const r0 = performance.now();
while ((await marked()) > 0) days += await refreshSalesDays(db, 100);
const rollupMs = performance.now() - r0;
figure('rollup ms per day', rollupMs / Math.max(1, days));
expect(
  'the rollup has rows',
  Number((await db.query('select count(*)::int as n from product_sales_days'))[0].n) > 0,
);
console.log(
  `rollup: ${days} days refreshed in ${Math.round(rollupMs)} ms (${(rollupMs / Math.max(1, days)).toFixed(1)} ms a day)`,
);
// The seeded tables as a shop's database would have them by then: PostgreSQL's autovacuum analyses them (and vacuums
// the refresher's dead rows), and on PGlite the app's own pass does both (db/autovacuum.ts, decision 0071), a table a
// minute; here every table it would take, at once (their counters flushed first).
if (args['database-url']) await db.query('vacuum analyze');
else {
  await db.query('select pg_stat_force_next_flush()');
  const { vacuumChangedTables } = await import('../apps/server/src/db/autovacuum.ts');
  const v0 = performance.now();
  const done = await vacuumChangedTables(db, 1000);
  console.log(`autovacuum's work on ${done.length} tables in ${Math.round(performance.now() - v0)} ms`);
  expect(
    'PGlite: the refreshed rollup is due for autovacuum',
    done.some((t) => t.table === 'public.product_sales_months'),
  );
}

const viewer = { userId: 'bench', role: 'owner', shop: { id: shop.id, timeZone: 'America/Sao_Paulo' } };
const today = localDay(new Date(), 'America/Sao_Paulo');
const runs = Number(args.runs);
// A year with the most days read from the daily rows: an edge month is read as its days in the range or as the
// month less the others, whichever is fewer, so the most is ~15 days at each edge (the 16th to the 15th).
const edgyTo = `${addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7)}-15`;
const edgy = { from: addDays(edgyTo, -364), to: edgyTo };
// Reads as on a shop at work: some days marked (today's confirmations, a late edit to an old order, an edge day),
// which the report reads from the raw lines; the app's refresher is stopped so that they stay marked.
await app.analytics.close();
await db.query(
  `insert into product_sales_dirty (shop_id, day) values ($1, $2::date), ($1, $3::date), ($1, $4::date)
   on conflict do nothing`,
  [shop.id, today, addDays(today, -200), edgyTo],
);
// And a day's links minted since the last fold (the sessions' trigger writes their deltas; the read adds them).
const linksADay = Math.ceil((orders * 2) / spanDays);
await db.query(
  `insert into sessions (id, shop_id, token_hash, session_type, channel_type, channel_id, user_id, expires_at, created_at)
   select 'ses_new_' || g, $1, md5('new' || g), 0, g % 4, 'c' || g, 'u' || g, now(), now() - make_interval(secs => g)
     from generate_series(1, $2::int) g`,
  [shop.id, linksADay],
);
const [pending] = await db.query('select count(*)::int as n from funnel_deltas where shop_id = $1', [
  shop.id,
]);
console.log(`funnel deltas not folded: ${pending.n}`);
for (const [name, q] of [
  ['30 days', { from: addDays(today, -29), to: today }],
  ['90 days', { from: addDays(today, -89), to: today }],
  ['a year', { from: addDays(today, -364), to: today }],
  [`a year ${edgy.from}…${edgy.to}`, edgy],
  ...(spanDays >= 730 ? [['two years', { from: addDays(today, -729), to: today }]] : []),
]) {
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
// A year's parts (the one with the most edge days), each alone (they run in parallel in the report: the slowest is its
// time).
const { productSalesIn } = await import('../apps/server/src/modules/order/service.ts');
const { productViews, searchMisses } = await import('../apps/server/src/modules/analytics/service.ts');
const { soldOutDays, soldOutDaysFromLedger } = await import('../apps/server/src/modules/stock/sold-out.ts');
const { dayStart } = await import('../packages/contracts/src/shop-time.ts');
const year = edgy;
const [yStart, yEnd] = [
  dayStart(year.from, 'America/Sao_Paulo'),
  dayStart(addDays(year.to, 1), 'America/Sao_Paulo'),
];
// Before migration 0093: the same reads from the daily rows alone (the same answers, no day being marked here).
const DAILY_SALES = `select d.product_id, p.name, sum(d.orders)::int as orders, sum(d.value_cents)::float8 as value,
         sum(d.quantity)::float8 as quantity
    from product_sales_days d join products p on p.id = d.product_id
   where d.shop_id = $1 and d.day between $2::date and $3::date group by 1, 2`;
const DAILY_VIEWS = `select v.product_id, p.name, v.views from (
     select product_id, sum(views)::int as views from product_view_days
      where shop_id = $1 and day between $2::date and $3::date group by product_id
   ) v join products p on p.id = v.product_id`;
const yearParams = [shop.id, year.from, year.to];
const { funnelCounts, funnelCountsRaw } = await import('../apps/server/src/modules/order/funnel-report.ts');
const { reportBuckets } = await import('../packages/contracts/src/console-reports.ts');
const weeks = reportBuckets(year.from, year.to, 'week');
const funnelFilter = { shopId: shop.id, days: weeks.map((w) => w.from), to: year.to, channelType: null };
const funnelRawFilter = {
  shopId: shop.id,
  starts: weeks.map((w) => dayStart(w.from, 'America/Sao_Paulo')),
  end: yEnd,
  channelType: null,
};
const parts = (q) => [
  ['sales', () => productSalesIn(q, shop.id, year.from, year.to, 'America/Sao_Paulo')],
  ['sales (days only, before)', () => q.query(DAILY_SALES, yearParams)],
  ['views', () => productViews(q, shop.id, year.from, year.to)],
  ['views (days only, before)', () => q.query(DAILY_VIEWS, yearParams)],
  ['funnel by week', () => funnelCounts(q, funnelFilter)],
  ['funnel by week (raw rows, before)', () => funnelCountsRaw(q, funnelRawFilter)],
];
for (const [part, call] of [
  ...parts(db),
  ['soldout', () => soldOutDays(db, shop.id, year.from, year.to, 'America/Sao_Paulo')],
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
// The monthly reads answer as the daily ones.
const key = (rows) =>
  JSON.stringify(
    rows.map((r) => [r.product_id, r.orders ?? r.views, Number(r.value_cents ?? r.value ?? 0)]).sort(),
  );
expect(
  'a year of sales: months and edge days = the days',
  key(await parts(db)[0][1]()) === key(await parts(db)[1][1]()),
);
expect(
  'a year of views: months and edge days = the days',
  key(await parts(db)[2][1]()) === key(await parts(db)[3][1]()),
);
const byProduct = (rows) => JSON.stringify(rows.map((r) => [r.product_id, r.days]).sort());
expect(
  'a year of sold-out days: months and open spans = the ledger replay',
  byProduct(await soldOutDays(db, shop.id, year.from, year.to, 'America/Sao_Paulo')) ===
    byProduct(await soldOutDaysFromLedger(db, shop.id, yStart, yEnd, 'America/Sao_Paulo')),
);
const funnelKey = (rows) => JSON.stringify(rows.map((r) => [r.stage, r.channel_type, r.i, r.n]).sort());
expect(
  'a year of the funnel: the rollup = the raw rows',
  funnelKey(await funnelCounts(db, funnelFilter)) === funnelKey(await funnelCountsRaw(db, funnelRawFilter)),
);
if (args.explain) {
  const plans = [];
  for (const [part, call] of parts(explaining(db, (plan) => plans.push(plan)))) {
    await call();
    console.log(`\nEXPLAIN ANALYZE, a year's ${part}:\n${plans.at(-1)}`);
  }
}
// The funnel's fold (every instance's flush timer): the day of links left pending, into the days.
const { foldFunnelDeltas } = await import('../apps/server/src/modules/order/service.ts');
const fold0 = performance.now();
await foldFunnelDeltas(db);
const foldMs = performance.now() - fold0;
figure('funnel fold ms', foldMs);
console.log(`funnel fold: ${pending.n} deltas (a day of links) in ${Math.round(foldMs)} ms`);
const todays = { shopId: shop.id, days: [today], to: today, channelType: null };
const todaysRaw = {
  shopId: shop.id,
  starts: [dayStart(today, 'America/Sao_Paulo')],
  end: dayStart(addDays(today, 1), 'America/Sao_Paulo'),
  channelType: null,
};
expect(
  "the fold leaves no delta and today's funnel is its raw rows",
  Number((await db.query('select count(*)::int as n from funnel_deltas'))[0].n) === 0 &&
    funnelKey(await funnelCounts(db, todays)) === funnelKey(await funnelCountsRaw(db, todaysRaw)),
);
await close();
endSmoke();
