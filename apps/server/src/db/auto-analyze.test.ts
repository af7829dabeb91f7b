import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeChangedTables, startAutoAnalyze } from './auto-analyze.ts';
import { openPglite } from './pglite.ts';
import type { Db } from './queryable.ts';

/** PGlite's autoanalyze (decision 0071): autovacuum's rule (50 rows + 10 %) over PGlite's own counters. */
describe('autoanalyze on PGlite', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite(undefined);
    await db.query('create table grows (id integer primary key, note text)');
    await db.query('create table still (id integer primary key)');
  });
  afterAll(() => db.close());

  /** Rows written, then the backend's counters flushed (PGlite flushes them after a second idle otherwise). */
  async function write(sql: string) {
    await db.query(sql);
    await db.query('select pg_stat_force_next_flush()');
    await db.query('select 1');
  }
  /** The planner's estimate of the table's rows, from `explain`. */
  async function estimate() {
    const [plan] = await db.query<{ 'QUERY PLAN': string }>('explain select * from grows');
    return Number(/rows=(\d+)/.exec(plan?.['QUERY PLAN'] ?? '')?.[1]);
  }
  async function tuples() {
    const [row] = await db.query<{ n: number }>(
      `select reltuples::int as n from pg_class where relname = 'grows'`,
    );
    return row?.n;
  }

  it('analyses a table once more rows changed than 50 + 10 % of it, and only then', async () => {
    await write('insert into grows select g, md5(g::text) from generate_series(1, 5000) g');
    expect(await tuples()).toBeLessThan(0); // never analysed: PostgreSQL's "unknown"
    expect(await analyzeChangedTables(db, 5)).toEqual(['public.grows']);
    expect(await tuples()).toBe(5000);
    expect(await estimate()).toBe(5000);

    await write('insert into grows select g, md5(g::text) from generate_series(5001, 5500) g');
    expect(await analyzeChangedTables(db, 5)).toEqual([]); // 500 rows: under 50 + 500
    await write('insert into grows select g, md5(g::text) from generate_series(5501, 5600) g');
    expect(await analyzeChangedTables(db, 5)).toEqual(['public.grows']); // 600 rows since the last pass
    expect(await tuples()).toBe(5600);

    await write('delete from grows where id > 1000');
    expect(await analyzeChangedTables(db, 5)).toEqual(['public.grows']);
    expect(await estimate()).toBe(1000);
    expect(await analyzeChangedTables(db, 5)).toEqual([]);
  });

  it('takes one table a pass, the most changed first', async () => {
    await write('insert into still select generate_series(1, 300)');
    await write('insert into grows select g, null from generate_series(100001, 100900) g');
    expect(await analyzeChangedTables(db)).toEqual(['public.grows']);
    expect(await analyzeChangedTables(db)).toEqual(['public.still']);
    expect(await analyzeChangedTables(db)).toEqual([]);
  });

  it('runs by itself on PGlite', async () => {
    await write('insert into grows select g, null from generate_series(200001, 205000) g');
    const stop = startAutoAnalyze(db, { everyMs: 20, onError: (error) => expect.fail(String(error)) });
    try {
      await expect.poll(tuples, { timeout: 5_000 }).toBe(6900);
    } finally {
      stop();
    }
  });
});
