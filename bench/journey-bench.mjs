#!/usr/bin/env node
/**
 * A shopper's journey, step by step, on PostgreSQL (issue 40: the inputs of docs/capacity.md). --journeys times, one
 * request at a time: the chatbot platform opens a session (`POST /api/platform/sessions`), the link's first view
 * (`/catalog?shop=…`, HTML), the top sellers page, a category page, a product page, two adds to cart, the cart,
 * then --confirm-every'th journey confirms. Per step: the server's CPU ms per request (/proc of the server), the
 * database's (/proc of the backends serving the server's pool — run as root on the database's machine), bytes per
 * answer, p50. CATALOG_CACHE_SECONDS=0: every catalogue request reaches the database (the cache's hits are a saving
 * the plan does not count on). The machine is shared: the CPU columns are the figures to use, not the times.
 *
 * --smoke (bench/smoke.mjs): 4 journeys, every one confirmed; checks every step answered 2xx.
 *
 * Usage: node --import tsx bench/journey-bench.mjs --database-url postgres://postgres@127.0.0.1:5432/test
 *        [--journeys 200] [--confirm-every 4] [--smoke]
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { backendCpuMs, cpuSpent } from './lib/clone-shops.mjs';
import { startServer } from './lib/server.mjs';
import { endSmoke, expect, figure, smoke } from './lib/smoke.mjs';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    journeys: { type: 'string', default: smoke ? '4' : '200' },
    'confirm-every': { type: 'string', default: smoke ? '1' : '4' },
    smoke: { type: 'boolean', default: false },
  },
});
const journeys = Number(args.journeys);
const confirmEvery = Number(args['confirm-every']);
if (!args['database-url']) {
  console.log('journey-bench: needs --database-url (PostgreSQL on this machine); nothing measured.');
  expect('ran without PostgreSQL', true);
  endSmoke();
  process.exit();
}
const { createPgDatabase } = await import('../apps/server/src/test/pg-database.ts');
const KEY = 'bench-journey-platform-key-0123456789';
const SHOP = 'hortifruti';
const PRODUCTS = ['P1001', 'P1002', 'P1003', 'P1004', 'P1005', 'P1006', 'P1007', 'P1008'];

const database = await createPgDatabase(args['database-url'], { poolSize: 1 });
const admin = new pg.Client({ connectionString: database.url });
await admin.connect();
const server = await startServer({
  key: KEY,
  env: { DATABASE_URL: database.url, CATALOG_CACHE_SECONDS: '0', TRUST_PROXY: 'true' },
});
const steps = new Map();
try {
  /** Sends one request as step `name`, adding its costs to the step's totals; resolves with the parsed answer. */
  const step = async (name, path, { method = 'GET', code, key, body, address } = {}) => {
    const backends = await backendCpuMs(admin, database.name);
    const cpu = server.cpuMs();
    const started = performance.now();
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(code || key ? { authorization: `Bearer ${code ?? key}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(address ? { 'x-forwarded-for': address } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    const ms = performance.now() - started;
    const serverCpu = server.cpuMs() - cpu;
    const dbCpu = cpuSpent(backends, await backendCpuMs(admin, database.name));
    if (!steps.has(name)) steps.set(name, { n: 0, serverCpu: 0, dbCpu: 0, bytes: 0, times: [], failed: 0 });
    const s = steps.get(name);
    s.n++;
    s.serverCpu += serverCpu;
    s.dbCpu += dbCpu;
    s.bytes += Buffer.byteLength(text);
    s.times.push(ms);
    if (res.status >= 300) {
      s.failed++;
      if (smoke) console.error(`${name}: ${res.status} ${text.slice(0, 200)}`);
    }
    try {
      return JSON.parse(text);
    } catch {
      return null;
    }
  };
  for (let j = 0; j < journeys; j++) {
    const address = `10.${(j >> 16) & 255}.${(j >> 8) & 255}.${j & 255}`; // its own rate-limit bucket
    const opened = await step('open (platform API)', '/api/platform/sessions', {
      method: 'POST',
      key: KEY,
      body: {
        shop: SHOP,
        sessionType: 'contact',
        channelType: 'whatsapp',
        contact: { name: 'Cliente Jornada', phone: `1197${String(j).padStart(7, '0')}` },
      },
    });
    const code = opened?.data?.code;
    await step('first view (HTML)', `/catalog?shop=${SHOP}`, { address });
    await step('catalogue top', '/api/catalog/top?pageNumber=1&perPage=20', { code, address });
    await step('category page', '/api/catalog/products/search', {
      method: 'POST',
      code,
      address,
      body: { category: ['C11', 'C21', 'C22', 'C23'][j % 4] },
    });
    await step('product page', `/api/catalog/products/${PRODUCTS[j % PRODUCTS.length]}`, { code, address });
    for (const k of [0, 1])
      await step('add to cart', '/api/order/items/', {
        method: 'POST',
        code,
        address,
        body: { providerId: PRODUCTS[(j + k * 3) % PRODUCTS.length], quantity: 20 },
      });
    await step('cart', '/api/order/current', { code, address });
    if (j % confirmEvery === 0) await step('confirm', '/api/order/confirm', { code, address });
  }
} finally {
  await server.stop();
  await admin.end();
  await database.drop();
}

const rows = [...steps].map(([name, s]) => {
  const sorted = [...s.times].sort((a, b) => a - b);
  return {
    step: name,
    requests: s.n,
    'p50 ms': Number(sorted[Math.floor(sorted.length / 2)].toFixed(1)),
    'server CPU ms/req': Number((s.serverCpu / s.n).toFixed(2)),
    'DB CPU ms/req': Number((s.dbCpu / s.n).toFixed(2)),
    'bytes/req': Math.round(s.bytes / s.n),
    failed: s.failed,
  };
});
for (const row of rows) {
  expect(`${row.step}: every request 2xx (${row.failed} failed)`, row.failed === 0);
  figure(`${row.step} server CPU`, row['server CPU ms/req']);
}
console.table(rows);
console.log(
  `${journeys} journeys of shop '${SHOP}' (demo seed), one request at a time, 1 in ${confirmEvery} confirmed; ` +
    'catalogue cache off. SHARED MACHINE (2 cores, load from other sessions): use the CPU columns, not the times. ' +
    "DB CPU = the server pool's backends (/proc), 10 ms ticks summed over many requests.",
);
endSmoke();
