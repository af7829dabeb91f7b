#!/usr/bin/env node
/**
 * WhatsApp webhook acknowledgement (issue 33: "acknowledge within 200 ms and process from the outbox/queue"; Meta
 * retries a receiver that answers slowly). An app instance in this process (PGlite from the tests' migrated template,
 * or a throwaway schema of --database-url) with a shop whose WhatsApp number is Meta's example `phone_number_id`;
 * --requests signed status notifications (`X-Hub-Signature-256`, each a `delivered` status of its own message, as
 * Meta sends them) are posted over keep-alive HTTP at --rate req/s, paced (open loop: each latency is taken from the
 * moment its request was due). Prints p50/p95/p99/max of the answer (signature check, parse, one queued row per
 * change) against the 200 ms bar, then the time the outbox worker takes to process what was queued.
 * The client runs in the same process as the server, so the figures are an upper bound of the server's own.
 *
 * --smoke (bench/smoke.mjs): 20 requests at 20 req/s; checks every answer was 200 and every change was queued.
 *
 * Usage: node --import tsx bench/whatsapp-webhook-bench.mjs [--requests 2000] [--rate 100] [--database-url postgres://…] [--smoke]
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { endSmoke, expect, figure, smoke } from './lib/smoke.mjs';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: smoke ? '20' : '2000' },
    rate: { type: 'string', default: smoke ? '20' : '100' },
    'database-url': { type: 'string' },
    smoke: { type: 'boolean', default: false },
  },
});
const requests = Number(args.requests);
const rate = Number(args.rate);
const APP_SECRET = 'bench-meta-app-secret';
const NUMBER = '106540352242922'; // the phone_number_id of Meta's examples

process.env.LOG_LEVEL = 'silent';
if (args['database-url']) process.env.TEST_DATABASE_URL = args['database-url'];
const { createTestDb } = await import('../apps/server/src/test/test-db.ts');
const { buildApp } = await import('../apps/server/src/app.ts');
const { testConfig } = await import('../apps/server/src/test/test-app.ts');
const { insertShop } = await import('../apps/server/src/test/fixtures.ts');
const { saveShopChannel } = await import('../apps/server/src/modules/messaging/channel-registry.ts');
const { drainOutbox } = await import('../apps/server/src/modules/outbox/worker.ts');
const { fakeRegistry } = await import('../apps/server/src/adapters/channels/fake-channel.ts');
const { whatsAppWebhookJobs } = await import('../apps/server/src/flows/messages/whatsapp-webhook.ts');

const url = args['database-url'];
const { db, drop } = await createTestDb(url ? 'postgres' : 'pglite'); // migrated (PGlite from the tests' template)
const base = testConfig();
const config = { ...base, messaging: { ...base.messaging, whatsappAppSecret: APP_SECRET } };
const shop = await insertShop(db, 'bench-wa');
await saveShopChannel(
  db,
  config.messaging.credentialsKey,
  shop,
  'whatsapp',
  { phoneNumberId: NUMBER },
  'EAAG-x',
);
const app = await buildApp({ db, config, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address();

/** A `delivered` status of message n, as Meta's `StatusMessageValue` has it. */
function notification(n) {
  const value = {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: '15550783881', phone_number_id: NUMBER },
    statuses: [
      {
        id: `wamid.BENCH${n}`,
        status: 'delivered',
        timestamp: String(Math.floor(Date.now() / 1000)),
        recipient_id: '5511999990001',
      },
    ],
  };
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: '419561257915477', changes: [{ field: 'messages', value }] }],
  });
  const signature = `sha256=${createHmac('sha256', APP_SECRET).update(body).digest('hex')}`;
  return { body, signature };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
function post({ body, signature }) {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/webhooks/whatsapp',
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-hub-signature-256': signature,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

const payloads = Array.from({ length: requests }, (_, n) => notification(n));
const latencies = [];
let failed = 0;
const started = performance.now();
await Promise.all(
  payloads.map(async (payload, n) => {
    const due = started + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const status = await post(payload);
    latencies.push(performance.now() - due);
    if (status !== 200) failed++;
  }),
);
const sorted = latencies.sort((a, b) => a - b);
const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const [p50, p95, p99, max] = [at(0.5), at(0.95), at(0.99), sorted.at(-1)];
console.log(
  `ack of ${requests} signed notifications at ${rate} req/s (${url ? 'PostgreSQL' : 'PGlite'}): ` +
    `p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms ` +
    `(bar: 200 ms); non-200: ${failed}`,
);

const queued = Number(
  (await db.query(`select count(*)::int as n from outbox where shop_id = $1`, [shop]))[0].n,
);
const drainStarted = performance.now();
await drainOutbox(db, fakeRegistry(), {
  retryBaseMs: 0,
  jobs: whatsAppWebhookJobs(db),
  maxRounds: requests + 10, // one row per round: every queued change
});
const drainMs = performance.now() - drainStarted;
const left = Number(
  (await db.query(`select count(*)::int as n from outbox where shop_id = $1 and status <> 'sent'`, [shop]))[0]
    .n,
);
console.log(
  `processing after the ack: ${queued} queued changes in ${drainMs.toFixed(0)} ms ` +
    `(${((drainMs / Math.max(queued, 1)) * 1).toFixed(1)} ms each); left unprocessed: ${left}`,
);

figure('p99 ms', p99);
expect(`every notification answered 200 (non-200: ${failed})`, failed === 0);
expect(`every change queued (${queued} of ${requests})`, queued === requests);
expect(`every queued change processed (${left} left)`, left === 0);

await app.close();
await drop();
endSmoke();
