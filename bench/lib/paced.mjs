/**
 * Open-loop load at a fixed rate: each request is sent when it is due, whatever the answers before it did, over
 * keep-alive sockets from Node's http, and its latency is taken from the moment it was due (no coordinated
 * omission: a slow answer or a late timer counts against the server, not off the clock).
 *
 * Why not autocannon's `overallRate`: it gives each connection a quota per second and resets every quota on one
 * 1 s timer, so a "50 req/s" run sends its 50 requests back to back at the start of each second and waits for the
 * rest of it. Against a one-thread server taking 5 ms per request (25 % busy at 50 req/s), autocannon 9 with 16
 * connections answered p50 82 ms / p95 85 ms, with 243 of 254 requests arriving in the first 300 ms of their second
 * (docs/decisions/0072): it measures a burst of 16 at once, not a steady rate.
 *
 * Arrivals: 'even' (one every 1/rate s) or 'poisson' (independent arrivals at that mean rate, as shoppers who do
 * not know of each other; exponential gaps from a seeded generator, so every run draws the same gaps).
 */
import http from 'node:http';

export const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
const ms = (v) => Number(v.toFixed(2));

/** Deterministic PRNG (mulberry32) in [0, 1). */
export function prng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Due times (ms from the start) of `count` requests at `rate` req/s. */
function dueTimes(count, rate, arrivals, seed) {
  if (arrivals === 'even') return Array.from({ length: count }, (_, i) => (i * 1000) / rate);
  const random = prng(seed);
  const times = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    times.push(at);
    at += (-Math.log(1 - random()) * 1000) / rate;
  }
  return times;
}

/**
 * Sends `requests` ({ tag?, method, path, headers, body }) at `rate` req/s and answers the figures per tag
 * (untagged requests count as 'all'): the tag's share of the offered rate, requests, p50/p95/p99/max ms, non-2xx answers,
 * errors and the answers' statuses.
 */
export async function paced(url, requests, rate, { arrivals = 'even', seed = 7, maxSockets = 64 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const byTag = new Map();
  const of = (tag) => {
    if (!byTag.has(tag)) byTag.set(tag, { latencies: [], statuses: new Map(), errors: 0 });
    return byTag.get(tag);
  };
  const send = (request, due) =>
    new Promise((done) => {
      const { tag = 'all', method = 'GET', path, headers, body } = request;
      const req = http.request(`${url}${path}`, { method, headers, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          const statuses = of(tag).statuses;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          of(tag).latencies.push(performance.now() - due);
          done();
        });
      });
      req.on('error', () => {
        of(tag).errors++;
        done();
      });
      req.end(body);
    });
  const times = dueTimes(requests.length, rate, arrivals, seed);
  const start = performance.now() + 10;
  const pending = [];
  for (const [i, request] of requests.entries()) {
    const due = start + times[i];
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(send(request, due));
  }
  await Promise.all(pending);
  agent.destroy();
  const figures = {};
  for (const [tag, { latencies, statuses, errors }] of byTag) {
    latencies.sort((a, b) => a - b);
    figures[tag] = {
      'req/s': Math.round((rate * requests.filter((r) => (r.tag ?? 'all') === tag).length) / requests.length),
      requests: latencies.length,
      p50: ms(percentile(latencies, 50)),
      p95: ms(percentile(latencies, 95)),
      p99: ms(percentile(latencies, 99)),
      max: ms(latencies.at(-1) ?? NaN),
      non2xx: [...statuses].filter(([s]) => s < 200 || s > 299).reduce((n, [, c]) => n + c, 0),
      errors,
      statuses: Object.fromEntries(statuses),
    };
  }
  return figures;
}
