/**
 * The recovery rule scan on a busy shop (issue 36, decision 0057): --carts open carts of known contacts (one line
 * each, last changed over the past three hours) and --charges Waiting Pix codes of Received orders, the shop's
 * rule on (carts and payment reminders). Measured: the first scan (every cart gets its first reminder, every code
 * its Pix and new-code reminders), then the steady scan (nothing to add: what every minute's scan costs), each as
 * the number of statements (one per batch of --batch) and the time per batch, p50 / p95; and the plan of one cart
 * batch and one charge batch (EXPLAIN: the partial index `orders_open_contact_carts_idx` for carts; Waiting
 * charges by `payments_expiry_idx` when they are few among the shop's charges). --smoke (bench/smoke.mjs): 2,000 carts, 200 codes, the figures checked for shape.
 *
 * Usage: node --import tsx bench/recovery-bench.mjs [--carts 100000] [--charges 5000] [--batch 500]
 *        [--database-url postgres://…] [--smoke]   (PGlite in memory without --database-url)
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { openConsoleBench } from './lib/console-app.mjs';
import { endSmoke, expect, figure, smoke } from './lib/smoke.mjs';

const { values: args } = parseArgs({
  options: {
    carts: { type: 'string', default: smoke ? '2000' : '100000' },
    charges: { type: 'string', default: smoke ? '200' : '5000' },
    batch: { type: 'string', default: '500' },
    'database-url': { type: 'string' },
    smoke: { type: 'boolean', default: false },
  },
});
const carts = Number(args.carts);
const charges = Number(args.charges);
const size = Number(args.batch);
// One contact per cart and per unpaid order (the bench's contacts are a quarter of `orders`).
const { db, shop, close } = await openConsoleBench({
  databaseUrl: args['database-url'],
  slug: 'bench-recovery',
  orders: (carts + charges) * 4,
});
const { saveRecoveryRule, scanBatch, scanPaymentBatch } =
  await import('../apps/server/src/modules/recovery/service.ts');
const { DEFAULT_RECOVERY_RULE } = await import('../packages/contracts/src/console-recovery.ts');

const t0 = performance.now();
await db.query(
  `insert into orders (id, shop_id, user_id, contact_id, channel_type, status, items_amount_cents, total_cents,
     checkout, next_line_index, updated_at)
   select 'ord_' || g, $1, 'user-' || g, 'con_' || g, 1, 0, 990, 990, '{}', 1,
          now() - make_interval(mins => g % 180)
     from generate_series(1, $2::int) g`,
  [shop.id, carts],
);
await db.query(
  `insert into order_items (id, shop_id, order_id, line_index, product_id, sku, name, quantity, unit_price_cents,
     total_cents)
   select 'itm_' || g, $1, 'ord_' || g, 0, 'prd_bench', 'B1', 'Banana', 1, 990, 990
     from generate_series(1, $2::int) g`,
  [shop.id, carts],
);
await db.query(
  `insert into orders (id, shop_id, user_id, contact_id, channel_type, status, items_amount_cents, total_cents,
     checkout, next_line_index, confirmed_at)
   select 'ord_' || g, $1, 'user-' || g, 'con_' || g, 1, 1, 990, 990, '{"paymentMethod": 3}', 1, now()
     from generate_series($2::int + 1, $2::int + $3::int) g`,
  [shop.id, carts, charges],
);
await db.query(
  `insert into payments (id, shop_id, order_id, user_id, gateway, method, amount_cents, pix_copy_paste, expires_at,
     created_at)
   select 'pay_' || g, $1, 'ord_' || g, 'user-' || g, 'sandbox', 3, 990, 'pix-' || g,
          now() + make_interval(mins => 30 + g % 60), now() - interval '10 minutes'
     from generate_series($2::int + 1, $2::int + $3::int) g`,
  [shop.id, carts, charges],
);
await saveRecoveryRule(db, shop.id, {
  ...DEFAULT_RECOVERY_RULE,
  enabled: true,
  paymentEnabled: true,
  newCodeAfterExpiry: true,
});
if (args['database-url']) await db.query('analyze');
console.log(
  `seeded ${carts} carts and ${charges} Pix codes in ${Math.round((performance.now() - t0) / 1000)} s`,
);

/** Runs a whole scan at `now`: every cart batch, then every charge batch; answers statements, times and rows. */
async function scan(now) {
  const times = [];
  let seen = 0;
  let added = 0;
  let after = null;
  for (;;) {
    const start = performance.now();
    const batch = await scanBatch(db, now, after, size);
    times.push(performance.now() - start);
    seen += batch.carts;
    added += batch.added;
    if (!batch.last || batch.carts < size) break;
    after = batch.last;
  }
  let cursor = null;
  for (;;) {
    const start = performance.now();
    const batch = await scanPaymentBatch(db, now, cursor, size);
    times.push(performance.now() - start);
    seen += batch.charges;
    added += batch.added;
    if (!batch.last || batch.charges < size) break;
    cursor = batch.last;
  }
  const total = times.reduce((a, b) => a + b, 0);
  times.sort((a, b) => a - b);
  const at = (p) => Math.round(times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]);
  return { statements: times.length, totalMs: Math.round(total), p50: at(0.5), p95: at(0.95), seen, added };
}

for (const [name, expected] of [
  ['first scan', carts + 2 * charges],
  ['steady scan', 0],
]) {
  const r = await scan(new Date());
  console.log(
    `${name}: ${r.seen} carts and codes in ${r.statements} statements (batches of ${size}), ${r.totalMs} ms; ` +
      `per batch p50 ${r.p50} ms, p95 ${r.p95} ms; ${r.added} reminders added`,
  );
  figure(`${name} ms`, r.totalMs);
  figure(`${name} batch p95`, r.p95);
  expect(`${name}: every cart and code seen (got ${r.seen})`, r.seen === carts + charges);
  expect(`${name}: ${expected} reminders added (got ${r.added})`, r.added === expected);
  expect(
    `${name}: one statement per batch (got ${r.statements})`,
    r.statements === Math.floor(carts / size) + 1 + Math.floor(charges / size) + 1,
  );
}

/** The plan of one batch statement, as the scan sends it (captured, then EXPLAINed without running it). */
async function planOf(run) {
  let captured = null;
  await run({
    query: (text, params) => {
      captured ??= { text, params };
      return db.query(text, params);
    },
  });
  const rows = await db.query(`explain ${captured.text}`, captured.params);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}
const cartPlan = await planOf((q) => scanBatch(q, new Date(), 'ord_5', size));
const chargePlan = await planOf((q) => scanPaymentBatch(q, new Date(), null, size));
console.log(`cart batch plan:\n${cartPlan}\ncharge batch plan:\n${chargePlan}`);
expect('the cart batch reads the open-carts index', cartPlan.includes('orders_open_contact_carts_idx'));
// Waiting codes are few among a shop's charges, and the partial index reads only them; when (as here) every charge
// waits, the planner may rightly read the table instead — either way the orders are read by their key. At the
// smoke's size (2,000 orders) PostgreSQL rightly reads the small table whole, so the plan is checked at full size.
if (!smoke) expect('the charge batch reads no orders in full', !/Seq Scan on orders/.test(chargePlan));
await close();
endSmoke();
