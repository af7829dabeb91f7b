#!/usr/bin/env node
/**
 * Live order streams (issue 20, docs/decisions/0026): what idle SSE connections cost one instance, and how fast a
 * change made on one instance reaches a stream open on another.
 *
 * 1. Idle cost: an app instance in this process (PGlite, or a throwaway schema of --database-url) with every
 *    database call counted; a child process opens --connections streams of one order (`GET /api/order/{id}/events`,
 *    bearer session) and holds them. Prints the server process's extra RSS and heap once all are open (after GC),
 *    per connection, and the database calls made during --idle seconds with every stream open (a heartbeat
 *    included when idle ≥ 15 s). Target: 10,000 connections < 300 MB extra, 0 calls.
 * 2. Cross-instance latency (needs --database-url): two app instances on one schema; a stream open on B; --changes
 *    quantity changes made through A's HTTP API one after another: p50/p99 of change start → event read by the
 *    client of B, and of the change's own answer on A; then --changes version bumps committed by A's pool: p50/p99 of
 *    statement start → event read on B (the event path alone). Target: p99 ≤ 100 ms.
 *
 * --smoke (bench/smoke.mjs): 20 streams, 1 s idle, 5 changes, and checks every stream opened and every change
 * arrived.
 *
 * Usage (10,000 sockets on each side: raise the open-files limit first):
 *   ulimit -n 20000 && node --expose-gc --import tsx bench/live-sse-bench.mjs \
 *     [--connections 10000] [--idle 20] [--changes 200] [--database-url postgres://…] [--smoke]
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { endSmoke, expect, figure, smoke } from './lib/smoke.mjs';

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: smoke ? '20' : '10000' },
    idle: { type: 'string', default: smoke ? '1' : '20' },
    changes: { type: 'string', default: smoke ? '5' : '200' },
    'database-url': { type: 'string' },
    smoke: { type: 'boolean', default: false },
    client: { type: 'boolean', default: false },
    target: { type: 'string' },
    code: { type: 'string' },
  },
});

/** Child: opens the streams, says 'ready' once each has its hello, then holds them until killed. */
async function client() {
  const n = Number(args.connections);
  const url = new URL(args.target);
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  let ready = 0;
  let failed = 0;
  const open = () =>
    new Promise((resolve) => {
      const req = http.get(
        url,
        { agent, headers: { authorization: `Bearer ${args.code}`, accept: 'text/event-stream' } },
        (res) => {
          if (res.statusCode !== 200) {
            failed++;
            res.resume();
            return resolve();
          }
          let text = '';
          res.setEncoding('utf8');
          const onData = (chunk) => {
            text += chunk;
            if (text.includes('event: hello')) {
              res.off('data', onData);
              res.on('data', () => undefined);
              ready++;
              resolve();
            }
          };
          res.on('data', onData);
        },
      );
      req.on('error', () => {
        failed++;
        resolve();
      });
    });
  for (let i = 0; i < n; i += 200) await Promise.all(Array.from({ length: Math.min(200, n - i) }, open));
  process.stdout.write(`${JSON.stringify({ ready, failed })}\n`);
  setInterval(() => undefined, 1 << 30);
}

if (args.client) {
  await client();
} else {
  process.env.LOG_LEVEL = 'silent';
  const { openDb } = await import('../apps/server/src/db/client.ts');
  const { migrate } = await import('../apps/server/src/db/migrate.ts');
  const { createPgDatabase } = await import('../apps/server/src/test/pg-database.ts');
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { testConfig } = await import('../apps/server/src/test/test-app.ts');
  const { seedDemoWithGifts, mintSession, caller, demoProduct } =
    await import('../apps/server/src/modules/order/order-test-kit.ts');
  const url = args['database-url'];
  // A throwaway database on the server (never the test database's own schema, where the suite's tests look).
  const database = url ? await createPgDatabase(url, { poolSize: 1 }) : null;
  const open = () => openDb(database ? { databaseUrl: database.url, poolSize: 8 } : {});

  const quantiles = (values) => {
    const sorted = [...values].sort((x, y) => x - y);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    return { p50: at(0.5).toFixed(1), p99: at(0.99).toFixed(1), max: sorted.at(-1).toFixed(1) };
  };
  const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      globalThis.gc?.();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  // ---- 1. idle cost on one instance
  const base = await open();
  await migrate(base);
  await seedDemoWithGifts(base);
  let calls = 0;
  const counted = new Proxy(base, {
    get(target, key) {
      if (key === 'query') return (...a) => (calls++, target.query(...a));
      const value = target[key];
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const app = await buildApp({ db: counted, config: testConfig(), logger: false });
  await app.ready();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = app.server.address().port;
  const code = await mintSession(app, { phone: '5511933330033' });
  const orderId = (await caller(app, code).current()).id;
  await settle();
  const before = process.memoryUsage();
  const child = spawn(
    process.execPath,
    [
      fileURLToPath(import.meta.url),
      '--client',
      '--connections',
      args.connections,
      '--target',
      `http://127.0.0.1:${port}/api/order/${orderId}/events`,
      '--code',
      code,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const opened = performance.now();
  const report = await new Promise((resolve) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]));
    });
  });
  const openMs = performance.now() - opened;
  await settle();
  const after = process.memoryUsage();
  calls = 0;
  const idleS = Number(args.idle);
  await new Promise((resolve) => setTimeout(resolve, idleS * 1000));
  const idleCalls = calls;
  const n = report.ready;
  console.log(
    `[${base.kind}] ${n} idle streams open (${report.failed} failed) in ${(openMs / 1000).toFixed(1)} s; ` +
      `bus subscribers ${app.orderEvents.size()}`,
  );
  console.log(
    `  server RSS +${mb(after.rss - before.rss)} MB (${((after.rss - before.rss) / n / 1024).toFixed(1)} KB per connection), ` +
      `heap +${mb(after.heapUsed - before.heapUsed)} MB; database calls during ${idleS} s idle: ${idleCalls}`,
  );
  expect(`${n} of ${args.connections} streams opened`, n === Number(args.connections) && report.failed === 0);
  figure('server RSS per connection', (after.rss - before.rss) / n);
  figure('database calls while idle', idleCalls);
  child.kill('SIGKILL');
  await app.close();
  await base.close();

  // ---- 2. cross-instance latency
  if (!url) {
    console.log('cross-instance latency: skipped (needs --database-url: two instances share one PostgreSQL)');
  } else {
    const dbs = [await open(), await open()];
    const apps = [];
    for (const db of dbs) {
      const instance = await buildApp({ db, config: testConfig(), logger: false });
      await instance.ready();
      await instance.listen({ port: 0, host: '127.0.0.1' });
      apps.push(instance);
    }
    const [onA, onB] = apps;
    const phone = '5511922220022';
    const shopper = await mintSession(onA, { phone });
    const agent = await mintSession(onA, { phone, agent: true });
    const id = (await caller(onA, shopper).current()).id;
    const product = await demoProduct(dbs[0], 'hortifruti', 'p.is_active and not p.sold_in_kilo');
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${onB.server.address().port}/api/order/${id}/events`, {
      headers: { authorization: `Bearer ${shopper}` },
      signal: controller.signal,
    });
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const waiting = [];
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ done: true }));
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (block.includes('event: order')) waiting.shift()?.(performance.now());
        }
      }
    })();
    const endToEnd = [];
    const answers = [];
    const changes = Number(args.changes);
    for (let i = 0; i < changes; i++) {
      const seen = new Promise((resolve) => waiting.push(resolve));
      const started = performance.now();
      const answer = await onA.inject({
        method: 'POST',
        url: '/api/order/items/',
        headers: { authorization: `Bearer ${agent}` },
        payload: { providerId: product, quantity: (i % 20) + 1 },
      });
      if (answer.statusCode !== 200) throw new Error(`change answered ${answer.statusCode}`);
      answers.push(performance.now() - started);
      endToEnd.push((await seen) - started);
    }
    // The same without HTTP on A: a change committed by A's pool (one statement: the version bump the order module
    // makes, by the agent), timed from the statement's start to the event read on B.
    const committed = [];
    for (let i = 0; i < changes; i++) {
      const seen = new Promise((resolve) => waiting.push(resolve));
      const started = performance.now();
      await dbs[0].query(
        `update orders set version = version + 1 where id = $1 and set_config('vitrine.actor', 'agent', true) <> ''`,
        [id],
      );
      committed.push((await seen) - started);
    }
    const d = quantiles(committed);
    const e = quantiles(endToEnd);
    const c = quantiles(answers);
    for (const [label, q] of [
      ['change → event on B', e],
      ['answer on A', c],
      ['commit → event on B', d],
    ])
      figure(`${label} p99`, Number(q.p99));
    console.log(
      `[postgres] ${changes} changes through A → event read on B: p50 ${e.p50} ms, p99 ${e.p99} ms, max ${e.max} ms ` +
        `(the change's own answer on A: p50 ${c.p50} ms, p99 ${c.p99} ms)`,
    );
    console.log(
      `[postgres] ${changes} commits by A's pool → event read on B: p50 ${d.p50} ms, p99 ${d.p99} ms, max ${d.max} ms`,
    );
    controller.abort();
    for (const instance of apps) await instance.close();
    for (const db of dbs) await db.close();
  }
  await database?.drop();
  endSmoke();
  process.exit();
}
