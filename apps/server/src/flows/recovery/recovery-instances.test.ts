/**
 * Exactly once across instances (issue 36): two app instances on one PostgreSQL run recovery rounds side by side,
 * every simulated minute for 70 minutes (first reminder after 5 minutes, the second an hour later). Every cart gets
 * each of its two reminders once — one outbox message per reminder — and the scan ran once per minute, not twice.
 */
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { seedCheckoutSuite } from '../../modules/checkout/checkout-test-kit.ts';
import { twoInstancesOnPostgres } from '../../test/two-instances.ts';
import { runRecoveryRound, type RoundResult } from './run.ts';
import { cartAt, minutes, setRule } from './recovery-test-kit.ts';

const url = process.env.TEST_DATABASE_URL;
const CARTS = 24;

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
});
