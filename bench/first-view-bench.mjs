#!/usr/bin/env node
/**
 * The server's first view (docs/decisions/0019): the document's size on the wire and the req/s of the HTML route
 * next to a cached catalogue API call. Bars: document ≤ 14 KB compressed; a first view costs about what a cached
 * API call costs.
 *
 * Starts the server (PGlite, demo seed; the web build must exist: `npm run build -w apps/web`) unless --url is
 * given, and runs autocannon, --connections connections for --duration s, on:
 *   - `GET /catalog?shop=hortifruti` and `GET /product/P1001?shop=hortifruti` (Accept-Encoding: br, gzip), the
 *     first views;
 *   - `GET /api/catalog/top?pageNumber=0&perPage=10` with a contact's bearer, the same page as JSON.
 *
 * --smoke (bench/smoke.mjs): 2 connections, 30 requests per run, no warm-up, and checks every figure and answer.
 *
 * Usage: node bench/first-view-bench.mjs [--connections 32] [--duration 10] [--url http://127.0.0.1:3000 --key …]
 *        [--smoke]
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { mintSession, startServer } from './lib/server.mjs';
import { endSmoke, figure, loadRun, smoke } from './lib/smoke.mjs';

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: smoke ? '2' : '32' },
    duration: { type: 'string', default: '10' },
    smoke: { type: 'boolean', default: false },
    url: { type: 'string' },
    key: { type: 'string', default: 'bench-platform-key-0123456789' },
  },
});
const server = args.url
  ? { url: args.url, stop: async () => undefined }
  : await startServer({ key: args.key });

const run = (path, headers) =>
  new Promise((resolve, reject) =>
    autocannon(
      {
        url: `${server.url}${path}`,
        headers,
        connections: Number(args.connections),
        ...(smoke ? { amount: 30 } : { duration: Number(args.duration) }),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
const figures = (result) => ({
  requests: result.requests.total,
  'req/s': Math.round(result.requests.average),
  p50: result.latency.p50,
  p99: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors,
});

try {
  const code = await mintSession(server.url, args.key);
  const page = '/catalog?shop=hortifruti';
  const product = '/product/P1001?shop=hortifruti';
  for (const path of [page, product]) {
    const sizes = {};
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await fetch(`${server.url}${path}`, { headers: { 'accept-encoding': encoding } });
      if (!res.ok || !res.headers.get('etag')?.startsWith('"fv-'))
        throw new Error(`no first view for ${path}: ${res.status}`);
      await res.arrayBuffer(); // fetch decodes the body: the size on the wire is its content-length
      sizes[encoding] = Number(res.headers.get('content-length'));
      figure(`${path} ${encoding} size`, sizes[encoding]);
    }
    console.log(
      `first-view document ${path}: ${(sizes.br / 1024).toFixed(1)} KB br, ${(sizes.gzip / 1024).toFixed(1)} KB gzip, ` +
        `${(sizes.identity / 1024).toFixed(1)} KB raw — ≤ 14 KB compressed: ${sizes.br <= 14 * 1024 ? 'ok' : 'MISSED'}`,
    );
  }
  const results = {};
  for (const [name, path, headers] of [
    ['first view (HTML, br)', page, { 'accept-encoding': 'br, gzip' }],
    ['product first view (HTML, br)', product, { 'accept-encoding': 'br, gzip' }],
    [
      'top sellers (API, cached)',
      '/api/catalog/top?pageNumber=0&perPage=10',
      {
        authorization: `Bearer ${code}`,
        'accept-encoding': 'br, gzip',
      },
    ],
  ]) {
    if (!smoke) await run(path, headers); // warm-up
    results[name] = figures(await run(path, headers));
    loadRun(name, results[name]);
    figure(`${name} p99`, results[name].p99);
    console.log(name.padEnd(30), JSON.stringify(results[name]));
  }
  console.table(results);
} finally {
  await server.stop();
}
endSmoke();
