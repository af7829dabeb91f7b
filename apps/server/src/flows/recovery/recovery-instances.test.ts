/**
 * Exactly once across instances (issue 36): two app instances on one PostgreSQL run recovery rounds side by side,
 * every simulated minute for 70 minutes (first reminder after 5 minutes, the second an hour later). Every cart gets
 * each of its two reminders once — one outbox message per reminder — and the scan ran once per minute, not twice.
 * Then unpaid orders: every Pix code reminded once before it expires, and one new code per order after it, each
 * with its one signed chatbot event.
 */
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { seedCheckoutSuite } from '../../modules/checkout/checkout-test-kit.ts';
import { twoInstancesOnPostgres } from '../../test/two-instances.ts';
import { runRecoveryRound, type RoundResult } from './run.ts';
import { PaymentMethod } from '@vitrine/contracts/enums';
import { newId } from '../../lib/ids.ts';
import { awaitingOrder } from '../../modules/payment/payment-test-kit.ts';
import { cartAt, minutes, openScanGate, setRule, T0 } from './recovery-test-kit.ts';

const url = process.env.TEST_DATABASE_URL;
const CARTS = 24;
const ORDERS = 12;

describe.runIf(url)('abandoned-cart recovery across two instances [postgres]', () => {
  const { apps, dbs } = twoInstancesOnPostgres(seedCheckoutSuite);

  it('an hour of simulated time: each reminder sent once, the scan once a minute', async () => {
    const [a] = apps as [FastifyInstance, FastifyInstance];
    await setRule(dbs[0]!, 'hortifruti', { firstAfterMinutes: 5, secondAfterHours: 1 });
    const carts = [];
    for (let i = 0; i < CARTS; i++) carts.push(await cartAt(a, dbs[0]!, 'hortifruti', 'CK-20'));

    const rounds: RoundResult[] = [];
    const started = performance.now();
    for (let minute = 0; minute <= 70; minute++) {
      const now = minutes(minute);
      // Both instances at once, small batches so the scan takes several statements.
      rounds.push(
        ...(await Promise.all(
          dbs.map((db, i) =>
            runRecoveryRound(db, { now, owner: `instance-${i}`, batchSize: 5, maxReminders: 7 }),
          ),
        )),
      );
    }
    const elapsedMs = performance.now() - started;

    const sent = await dbs[0]!.query<{ order_id: string; step: number; n: number }>(
      `select m.order_id, m.step, count(o.id)::int as n from recovery_reminders m
         left join outbox o on o.order_id = m.order_id and o.type = 'recovery' and o.dedupe_key = 'recovery:' || m.id
        where m.state = 'sent' group by m.order_id, m.step`,
    );
    const ids = new Set(carts.map((c) => c.orderId));
    expect(sent.filter((r) => ids.has(r.order_id))).toHaveLength(2 * CARTS);
    expect(sent.every((r) => r.n === 1)).toBe(true);
    const [messages] = await dbs[0]!.query<{ n: number }>(
      `select count(*)::int as n from outbox where type = 'recovery'`,
    );
    expect(messages!.n).toBe(2 * CARTS);

    // Decided once: two instances deciding one reminder would both count it.
    const decisions = rounds.flatMap((r) => r.decided.filter((d) => d.outcome === 'sent').map((d) => d.id));
    expect(decisions).toHaveLength(2 * CARTS);
    expect(new Set(decisions).size).toBe(2 * CARTS);
    const scans = rounds.filter((r) => r.scanned).length;
    expect(scans).toBe(71);
    const decidedBy = rounds.map(
      (r, i) => (i % 2 === 0 ? 'a' : 'b') + r.decided.filter((d) => d.outcome === 'sent').length,
    );
    // Both instances did some of the sending (skip locked hands each reminder to one of them).
    expect(decidedBy.some((d) => d.startsWith('a') && d !== 'a0')).toBe(true);
    expect(decidedBy.some((d) => d.startsWith('b') && d !== 'b0')).toBe(true);
    console.info(
      `recovery, 2 instances, ${CARTS} carts, 71 simulated minutes: ${scans} scans, ` +
        `${rounds.reduce((n, r) => n + r.batches, 0)} scan statements, ${2 * CARTS} reminders sent once each, ` +
        `${Math.round(elapsedMs)} ms`,
    );
  });

  it('unpaid orders: each Pix code reminded once before it expires, one new code per order after it', async () => {
    const [a] = apps as [FastifyInstance, FastifyInstance];
    const db = dbs[0]!;
    await setRule(db, 'hortifruti', {
      paymentEnabled: true,
      pixBeforeMinutes: 10,
      newCodeAfterExpiry: true,
      paymentDelivery: 'both',
    });
    const orders: string[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const { orderId, userId } = await awaitingOrder(a, db, { method: PaymentMethod.Pix });
      await db.query(
        `insert into payments (id, shop_id, order_id, user_id, gateway, method, amount_cents, pix_copy_paste,
           expires_at, created_at)
         select $1, shop_id, id, $2, 'sandbox', ${PaymentMethod.Pix}, total_cents, $3, $4, $5 from orders where id = $6`,
        [newId('pay'), userId, `pix-${i}`, minutes(20 + i).toISOString(), T0.toISOString(), orderId],
      );
      orders.push(orderId);
    }
    await openScanGate(db); // the clock starts again at T0
    const rounds: RoundResult[] = [];
    const started = performance.now();
    for (let minute = 0; minute <= 45; minute++) {
      const now = minutes(minute);
      rounds.push(
        ...(await Promise.all(
          dbs.map((instance, i) =>
            runRecoveryRound(instance, { now, owner: `instance-${i}`, batchSize: 5, maxReminders: 3 }),
          ),
        )),
      );
    }
    const kinds = await db.query<{ kind: string; state: string; n: number }>(
      `select kind, state, count(*)::int as n from recovery_reminders where order_id = any($1::text[])
        group by kind, state order by kind`,
      [orders],
    );
    expect(kinds).toEqual([
      { kind: 'new_code', state: 'sent', n: ORDERS },
      { kind: 'pix', state: 'sent', n: ORDERS },
    ]);
    const [outbox] = await db.query<{ messages: number; jobs: number; events: number }>(
      `select count(*) filter (where type = 'recovery')::int as messages,
              count(*) filter (where kind = 'job')::int as jobs,
              count(*) filter (where type = 'payment.reminder')::int as events
         from outbox where order_id = any($1::text[])`,
      [orders],
    );
    // The rule delivers both: a message and a chatbot event per Pix reminder, a job and an event per new code.
    expect(outbox).toEqual({ messages: ORDERS, jobs: ORDERS, events: 2 * ORDERS });
    const decided = rounds.flatMap((r) => r.decided.filter((d) => d.outcome === 'sent').map((d) => d.id));
    expect(new Set(decided).size).toBe(decided.length);
    expect(decided).toHaveLength(2 * ORDERS);
    console.info(
      `payment reminders, 2 instances, ${ORDERS} Pix orders, 46 simulated minutes: ${decided.length} ` +
        `reminders decided once each, ${Math.round(performance.now() - started)} ms`,
    );
  });
});
