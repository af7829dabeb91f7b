#!/usr/bin/env node
/**
 * Stock benchmark (issue 31, decision 0044; quality bar: add to cart and confirm on a tracked product within 10 % of
 * an untracked one; confirm p99 at 200 confirms/s on PGlite).
 *
 * Starts the server (PGlite in a fresh data dir, demo seed, TRUST_PROXY so each session may come from its own
 * address: the confirm's per-address rate limit stays out of the measure) unless --database-url runs it on
 * PostgreSQL (a throwaway database on that server, dropped after). Two demo products of 'hortifruti': one tracked through the inventory API with a large count, one
 * untracked. Requests are paced (open loop, even intervals, latency from each request's due time):
 *   1. tracked vs untracked, below saturation: --compare sessions per product; add to cart (each session sets the
 *      product to 20, above the shop's minimum), then confirm (the tracked one holds 20 units in the same statement —
 *      migration 0050's trigger), each phase one stream at --compare-rate req/s in all (default 50) alternating a
 *      tracked and an untracked session, so both products see the same machine at the same moments and neither
 *      queues behind a saturated server: the tracked/untracked ratio is the cost of tracking, not of the load;
 *   2. confirm under load: --confirms sessions of the tracked product add to cart, then confirm at --rate req/s
 *      (default 200: the bar's confirm p99 at 200 confirms/s).
 * Prints p50/p95/p99 per phase and product, the tracked/untracked ratios (tracked ÷ untracked), and checks every
 * answer was 2xx and the tracked product holds exactly what was confirmed.
 * 3. the spreadsheet import with an 'Estoque' column (quality bar: < 60 s for 10,000 products): --sheet-products
 *    products (every 5th with 6 variants, so 20,000 rows), a count on every row, imported in this process as the
 *    console runs it (lib/sheet-import.mjs, on a fresh PGlite — or --database-url), then the same file again.
 * Ends with the issue's three costs side by side.
 *
 * --smoke (bench/smoke.mjs): 6 sessions per product at 6 req/s, 6 confirms under load at 6 req/s; a 40-product sheet.
 *
 * Usage: node --import tsx bench/stock-bench.mjs [--compare 500] [--compare-rate 50] [--confirms 1000] [--rate 200]
 *        [--sheet-products 10000]
 *        [--database-url postgres://…] [--smoke]
 */
import { parseArgs } from 'node:util';
import { paced } from './lib/paced.mjs';
import { mintSession, startServer } from './lib/server.mjs';
import { endSmoke, expect, figure, smoke } from './lib/smoke.mjs';

const { values: args } = parseArgs({
  options: {
    compare: { type: 'string', default: smoke ? '6' : '500' },
    'compare-rate': { type: 'string', default: smoke ? '6' : '50' },
    confirms: { type: 'string', default: smoke ? '6' : '1000' },
    rate: { type: 'string', default: smoke ? '6' : '200' },
    'sheet-products': { type: 'string', default: smoke ? '40' : '10000' },
    smoke: { type: 'boolean', default: false },
    'database-url': { type: 'string' },
    key: { type: 'string', default: 'bench-platform-key-0123456789' },
  },
});
const compare = Number(args.compare);
const compareRate = Number(args['compare-rate']);
const confirms = Number(args.confirms);
const rate = Number(args.rate);
const SHOP = 'hortifruti';
const QUANTITY = 20;

/** A session's address for TRUST_PROXY: 10.x.y.z from its index. */
const addressOf = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

async function json(url, path, { method = 'GET', code, key, body, address } = {}) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(code ? { authorization: `Bearer ${code}` } : {}),
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(address ? { 'x-forwarded-for': address } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** Two active, unrestricted products without variants, sold by the unit (P1001, P1002, …) with their SKUs. */
async function pickProducts(url, code) {
  const picked = [];
  for (let n = 1001; picked.length < 2 && n < 1600; n++) {
    const res = await json(url, `/api/catalog/products/P${n}`, { code });
    const p = res.body?.data;
    if (res.status === 200 && p.isActive && !p.isRestrictedSale && !p.hasVariants && !p.soldInKilo)
      picked.push(p);
  }
  if (picked.length < 2) throw new Error('no products to buy');
  return picked;
}

/** tracked ÷ untracked, and as a difference in per cent. */
const ratioOf = (t, u) => `${(t / u).toFixed(2)} (${((t / u - 1) * 100).toFixed(1)} %)`;

/** The bars, phrased from the measured table. */
function costsOf(table) {
  const both = (phase) => {
    const [t, u] = [table[`${phase}, tracked`], table[`${phase}, untracked`]];
    return `${phase} at ${compareRate} req/s (alternating): tracked p50 ${t.p50} ms vs untracked ${u.p50} ms, ratio ${ratioOf(t.p50, u.p50)}; p99 ${t.p99} vs ${u.p99} ms, ratio ${ratioOf(t.p99, u.p99)}`;
  };
  const load = table['confirm under load, tracked'];
  return [
    `${both('add to cart')} — bar within 10 %`,
    `${both('confirm')} — bar within 10 %`,
    `confirm p99 at ${rate} confirms/s on ${args['database-url'] ? 'PostgreSQL' : 'PGlite'}: ${load.p99} ms (p50 ${load.p50} ms)`,
  ];
}
const costs = [];

// On PostgreSQL the server migrates and seeds a throwaway database of its own, never the one --database-url names
// (its public schema is where other runs' tests look: a seeded copy there broke a migration test).
const { createPgDatabase } = await import('../apps/server/src/test/pg-database.ts');
const database = args['database-url'] ? await createPgDatabase(args['database-url'], { poolSize: 4 }) : null;
const server = await startServer({
  key: args.key,
  env: { TRUST_PROXY: 'true', ...(database ? { DATABASE_URL: database.url } : {}) },
});
try {
  const first = await mintSession(server.url, args.key, { shop: SHOP });
  const [tracked, untracked] = await pickProducts(server.url, first);
  const put = await json(server.url, `/api/platform/shops/${SHOP}/inventory`, {
    method: 'PUT',
    key: args.key,
    body: {
      items: [
        { sku: tracked.sku, onHand: 1_000_000, track: true },
        { sku: untracked.sku, onHand: 0, track: false },
      ],
    },
  });
  expect(`inventory PUT answered 200 (got ${put.status})`, put.status === 200);

  const sessions = { warm: [], tracked: [], untracked: [], load: [] };
  const counts = { warm: smoke ? 0 : 100, tracked: compare, untracked: compare, load: confirms };
  let n = 0;
  for (const kind of Object.keys(sessions)) {
    while (sessions[kind].length < counts[kind]) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(16, counts[kind] - sessions[kind].length) }, () => {
          n += 1;
          const address = addressOf(n);
          const phone = `1195${String(n).padStart(7, '0')}`;
          return mintSession(server.url, args.key, { shop: SHOP, phone }).then((code) => ({ code, address }));
        }),
      );
      sessions[kind].push(...batch);
    }
  }
  console.log(
    `${compare} sessions per product at ${compareRate} req/s alternating, then ${confirms} tracked confirms at ${rate} req/s; ` +
      `tracked ${tracked.providerId}, untracked ${untracked.providerId}`,
  );

  const headers = (s, body) => ({
    authorization: `Bearer ${s.code}`,
    'x-forwarded-for': s.address,
    ...(body ? { 'content-type': 'application/json' } : {}),
  });
  const addToCart = (tag, s, product) => ({
    tag,
    method: 'POST',
    path: '/api/order/items/',
    headers: headers(s, true),
    body: JSON.stringify({ providerId: product.providerId, quantity: QUANTITY }),
  });
  const confirm = (tag, s) => ({
    tag,
    method: 'GET',
    path: '/api/order/confirm',
    headers: headers(s, false),
  });
  const alternating = (make) =>
    sessions.tracked.flatMap((s, i) => [
      make('tracked', s, tracked),
      make('untracked', sessions.untracked[i], untracked),
    ]);
  // warm-up (JIT, caches), not reported
  await paced(
    server.url,
    sessions.warm.map((s) => addToCart('warm', s, untracked)),
    compareRate,
  );
  await paced(
    server.url,
    sessions.warm.map((s) => confirm('warm', s)),
    compareRate,
  );
  const table = {};
  for (const [phase, make] of [
    ['add to cart', addToCart],
    ['confirm', (tag, s) => confirm(tag, s)],
  ])
    for (const [tag, figures] of Object.entries(await paced(server.url, alternating(make), compareRate)))
      table[`${phase}, ${tag}`] = figures;
  await paced(
    server.url,
    sessions.load.map((s) => addToCart('load', s, tracked)),
    rate,
  );
  table['confirm under load, tracked'] = (
    await paced(
      server.url,
      sessions.load.map((s) => confirm('load', s)),
      rate,
    )
  ).load;
  console.table(
    Object.fromEntries(Object.entries(table).map(([k, { statuses: _statuses, ...figures }]) => [k, figures])),
  );
  for (const [name, result] of Object.entries(table)) {
    expect(
      `${name}: every request answered 2xx (got ${JSON.stringify(result.statuses)}, ${result.errors} errors)`,
      result.non2xx === 0 && result.errors === 0,
    );
    figure(`${name} p99`, result.p99);
  }
  const inventory = await json(
    server.url,
    `/api/platform/shops/${SHOP}/inventory?sku=${encodeURIComponent(tracked.sku)}`,
    {
      key: args.key,
    },
  );
  const held = inventory.body?.data?.items?.[0]?.held;
  const wanted = (compare + confirms) * QUANTITY;
  console.log(`tracked product holds ${held} (expected ${wanted})`);
  expect(`the tracked product holds what was confirmed (got ${held})`, held === wanted);
  for (const phase of ['add to cart', 'confirm']) {
    const [t, u] = [table[`${phase}, tracked`], table[`${phase}, untracked`]];
    console.log(
      `${phase} at ${compareRate} req/s: tracked ÷ untracked p50 ${ratioOf(t.p50, u.p50)}, p99 ${ratioOf(t.p99, u.p99)}`,
    );
  }
  console.log(`confirm p99 at ${rate} confirms/s (tracked): ${table['confirm under load, tracked'].p99} ms`);
  costs.push(...costsOf(table));
} finally {
  await server.stop();
  await database?.drop();
}

// 3. The spreadsheet import with an 'Estoque' count on every row, in this process (the server is stopped).
const { timeSheetImport } = await import('./lib/sheet-import.mjs');
const sheetProducts = Number(args['sheet-products']);
const [first, again] = await timeSheetImport({
  count: sheetProducts,
  stock: true,
  databaseUrl: args['database-url'],
  label: 'sheet: ',
});
for (const { pass, previewS, jobS, job } of [first, again]) {
  figure(`sheet ${pass} seconds`, previewS + jobS);
  expect(`sheet ${pass}: the job finished (status ${job.status})`, job.status === 'done');
}
expect(
  `sheet: every row's count was written once (${first.ledger.rows} ledger rows, ${first.rowCount} rows)`,
  first.ledger.rows === first.rowCount && again.ledger.rows === first.rowCount,
);
costs.push(
  `spreadsheet import with Estoque, ${sheetProducts} products / ${first.rowCount} rows: ` +
    `${(first.previewS + first.jobS).toFixed(1)} s first (preview ${first.previewS.toFixed(1)} + job ${first.jobS.toFixed(1)}), ` +
    `${(again.previewS + again.jobS).toFixed(1)} s again — bar < 60 s`,
);
console.log(`\nThe issue's three costs (${smoke ? 'smoke sizes' : 'full sizes'}):\n- ${costs.join('\n- ')}`);
endSmoke();
