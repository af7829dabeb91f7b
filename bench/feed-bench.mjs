#!/usr/bin/env node
/**
 * Catalogue feeds benchmark (issue 35, decision 0054; quality bar: a 100k-product shop's feeds stream in flat
 * memory — the server's RSS grows by a bounded amount, not with the catalogue).
 *
 * In-process (run with tsx): a fresh database — in-memory PGlite, or a throwaway schema of --database-url — gets a
 * shop with --products products (a description and a photo each; every tenth with three variants) written in bulk
 * with generate_series; the app listens on a local port and the bench downloads `GET /feeds/<slug>/<token>/meta.csv`
 * and `…/google.xml` over HTTP, reading the body as it streams, while it samples the process's RSS every 20 ms.
 * Prints per feed: time, bytes, items, RSS before and at its peak (MB). --smoke (bench/smoke.mjs): 300 products, and
 * checks both feeds answered 200 with every item.
 *
 * Usage: node --expose-gc --import tsx bench/feed-bench.mjs [--products 100000] [--database-url postgres://…] [--smoke]
 * (--expose-gc adds the live JS heap while streaming: the heap after a full collection, sampled every second)
 */
import { parseArgs } from 'node:util';
import { endSmoke, expect, figure, smoke } from './lib/smoke.mjs';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: smoke ? '300' : '100000' },
    'database-url': { type: 'string' },
    smoke: { type: 'boolean', default: false },
  },
});
const products = Number(args.products);
process.env.LOG_LEVEL = 'silent';

const { openDb } = await import('../apps/server/src/db/client.ts');
const { migrate } = await import('../apps/server/src/db/migrate.ts');
const { createPgDatabase } = await import('../apps/server/src/test/pg-database.ts');
const { buildApp } = await import('../apps/server/src/app.ts');
const { testConfig, TEST_PLATFORM_KEY } = await import('../apps/server/src/test/test-app.ts');
const { feedTokenOf } = await import('../apps/server/src/modules/shop/service.ts');

const url = args['database-url'];
// A throwaway database on the server (never the test database's own schema, where the suite's tests look).
const database = url ? await createPgDatabase(url) : null;
const db = database?.db ?? (await openDb({}));
await migrate(db);
const app = await buildApp({ db, config: testConfig(), logger: false });
const created = await app.inject({
  method: 'POST',
  url: '/api/platform/shops',
  headers: { authorization: `Bearer ${TEST_PLATFORM_KEY}` },
  payload: { slug: 'bench-feed', name: 'Bench Feed', owner: { email: 'dona@feed.example', name: 'Dona' } },
});
const { shop } = created.json().data;

const t0 = performance.now();
await db.query(
  `insert into products (id, shop_id, provider_id, sku, name, description, brand_name, price_cents,
     promotional_price_cents)
   select 'prd_' || g, $1, 'P' || lpad(g::text, 7, '0'), 'SKU' || g, 'Produto de teste número ' || g,
          'Descrição do produto ' || g || ': algodão, lavar à mão, "tamanho" único & confortável.',
          (array['Marca A', null, 'Marca C'])[1 + g % 3], 990 + g % 5000,
          case when g % 7 = 0 then 890 + g % 5000 end
     from generate_series(1, $2::int) g`,
  [shop.id, products],
);
await db.query(
  `insert into product_images (id, shop_id, product_id, url, position)
   select 'img_' || g, $1, 'prd_' || g, '/media/p/produto-' || g || '.svg?bg=fde68a&fg=1f2933', 0
     from generate_series(1, $2::int) g`,
  [shop.id, products],
);
await db.query(
  `insert into product_variants (id, shop_id, product_id, provider_id, sku, options, price_cents, position)
   select 'var_' || g || '_' || v, $1, 'prd_' || g, 'V' || v, 'SKU' || g || '-' || v, '{}'::jsonb, 990 + v * 100, v
     from generate_series(10, $2::int, 10) g, generate_series(1, 3) v`,
  [shop.id, products],
);
await db.query('analyze products, product_images, product_variants');
const token = await feedTokenOf(db, shop.id);
const expected = products - Math.floor(products / 10) + Math.floor(products / 10) * 3;
console.log(`${db.kind}: seeded ${products} products in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const address = await app.listen({ port: 0, host: '127.0.0.1' });
const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** Downloads one feed as it streams; answers its time, size, items and the RSS before and at its peak. */
async function download(file, itemPattern) {
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  // With --expose-gc: what stays alive while the feed streams (the heap after a full collection, every second);
  // flat memory means this does not grow with the catalogue.
  let live = 0;
  const collector = globalThis.gc
    ? setInterval(() => {
        globalThis.gc();
        live = Math.max(live, process.memoryUsage().heapUsed);
      }, 1000)
    : null;
  const start = performance.now();
  const res = await fetch(`${address}/feeds/bench-feed/${token}/${file}`);
  let bytes = 0;
  let items = 0;
  let tail = '';
  const decoder = new TextDecoder();
  for await (const chunk of res.body) {
    bytes += chunk.length;
    const text = tail + decoder.decode(chunk, { stream: true });
    const lines = text.split('\n');
    tail = lines.pop() ?? '';
    for (const line of lines) if (itemPattern.test(line)) items++;
  }
  if (itemPattern.test(tail)) items++;
  const ms = performance.now() - start;
  clearInterval(sampler);
  if (collector) clearInterval(collector);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { status: res.status, ms, bytes, items, before, peak, live };
}

for (const [file, pattern] of [
  ['meta.csv', /^(P\d{7}|SKU\d+-\d),/],
  ['google.xml', /^<item>/],
]) {
  const r = await download(file, pattern);
  console.log(
    `${file.padEnd(11)} ${String(r.status)}  ${(r.ms / 1000).toFixed(2)} s  ${mb(r.bytes)} MB  ${r.items} items  ` +
      `RSS ${mb(r.before)} → peak ${mb(r.peak)} MB (+${mb(r.peak - r.before)})` +
      (r.live ? `  live JS heap ≤ ${mb(r.live)} MB` : ''),
  );
  expect(`${file} answered 200 (got ${r.status})`, r.status === 200);
  expect(`${file} lists every item (${r.items} of ${expected})`, r.items === expected);
  figure(`${file} seconds`, r.ms / 1000);
  figure(`${file} peak RSS`, mb(r.peak));
}

await app.close();
await (database ? database.drop() : db.close());
endSmoke();
