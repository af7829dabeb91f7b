#!/usr/bin/env node
/**
 * Seed at scale (issue 40, docs/capacity.md): --shops shops × --products products on PostgreSQL — one shop seeded
 * by `cli/seed.ts --products N --shop scale` (the demo shops beside it), copied --shops − 1 times in SQL
 * (lib/clone-shops.mjs: `insert … select … generate_series`, triggers off, ~a minute for 1 M products), then ANALYZE
 * — against a database holding that one shop alone (the same seed, the "1-shop" baseline). Both are served by the
 * real server (`CATALOG_CACHE_SECONDS=0`: every request reaches the database), one request at a time, for a sample
 * of --sample shops: the catalogue's top sellers page, a category page, a text search, its facets and a product
 * page, --requests of each per shop, the two databases alternating --rounds times. Prints per endpoint p50 and the
 * per-shop p95 (median and worst over the sampled shops), the server's CPU ms per request, the database backends'
 * CPU ms per request (/proc of the backends serving the server's pool, so run it as root on the database's machine)
 * and bytes per answer; then the database size and its biggest indexes and tables (pg_relation_size). Drops both
 * databases at the end.
 *
 * The machine is shared (2 cores, other sessions' tests): compare the two databases within a run, prefer the CPU
 * figures to wall-clock ones.
 *
 * --smoke (bench/smoke.mjs): 4 shops × 60 products, 2 sampled shops, 3 requests of each; checks every request was
 * 2xx, every sampled copy answers the template's top page, and the figures are numbers.
 *
 * Usage: node --import tsx bench/scale-bench.mjs --database-url postgres://postgres@127.0.0.1:5432/test
 *        [--shops 1000] [--products 1000] [--sample 20] [--requests 20] [--rounds 2] [--smoke]
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { backendCpuMs, cloneShop, cpuSpent, mb, sizes } from './lib/clone-shops.mjs';
import { runSeed } from './lib/seed.mjs';
import { mintSession, startServer } from './lib/server.mjs';
import { endSmoke, expect, figure, smoke } from './lib/smoke.mjs';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    shops: { type: 'string', default: smoke ? '4' : '1000' },
    products: { type: 'string', default: smoke ? '60' : '1000' },
    sample: { type: 'string', default: smoke ? '2' : '20' },
    requests: { type: 'string', default: smoke ? '3' : '20' },
    rounds: { type: 'string', default: smoke ? '1' : '2' },
    smoke: { type: 'boolean', default: false },
  },
});
const [shops, products, sample, requests, rounds] = ['shops', 'products', 'sample', 'requests', 'rounds'].map(
  (n) => Number(args[n]),
);
const serverUrl = args['database-url'];
if (!serverUrl) {
  console.log('scale-bench: needs --database-url (PostgreSQL on this machine); nothing measured.');
  expect('ran without PostgreSQL', true);
  endSmoke();
  process.exit();
}
const { createPgDatabase, dropDatabase } = await import('../apps/server/src/test/pg-database.ts');
const KEY = 'bench-scale-platform-key-0123456789';
const TERMS = ['arroz', 'chocolate', 'leite integral', 'cafe', 'banana', 'vestido', 'queijo', 'biscoito'];
const CATEGORIES = ['C11', 'C12', 'C21', 'C22', 'C23', 'C30', 'C40'];

/** The endpoints measured: request i of a shop. */
const ENDPOINTS = {
  top: (i) => ({ path: `/api/catalog/top?pageNumber=${1 + (i % 3)}&perPage=20` }),
  category: (i) => ({
    path: '/api/catalog/products/search',
    body: { category: CATEGORIES[i % CATEGORIES.length] },
  }),
  search: (i) => ({
    path: '/api/catalog/products/searchText',
    body: { searchQuery: TERMS[i % TERMS.length] },
  }),
  facets: (i) => ({
    path: `/api/catalog/products/facets?searchQuery=${encodeURIComponent(TERMS[i % TERMS.length])}`,
  }),
  product: (i) => ({ path: `/api/catalog/products/P${1 + ((i * 37) % products)}` }),
};

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
};
const median = (values) => percentile(values, 50);
const round1 = (v) => Number(v.toFixed(1));
const round2 = (v) => Number(v.toFixed(2));

async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** One request; resolves with its time in ms and the bytes of its answer. */
async function call(url, code, { path, body }) {
  const started = performance.now();
  const res = await fetch(`${url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${code}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const bytes = (await res.arrayBuffer()).byteLength;
  return { ms: performance.now() - started, bytes, ok: res.status < 300, status: res.status };
}

/** Serves `database` and measures every endpoint over `slugs`; one row per endpoint. */
async function measure(database, slugs, label) {
  const server = await startServer({
    key: KEY,
    env: {
      DATABASE_URL: database.url,
      CATALOG_CACHE_SECONDS: '0',
      SEED_DEMO: 'false',
      DEFAULT_SHOP: slugs[0],
    },
  });
  const rows = [];
  try {
    const codes = [];
    for (const shop of slugs) codes.push(await mintSession(server.url, KEY, { shop }));
    // Warm-up: every shop's first answers (the pool's connections, the plans, the pages read).
    for (const code of codes)
      for (const next of Object.values(ENDPOINTS)) await call(server.url, code, next(0));
    // Every copy answers what the template answers (the same products, ids rewritten): the copy is whole.
    const names = [];
    for (const code of codes) {
      const res = await fetch(`${server.url}/api/catalog/top?perPage=50`, {
        headers: { authorization: `Bearer ${code}` },
      });
      names.push(JSON.stringify(((await res.json()).data?.data ?? []).map((p) => p.name)));
    }
    expect(
      `${label}: every sampled shop answers the template's top page`,
      names.every((n) => n === names[0]),
    );
    expect(`${label}: the top page has products`, JSON.parse(names[0]).length > 0);
    for (const [endpoint, next] of Object.entries(ENDPOINTS)) {
      const perShop = [];
      const all = [];
      let bytes = 0;
      let failed = 0;
      const backends = await withClient(database.url, (c) => backendCpuMs(c, database.name));
      const cpu = server.cpuMs();
      for (let s = 0; s < codes.length; s++) {
        const times = [];
        for (let i = 1; i <= requests; i++) {
          const r = await call(server.url, codes[s], next(i + s));
          times.push(r.ms);
          bytes += r.bytes;
          if (!r.ok) failed++;
        }
        perShop.push(percentile(times, 95));
        all.push(...times);
      }
      const n = all.length;
      const serverCpu = server.cpuMs() - cpu;
      const dbCpu = cpuSpent(backends, await withClient(database.url, (c) => backendCpuMs(c, database.name)));
      rows.push({
        database: label,
        endpoint,
        'p50 ms': round1(median(all)),
        'p95/shop median': round1(median(perShop)),
        'p95/shop worst': round1(Math.max(...perShop)),
        'server CPU ms/req': round2(serverCpu / n),
        'DB CPU ms/req': round2(dbCpu / n),
        'bytes/req': Math.round(bytes / n),
        failed,
      });
      expect(`${label} ${endpoint}: every request 2xx (${failed} failed)`, failed === 0);
      figure(`${label} ${endpoint} p95`, median(perShop));
    }
  } finally {
    await server.stop();
  }
  return rows;
}

const seed = (url, extra) => runSeed({ databaseUrl: url }, extra, { quiet: true });

// The demo shops and the 'scale' shop are seeded once (the seed CLI), into a database both measured ones copy.
const base = await createPgDatabase(serverUrl, { empty: true, poolSize: 1 });
let one = null;
let many = null;
const results = [];
const report = {};
try {
  let started = Date.now();
  seed(base.url, []);
  seed(base.url, ['--products', String(products), '--shop', 'scale']);
  await base.db.close(); // a database is copied only when nobody is connected to it
  report.seedSeconds = (Date.now() - started) / 1000;
  one = await createPgDatabase(serverUrl, { template: base.name, poolSize: 1 });
  many = await createPgDatabase(serverUrl, { template: base.name, poolSize: 1 });
  await dropDatabase(serverUrl, base.name);
  await one.db.query('analyze');
  started = Date.now();
  const clone = await withClient(many.url, (c) =>
    cloneShop(c, 'scale', shops - 1, {
      onBatch: (done) =>
        !smoke &&
        console.log(`  ${done + 1} / ${shops} shops (${((Date.now() - started) / 1000).toFixed(0)} s)`),
    }),
  );
  report.clone = clone;
  started = Date.now();
  await many.db.query('analyze');
  report.analyzeSeconds = (Date.now() - started) / 1000;
  const [{ n }] = await many.db.query(`select count(*)::int as n from products where shop_id in
      (select id from shops where slug ~ '^scale(-[0-9]+)?$')`);
  report.products = n;
  expect(`${shops} × ${products} products written (got ${n})`, n === shops * products);
  figure('clone seconds', clone.seconds);

  // The sample: the template and copies spread over the range (the last copies included).
  const picks = [
    ...new Set(
      Array.from({ length: sample }, (_, i) => Math.round((i * (shops - 1)) / Math.max(1, sample - 1))),
    ),
  ];
  const manySlugs = picks.map((k) => (k === 0 ? 'scale' : `scale-${k}`));
  const oneSlugs = manySlugs.map(() => 'scale'); // the same number of requests against the 1-shop database
  for (let r = 0; r < rounds; r++) {
    results.push(...(await measure(one, oneSlugs, `1 shop`)).map((row) => ({ round: r + 1, ...row })));
    results.push(
      ...(await measure(many, manySlugs, `${shops} shops`)).map((row) => ({ round: r + 1, ...row })),
    );
  }
  report.sizes = {
    one: await withClient(one.url, (c) => sizes(c)),
    many: await withClient(many.url, (c) => sizes(c)),
  };
  figure('database size', report.sizes.many.database);
} finally {
  await many?.drop();
  await one?.drop();
  await base.db.close().catch(() => {}); // closed already unless the seed failed
  await dropDatabase(serverUrl, base.name);
}

console.log(
  `\nSeed: the demo shops and the template shop ${report.seedSeconds.toFixed(1)} s (seed CLI, copied into both ` +
    `databases); ${shops}-shop database: ${shops - 1} copies in ${report.clone.seconds.toFixed(1)} s ` +
    `(${Object.entries(report.clone.written)
      .map(([t, n]) => `${t} ${n}`)
      .join(', ')}), ANALYZE ` +
    `${report.analyzeSeconds.toFixed(1)} s; ${report.products} products in the scale shops.`,
);
console.table(results);
for (const [name, s] of Object.entries(report.sizes)) {
  console.log(`\n${name === 'one' ? '1-shop' : `${shops}-shop`} database: ${mb(s.database)} MB`);
  console.table([
    ...s.indexes.map((x) => ({ kind: 'index', name: x.name, MB: mb(x.bytes) })),
    ...s.tables.slice(0, 6).map((x) => ({ kind: 'table', name: x.name, MB: mb(x.bytes) })),
  ]);
}
console.log(
  `${sample} sampled shops × ${requests} requests per endpoint, one at a time, catalogue cache off, ${rounds} ` +
    'round(s) alternating. SHARED MACHINE (2 cores, load from other sessions): wall-clock figures are noisy, the ' +
    'CPU columns less so. DB CPU = CPU time of the backends of the server pool (/proc).',
);
endSmoke();
