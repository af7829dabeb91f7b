#!/usr/bin/env node
/**
 * Add-to-cart benchmark (quality bar: ≥ 1,000 req/s on PGlite; p99 ≤ 30 ms at 500 req/s).
 *
 * Starts the server in a child process (PGlite in a fresh temporary data dir, demo seed) unless --url points at
 * a running one, mints --sessions contact sessions through the platform API, picks active unrestricted products
 * of the 'hortifruti' demo shop, then drives `POST /api/order/items/` with autocannon from this process:
 *   1. throughput: --connections connections for --duration seconds, as fast as the server answers;
 *   2. fixed rate: --rate req/s for --duration seconds. autocannon's rate limit lets each connection send its
 *      per-second quota as fast as the server answers and then wait for the next second, so this measures
 *      bursts 32 requests deep, not a steady load;
 *   3. paced: the same --rate with requests sent at even intervals (open loop, up to --connections keep-alive
 *      sockets from Node's http), each latency taken from the moment the request was due (no coordinated
 *      omission): the latency of a steady --rate req/s.
 * Every request is one session (round robin) setting a random product to a random quantity 1–5, so carts grow
 * to at most --products lines. A reference run of `GET /api/shop/settings` (session lookup + one query) in the
 * same process shows what any authenticated call reaches on the machine at that moment, and the server's own CPU
 * time per request (Linux /proc, spawned server only) gives a ceiling that does not depend on other load. Prints req/s, p50/p95/p99 (from every response time, not the histogram buckets)
 * and non-2xx counts. The machine is shared: compare runs on the same machine, and quote medians.
 *
 * With --database-url the server runs on that PostgreSQL database (seeded with the demo shops on first use).
 *
 * --smoke (bench/smoke.mjs): 4 sessions, 3 products, 2 connections, 30 requests per run (a paced second at 20 req/s),
 * and checks every request was answered 2xx.
 *
 * Usage: node bench/order-bench.mjs [--database-url postgres://…] [--sessions 200] [--products 40] [--connections 32] [--duration 10]
 *        [--rate 500] [--url http://127.0.0.1:3000 --key <PLATFORM_API_KEY>] [--shop hortifruti] [--smoke]
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { paced, percentile } from './lib/paced.mjs';
import { mintSession, startServer } from './lib/server.mjs';
import { endSmoke, figure, loadRun, smoke } from './lib/smoke.mjs';

const { values: args } = parseArgs({
  options: {
    sessions: { type: 'string', default: smoke ? '4' : '200' },
    products: { type: 'string', default: smoke ? '3' : '40' },
    connections: { type: 'string', default: smoke ? '2' : '32' },
    duration: { type: 'string', default: smoke ? '1' : '10' },
    rate: { type: 'string', default: smoke ? '20' : '500' },
    smoke: { type: 'boolean', default: false },
    url: { type: 'string' },
    'database-url': { type: 'string' },
    key: { type: 'string', default: 'bench-platform-key-0123456789' },
    shop: { type: 'string', default: 'hortifruti' },
  },
});
const [sessions, productCount, connections, duration, rate] = [
  'sessions',
  'products',
  'connections',
  'duration',
  'rate',
].map((name) => Number(args[name]));

async function mintSessions(url) {
  const codes = [];
  for (let i = 0; i < sessions; i++) {
    codes.push(
      await mintSession(url, args.key, { shop: args.shop, phone: `1197${String(i).padStart(7, '0')}` }),
    );
  }
  return codes;
}

/** Active, unrestricted products without variants, found through the product detail API (P1001, P1002, …). */
async function pickProducts(url, code) {
  const picked = [];
  for (let n = 1001; picked.length < productCount && n < 1600; n++) {
    const res = await fetch(`${url}/api/catalog/products/P${n}`, {
      headers: { authorization: `Bearer ${code}` },
    });
    if (!res.ok) continue;
    const p = (await res.json()).data;
    if (p.isActive && !p.isRestrictedSale && !p.hasVariants) picked.push(p.providerId);
  }
  if (picked.length === 0) throw new Error('no products to add');
  return picked;
}

/** One add-to-cart request: session n (round robin) sets a product to a quantity 1–5. */
function addToCart(codes, products) {
  let n = 0;
  return (req) => {
    n++;
    const product = products[(n * 7919) % products.length];
    return {
      ...req,
      method: 'POST',
      path: '/api/order/items/',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${codes[n % codes.length]}` },
      body: JSON.stringify({ providerId: product, quantity: 1 + (n % 5) }),
    };
  };
}

/** Reference call for the same run: an authenticated GET of the shop settings (session lookup + one query). */
function shopSettings(codes) {
  let n = 0;
  return (req) => ({
    ...req,
    method: 'GET',
    path: '/api/shop/settings',
    headers: { authorization: `Bearer ${codes[n++ % codes.length]}` },
  });
}

async function run(url, setupRequest, extra) {
  const latencies = [];
  const cpuBefore = server.cpuMs?.();
  // A smoke run counts requests (autocannon's `amount`) rather than seconds.
  const size = smoke ? { amount: 30 } : { duration };
  const tracker = autocannon({ url, connections, ...size, ...extra, requests: [{ setupRequest }] });
  tracker.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await tracker;
  latencies.sort((a, b) => a - b);
  const ms = (v) => Number(v.toFixed(2));
  return {
    reqPerSec: Math.round(result.requests.average),
    requests: result.requests.total,
    p50: ms(percentile(latencies, 50)),
    p95: ms(percentile(latencies, 95)),
    p99: ms(percentile(latencies, 99)),
    max: ms(latencies.at(-1) ?? NaN),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    serverCpuMsPerReq:
      cpuBefore === undefined ? null : ms((server.cpuMs() - cpuBefore) / result.requests.total),
  };
}

const server = args.url
  ? { url: args.url, stop: async () => undefined }
  : await startServer({
      key: args.key,
      env: args['database-url'] ? { DATABASE_URL: args['database-url'] } : {},
    });
try {
  const codes = await mintSessions(server.url);
  const products = await pickProducts(server.url, codes[0]);
  console.log(
    `${codes.length} sessions, ${products.length} products, ${connections} connections, ${duration} s`,
  );
  if (!smoke) await run(server.url, addToCart(codes, products), { duration: 2 }); // warm-up (JIT, caches)
  const baseline = await run(server.url, shopSettings(codes), {});
  const throughput = await run(server.url, addToCart(codes, products), {});
  const fixed = await run(server.url, addToCart(codes, products), { overallRate: rate });
  const next = addToCart(codes, products);
  const {
    all: { statuses: _statuses, ...steady },
  } = await paced(
    server.url,
    Array.from({ length: rate * duration }, () => next({})),
    rate,
    { maxSockets: connections },
  );
  const table = {
    [`reference: GET /api/shop/settings (${connections} conn)`]: baseline,
    [`POST /api/order/items/ max rate (${connections} conn)`]: throughput,
    [`POST /api/order/items/ fixed ${rate} req/s (autocannon)`]: fixed,
    [`POST /api/order/items/ paced ${rate} req/s (even)`]: steady,
  };
  console.table(table);
  for (const [name, result] of Object.entries(table)) {
    loadRun(name, result);
    figure(`${name} p99`, result.p99);
  }
  if (throughput.serverCpuMsPerReq) {
    const ceiling = Math.round(1000 / throughput.serverCpuMsPerReq);
    console.log(
      `server CPU per add-to-cart: ${throughput.serverCpuMsPerReq} ms → ≈ ${ceiling} req/s on one free core`,
    );
  }
  const verdict = (ok) => (ok ? 'ok' : 'MISSED');
  console.log(
    `target ≥ 1000 req/s: ${verdict(throughput.reqPerSec >= 1000)}; p99 ≤ 30 ms at ${rate} req/s: ` +
      `autocannon ${verdict(fixed.p99 <= 30)}, paced ${verdict(steady.p99 <= 30)}`,
  );
} finally {
  await server.stop();
}
endSmoke();
