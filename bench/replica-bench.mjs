#!/usr/bin/env node
/**
 * Read-replica bench (issue 40, docs/decisions/0060-read-replicas.md): storefront catalogue reads (top-seller pages
 * and product pages of a --products shop, CATALOG_CACHE_SECONDS=0 so every request reaches the database) served by
 * one server on the primary alone, then by one server with DATABASE_READ_URLS naming a real hot standby of it
 * (apps/server/src/test/pg-replica.ts: pg_basebackup of the --database-url server, on this machine), alternated
 * --rounds times (and, when redis-server is installed, a third setup with REDIS_URL: the read-your-writes marks in
 * Redis instead of on the primary). Prints req/s, p50/p99, the server's CPU per request and the transactions per request each
 * database ran (pg_stat_database), so the share taken off the primary shows.
 *
 * On one machine this measures the replica's OVERHEAD, not scaling: the primary, the replica and the server share
 * the same cores, so moving reads to a replica cannot add capacity here; it shows what the routing costs per
 * request (the mark lookup on the primary, a second pool) and that the reads leave the primary.
 *
 * Needs PostgreSQL on this machine (a throwaway database on --database-url's server, dropped after; the replica is
 * removed after). --smoke (bench/smoke.mjs): 100 products, 2 connections, 40 requests per phase, one round; checks
 * every request answered 2xx and that the replica served reads. Without --database-url it says so and measures
 * nothing (smoke: one check).
 *
 * Usage: node --import tsx bench/replica-bench.mjs --database-url postgres://postgres@127.0.0.1:5432/test
 *        [--products 2000] [--connections 16] [--duration 8] [--rounds 2] [--smoke]
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { percentile } from './lib/paced.mjs';
import { runSeed } from './lib/seed.mjs';
import { freePort, mintSession, startServer } from './lib/server.mjs';
import { endSmoke, expect, figure, loadRun, smoke } from './lib/smoke.mjs';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    products: { type: 'string', default: smoke ? '100' : '2000' },
    connections: { type: 'string', default: smoke ? '2' : '16' },
    duration: { type: 'string', default: '8' },
    rounds: { type: 'string', default: smoke ? '1' : '2' },
    smoke: { type: 'boolean', default: false },
  },
});
const KEY = 'bench-replica-platform-key-0123456789';
const [products, connections, duration, rounds] = ['products', 'connections', 'duration', 'rounds'].map((n) =>
  Number(args[n]),
);
const serverUrl = args['database-url'];
if (!serverUrl) {
  console.log('replica-bench: needs --database-url (PostgreSQL on this machine); nothing measured.');
  expect('ran without PostgreSQL', true);
  endSmoke();
  process.exit();
}

const { createPgDatabase } = await import('../apps/server/src/test/pg-database.ts');
const { startPgReplica } = await import('../apps/server/src/test/pg-replica.ts');
const { startRedis, stopRedis } = await import('../apps/server/src/test/redis-server.ts');

/** Transactions committed so far in `database` on the server of `url` (its own counter on a standby). */
async function commits(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select xact_commit::bigint as n from pg_stat_database where datname = current_database()',
    );
    return Number(rows[0].n);
  } finally {
    await client.end();
  }
}

/** Catalogue reads at full rate: top-seller pages and product pages, alternating, over rotating sessions. */
async function load(url, codes) {
  let n = 0;
  const latencies = [];
  const tracker = autocannon({
    url,
    connections,
    ...(smoke ? { amount: 40 } : { duration }),
    requests: [
      {
        setupRequest: (req) => {
          n++;
          const path =
            n % 2
              ? `/api/catalog/top?pageNumber=${n % 5}&perPage=10`
              : `/api/catalog/products/P${1 + (n % products)}`;
          return { ...req, path, headers: { authorization: `Bearer ${codes[n % codes.length]}` } };
        },
      },
    ],
  });
  tracker.on('response', (_c, _s, _b, ms) => latencies.push(ms));
  const result = await tracker;
  latencies.sort((a, b) => a - b);
  return {
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: Number(percentile(latencies, 50).toFixed(1)),
    p99: Number(percentile(latencies, 99).toFixed(1)),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

const database = await createPgDatabase(serverUrl, { empty: true, poolSize: 1 });
let replica = null;
let redis = null;
const rows = [];
try {
  runSeed({ databaseUrl: database.url }, [], { quiet: true });
  runSeed({ databaseUrl: database.url }, ['--products', String(products), '--shop', 'bench'], {
    quiet: true,
  });
  await database.db.query('analyze');
  replica = await startPgReplica(serverUrl); // after the seed: the base backup copies it
  const replicaUrl = replica.urlOf(database.name);
  const setups = {
    'primary alone': { DATABASE_URL: database.url },
    'primary + 1 replica': { DATABASE_URL: database.url, DATABASE_READ_URLS: replicaUrl },
  };
  // With Redis the marks (and the rate limits' counters) live there: a read costs the primary nothing.
  const redisPort = await freePort();
  redis = smoke ? null : await startRedis(redisPort).catch(() => null); // the suite covers it; smoke stays short
  if (redis)
    setups['replica, marks in Redis'] = {
      ...setups['primary + 1 replica'],
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    };
  for (let round = 0; round < rounds; round++) {
    for (const [name, extra] of Object.entries(setups)) {
      const server = await startServer({
        key: KEY,
        env: { ...extra, CATALOG_CACHE_SECONDS: '0', SEED_DEMO: 'false' },
      });
      let run;
      let health;
      let cpu;
      let before;
      try {
        if (extra.DATABASE_READ_URLS) {
          for (let i = 0; i < 100; i++) {
            health = await (await fetch(`${server.url}/healthz`)).json();
            if (health.replicas?.[0]?.state === 'ok') break;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
        const codes = [];
        for (let i = 0; i < 8; i++) codes.push(await mintSession(server.url, KEY, { shop: 'bench' }));
        before = { primary: await commits(database.url), replica: await commits(replicaUrl) };
        const cpuBefore = server.cpuMs();
        run = await load(server.url, codes);
        cpu = server.cpuMs() - cpuBefore;
        health = await (await fetch(`${server.url}/healthz`)).json();
      } finally {
        await server.stop(); // its connections close: their statistics are flushed
      }
      const after = { primary: await commits(database.url), replica: await commits(replicaUrl) };
      const per = (v) => Number((v / Math.max(1, run.requests)).toFixed(2));
      rows.push({
        round: round + 1,
        setup: name,
        'req/s': run.rps,
        'p50 ms': run.p50,
        'p99 ms': run.p99,
        'server CPU ms/req': per(cpu),
        'primary xact/req': per(after.primary - before.primary - 1), // less the counter read itself
        'replica xact/req': per(after.replica - before.replica - 1),
        'replica state': health.replicas?.[0]?.state ?? '—',
        failed: run.non2xx + run.errors + run.timeouts,
      });
      loadRun(`${name}, round ${round + 1}`, run);
      figure(`${name} req/s`, run.rps);
      if (extra.DATABASE_READ_URLS)
        expect(
          `the replica served reads (${health.replicas?.[0]?.reads ?? 0})`,
          health.replicas?.[0]?.reads > 0,
        );
    }
  }
} finally {
  if (redis) await stopRedis(redis);
  await replica?.destroy();
  await database.drop();
}

console.table(rows);
console.log(
  `${products} products, ${connections} connections, ${smoke ? '40 requests' : `${duration} s`} per phase, ` +
    `${rounds} round(s) alternating; catalogue cache off.\n` +
    'OVERHEAD, NOT SCALING: primary, replica and server share this machine (2 cores here), so a replica adds no ' +
    'capacity on it; what shows is the routing cost per request and the reads leaving the primary (primary ' +
    'xact/req). With the replica on its own machine its CPU is added capacity. "marks in Redis": REDIS_URL set, ' +
    "which also moves the rate limits' counters to Redis (a call per request of its own).",
);
endSmoke();
