/**
 * Health under starvation (issue 39, item 9): `/healthz` answers from memory — never behind the database's queue —
 * and turns 503 only when the background probe failed twice in a row (or at start); `/readyz` asks the database
 * now, with a timeout.
 */
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { createTestDb, type TestDb } from '../test/test-db.ts';
import { startDraining } from './draining.ts';
import { registerHealth } from './health.ts';

/** A database whose `select 1` answers, fails or never answers, as the test says. */
function switchableDb() {
  const state = { mode: 'ok' as 'ok' | 'fail' | 'hang', queries: 0 };
  const db = {
    kind: 'postgres',
    query: async () => {
      state.queries += 1;
      if (state.mode === 'fail') throw new Error('connection refused');
      if (state.mode === 'hang') return new Promise<never>(() => undefined);
      return [{ '?column?': 1 }];
    },
  } as unknown as Db;
  return { db, state };
}

/** The routes on a bare app; the timer's period is long, the test runs the probe itself. */
async function healthApp(db: Db) {
  const app = Fastify();
  const { probe } = registerHealth(app, db, { probeMs: 600_000, timeoutMs: 100 });
  await app.ready();
  return { app, probe };
}

const status = async ({ app }: Awaited<ReturnType<typeof healthApp>>, url: string) =>
  (await app.inject({ url })).statusCode;

describe('health probes', () => {
  it('/healthz answers without a query; it turns 503 after two failed probes and back after one good one', async () => {
    const { db, state } = switchableDb();
    const health = await healthApp(db);
    const afterStart = state.queries;
    expect(await status(health, '/healthz')).toBe(200);
    expect(state.queries).toBe(afterStart); // the answer came from memory
    state.mode = 'fail';
    await health.probe(); // one failed probe (a late answer on a busy machine): still in rotation
    expect(await status(health, '/healthz')).toBe(200);
    await health.probe();
    expect(await status(health, '/healthz')).toBe(503);
    state.mode = 'ok';
    await health.probe();
    expect(await status(health, '/healthz')).toBe(200);
    await health.app.close();
  });

  it('a database that hangs: /healthz still answers at once, /readyz 503 after its timeout', async () => {
    const { db, state } = switchableDb();
    const health = await healthApp(db);
    state.mode = 'hang';
    const started = performance.now();
    expect(await status(health, '/healthz')).toBe(200);
    expect(performance.now() - started).toBeLessThan(50);
    expect(await status(health, '/readyz')).toBe(503);
    expect(performance.now() - started).toBeGreaterThanOrEqual(95);
    await health.app.close();
  });

  it('a database unreachable at start is 503 at once; draining is 503 on both', async () => {
    const broken = switchableDb();
    broken.state.mode = 'fail';
    const down = await healthApp(broken.db);
    expect(await status(down, '/healthz')).toBe(503);
    expect(await status(down, '/readyz')).toBe(503);
    await down.app.close();
    const { db } = switchableDb();
    const health = await healthApp(db);
    expect(await status(health, '/readyz')).toBe(200);
    startDraining(health.app);
    expect(await status(health, '/healthz')).toBe(503);
    expect(await status(health, '/readyz')).toBe(503);
    await health.app.close();
  });
});

// On PostgreSQL (several instances): PGlite runs queries on the main thread, so there nothing answers during a queue.
describe.skipIf(!process.env.TEST_DATABASE_URL)('health with the database busy [postgres]', () => {
  let test: TestDb | undefined;
  afterEach(async () => test?.drop());

  it('/healthz answers while every pooled connection is busy; a `select 1` waits for one', async () => {
    test = await createTestDb('postgres'); // a pool of 8 connections
    const health = await healthApp(test.db);
    const load = Array.from({ length: 32 }, () => test!.db.query('select pg_sleep(0.25)'));
    const started = performance.now();
    const select = test.db.query('select 1').then(() => performance.now() - started);
    const answer = await status(health, '/healthz');
    const healthMs = performance.now() - started;
    await Promise.all(load);
    const selectMs = await select;
    expect(answer).toBe(200);
    // What /healthz cost before: a query waiting for a connection behind the load (≥ one round of sleeps).
    expect(selectMs).toBeGreaterThan(240);
    expect(healthMs).toBeLessThan(selectMs / 2);
    await health.app.close();
  }, 60_000);
});
