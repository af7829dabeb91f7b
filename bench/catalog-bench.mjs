#!/usr/bin/env node
/**
 * Catalogue benchmark. Quality bars: catalogue page (`GET /api/catalog/top`, category search) ≥ 2,000 req/s on
 * PGlite; text search + facets at 100k products p95 ≤ 50 ms at 50 req/s and ≥ 150 req/s on PGlite.
 *
 * Seeds once into a cached PGlite data dir under .bench/ (lib/seed.mjs: demo shops + `seedBench` with --products
 * products in shop 'bench', then VACUUM ANALYZE), keyed by the migrations and seed sources so a schema change
 * reseeds. Each run copies the cache to a temporary data dir and starts the server there as a child
 * (SEED_DEMO=true is then a no-op), unless --url points at a running server. Sessions are minted through
 * `POST /api/platform/sessions`; autocannon runs from this process:
 *   - max rate, --connections connections for --duration s: top and category pages (demo shop and 100k shop),
 *     searchText, facets, and searchText + facets alternating (100k shop), over rotating categories and terms;
 *   - steady rates, open loop (lib/paced.mjs: Poisson arrivals, latency from each request's due time): category
 *     pages at 1,000 req/s (p99) and searchText + facets alternating at --rate (p95);
 *   - the same two with --queries distinct queries (words, word pairs and one-typo words taken from the 100k
 *     shop's product names) drawn with Zipf's law (s = 1; search traffic's usual shape: a few queries are
 *     frequent, most are rare), so the caches see a realistic share of misses rather than 16 repeated terms.
 * Prints req/s and p50/p95/p99 from every response time. The machine is shared: compare runs, quote medians.
 *
 * With --database-url the server runs on that PostgreSQL database instead, seeded there once (by slug).
 *
 * --smoke (bench/smoke.mjs): 200 products, 2 connections, 20 requests per scenario (no warm-up), 50 queries, and
 * checks every scenario's requests were answered 2xx.
 *
 * Usage: node bench/catalog-bench.mjs [--products 100000] [--connections 32] [--duration 10] [--rate 50]
 *        [--only top,search] [--database-url postgres://…/vitrine_bench]
 *        [--url http://127.0.0.1:3000 --key <PLATFORM_API_KEY>]
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { paced, percentile, prng } from './lib/paced.mjs';
import { runSeed, seededPgliteCache } from './lib/seed.mjs';
import { mintSession as mintBenchSession, startServer as launch } from './lib/server.mjs';
import { endSmoke, expect, figure as checkFigure, loadRun, smoke } from './lib/smoke.mjs';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: smoke ? '200' : '100000' },
    connections: { type: 'string', default: smoke ? '2' : '32' },
    duration: { type: 'string', default: '10' },
    rate: { type: 'string', default: smoke ? '20' : '50' },
    queries: { type: 'string', default: smoke ? '50' : '2000' },
    smoke: { type: 'boolean', default: false },
    only: { type: 'string' },
    url: { type: 'string' },
    'database-url': { type: 'string' },
    key: { type: 'string', default: 'bench-platform-key-0123456789' },
  },
});
const [products, connections, duration, rate] = ['products', 'connections', 'duration', 'rate'].map((n) =>
  Number(args[n]),
);
const only = args.only ? new Set(args.only.split(',')) : null;

const TERMS = [
  'arroz',
  'feijao carioca',
  'chocolate',
  'leite integral',
  'cafe',
  'acucar',
  'banana',
  'vestido',
  'camiseta preta',
  'chocolatte',
  'feijao cariocca',
  'biscoito recheado',
  'sabao em po',
  'cerveja',
  'queijo',
  'iogurte morango',
];
const CATEGORIES = ['C10', 'C11', 'C20', 'C21', 'C22', 'C30', 'C40', 'C41', 'C60', 'C70', 'C71', 'C80'];

/** Seeds the PostgreSQL database of --database-url (a no-op for shops that exist) and analyzes it. */
async function seedPostgres(databaseUrl) {
  runSeed({ databaseUrl }, []);
  runSeed({ databaseUrl }, ['--products', String(products), '--shop', 'bench']);
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('analyze');
  await client.end();
}

async function startServer() {
  const databaseUrl = args['database-url'];
  if (databaseUrl) {
    await seedPostgres(databaseUrl);
    return launch({ key: args.key, env: { DATABASE_URL: databaseUrl } });
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-catalog-bench-'));
  cpSync(seededPgliteCache(products), dataDir, { recursive: true });
  const server = await launch({ key: args.key, dataDir });
  return {
    ...server,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const mintSession = (url, shop, i) =>
  mintBenchSession(url, args.key, { shop, phone: `1196${String(i).padStart(7, '0')}` });

/**
 * `next(n)` at `rate` req/s for --duration s, arriving at random (Poisson) as independent shoppers do, latencies
 * from each request's due time (lib/paced.mjs; autocannon's fixed rate sends each second's requests in a burst).
 */
async function steady(url, codes, next, rate) {
  const requests = Array.from({ length: smoke ? 20 : rate * duration }, (_, i) => {
    const { method = 'GET', path, body } = next(i + 1);
    const headers = { authorization: `Bearer ${codes[(i + 1) % codes.length]}` };
    if (body) headers['content-type'] = 'application/json';
    return { method, path, headers, body: body ? JSON.stringify(body) : undefined };
  });
  const { all: figures } = await paced(url, requests, rate, { arrivals: 'poisson', maxSockets: connections });
  const { statuses: _statuses, ...rest } = figures;
  return rest;
}

/** Runs autocannon at full load with `next(n)` building request n ({ method, path, body }); returns the figures. */
async function run(url, codes, next, extra = {}) {
  let n = 0;
  const latencies = [];
  const tracker = autocannon({
    url,
    connections,
    // A smoke run counts requests (autocannon's `amount`) rather than seconds.
    ...(smoke ? { amount: 20 } : { duration }),
    ...extra,
    requests: [
      {
        setupRequest: (req) => {
          n++;
          const { method = 'GET', path, body } = next(n);
          const headers = { authorization: `Bearer ${codes[n % codes.length]}` };
          if (body) headers['content-type'] = 'application/json';
          return { ...req, method, path, headers, body: body ? JSON.stringify(body) : undefined };
        },
      },
    ],
  });
  tracker.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await tracker;
  latencies.sort((a, b) => a - b);
  const ms = (v) => Number(v.toFixed(1));
  return {
    'req/s': Math.round(result.requests.average),
    requests: result.requests.total,
    p50: ms(percentile(latencies, 50)),
    p95: ms(percentile(latencies, 95)),
    p99: ms(percentile(latencies, 99)),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const term = (n) => TERMS[n % TERMS.length];

/** Up to `count` distinct queries from product names of the 100k shop: words, word pairs, one-typo words. */
async function realisticQueries(url, code, count) {
  const names = [];
  for (const category of CATEGORIES) {
    const res = await fetch(`${url}/api/catalog/products/search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${code}`, 'content-type': 'application/json' },
      body: JSON.stringify({ category, perPage: 100 }),
    });
    if (res.ok) names.push(...(await res.json()).data.data.map((p) => p.name));
  }
  const plain = (w) =>
    w
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  const words = names.map((name) =>
    plain(name)
      .split(/[^a-z]+/)
      .filter((w) => w.length >= 4),
  );
  const random = prng(42);
  const found = new Set();
  for (const list of words) {
    for (const w of list) found.add(w);
    if (list.length >= 2) found.add(`${list[0]} ${list[1]}`);
    const w = list[Math.floor(random() * list.length)];
    if (w) {
      const at = 1 + Math.floor(random() * (w.length - 2));
      found.add(w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2)); // two letters swapped
    }
  }
  const queries = [...found];
  for (let i = queries.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [queries[i], queries[j]] = [queries[j], queries[i]];
  }
  return queries.slice(0, count);
}

/** Draws from `items` by Zipf's law (rank r with weight 1/r), deterministically. */
function zipf(items) {
  const cumulative = [];
  let total = 0;
  for (let r = 1; r <= items.length; r++) cumulative.push((total += 1 / r));
  const random = prng(7);
  return () => {
    const x = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return items[lo];
  };
}
const searchTextOf = (text) => ({
  method: 'POST',
  path: '/api/catalog/products/searchText',
  body: { searchQuery: text },
});
const facetsOf = (text) => ({ path: `/api/catalog/products/facets?searchQuery=${encodeURIComponent(text)}` });
const searchText = (n) => searchTextOf(term(n));
const facets = (n) => facetsOf(term(n));
const categoryPage = (n) => ({
  method: 'POST',
  path: '/api/catalog/products/search',
  body: { category: CATEGORIES[n % CATEGORIES.length] },
});
const scenarios = {
  'top (demo)': { shop: 'hortifruti', next: () => ({ path: '/api/catalog/top' }) },
  'category (demo)': {
    shop: 'hortifruti',
    next: categoryPage,
  },
  'top (100k)': { shop: 'bench', next: () => ({ path: '/api/catalog/top' }) },
  'category (100k)': {
    shop: 'bench',
    next: categoryPage,
  },
  'category (100k) @ 1000 req/s': {
    shop: 'bench',
    next: categoryPage,
    rate: 1000,
  },
  'searchText (100k)': { shop: 'bench', next: searchText },
  'facets (100k)': { shop: 'bench', next: facets },
  'search+facets (100k)': { shop: 'bench', next: (n) => (n % 2 ? searchText(n >> 1) : facets(n >> 1)) },
  [`search+facets (100k) @ ${rate} req/s`]: {
    shop: 'bench',
    next: (n) => (n % 2 ? searchText(n >> 1) : facets(n >> 1)),
    rate,
  },
};

const server = args.url ? { url: args.url, stop: async () => undefined } : await startServer();
try {
  const codes = { hortifruti: [], bench: [] };
  for (const shop of Object.keys(codes))
    for (let i = 0; i < 8; i++)
      codes[shop].push(
        await mintSession(server.url, shop, codes[shop].length + (shop === 'bench' ? 100 : 0)),
      );
  const queries = await realisticQueries(server.url, codes.bench[0], Number(args.queries));
  expect(`queries drawn from the product names (got ${queries.length})`, queries.length > 0);
  const draw = zipf(queries);
  /** searchText and facets of one drawn query, one after the other (what the screen asks for a search). */
  const zipfPair = () => {
    let current = '';
    return (n) => {
      if (n % 2) current = draw();
      return n % 2 ? searchTextOf(current) : facetsOf(current);
    };
  };
  const zipfName = `search+facets (100k, ${queries.length} queries Zipf)`;
  scenarios[zipfName] = { shop: 'bench', next: zipfPair() };
  scenarios[`${zipfName} @ ${rate} req/s`] = {
    shop: 'bench',
    next: zipfPair(),
    rate,
  };
  const results = {};
  for (const [name, s] of Object.entries(scenarios)) {
    if (only && ![...only].some((o) => name.includes(o))) continue;
    if (!smoke) await run(server.url, codes[s.shop], s.next, { duration: 2 }); // warm-up
    results[name] = s.rate
      ? await steady(server.url, codes[s.shop], s.next, s.rate)
      : await run(server.url, codes[s.shop], s.next);
    loadRun(name, results[name]);
    checkFigure(`${name} p95`, results[name].p95);
    console.log(name.padEnd(36), JSON.stringify(results[name]));
  }
  console.table(results);
  const figure = (name, key) => results[name]?.[key];
  const check = (value, ok) => (value === undefined ? 'n/a' : ok(value) ? 'ok' : 'MISSED');
  const page = Math.min(
    figure('top (demo)', 'req/s') ?? Infinity,
    figure('category (demo)', 'req/s') ?? Infinity,
  );
  console.log(
    `catalogue page ≥ 2000 req/s: ${check(Number.isFinite(page) ? page : undefined, (v) => v >= 2000)}`,
  );
  console.log(
    `category page p99 ≤ 10 ms at 1000 req/s: ${check(figure('category (100k) @ 1000 req/s', 'p99'), (v) => v <= 10)}`,
  );
  console.log(
    `search + facets ≥ 150 req/s: ${check(figure('search+facets (100k)', 'req/s'), (v) => v >= 150)}`,
  );
  const p95 = figure(`search+facets (100k) @ ${rate} req/s`, 'p95');
  console.log(`search + facets p95 ≤ 50 ms at ${rate} req/s: ${check(p95, (v) => v <= 50)}`);
  const zipfRate = figure(zipfName, 'req/s');
  const zipfP95 = figure(`${zipfName} @ ${rate} req/s`, 'p95');
  console.log(
    `${queries.length} queries (Zipf): ≥ 150 req/s: ${check(zipfRate, (v) => v >= 150)}; p95 ≤ 50 ms at ${rate} req/s: ${check(zipfP95, (v) => v <= 50)}`,
  );
} finally {
  await server.stop();
}
endSmoke();
