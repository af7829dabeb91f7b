import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAutovacuum, vacuumChangedTables } from './autovacuum.ts';
import { openPglite } from './pglite.ts';
import type { Db } from './queryable.ts';

/** PGlite's autovacuum (decision 0071): PostgreSQL 15's rules over PGlite's own counters. */
describe('autovacuum on PGlite', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite(undefined);
    await db.query('create table grows (id integer primary key, note text)');
    await db.query('create table still (id integer primary key)');
    await db.query('create table moves (id integer primary key, n integer not null)');
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
  async function stats(table: string) {
    const [row] = await db.query<{ tuples: number; dead: number; vacuumed: boolean }>(
      `select c.reltuples::int as tuples, s.n_dead_tup::int as dead, s.last_vacuum is not null as vacuumed
         from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = $1`,
      [table],
    );
    return row!;
  }
  const tuples = async () => (await stats('grows')).tuples;

  it('analyses a table once more rows changed than 50 + 10 % of it, and vacuums it past 1,000 + 20 % inserted', async () => {
    await write('insert into grows select g, md5(g::text) from generate_series(1, 5000) g');
    expect(await tuples()).toBeLessThan(0); // never analysed: PostgreSQL's "unknown"
    expect(await vacuumChangedTables(db, 5)).toEqual([{ table: 'public.grows', work: 'vacuum (analyze)' }]);
    expect(await tuples()).toBe(5000);
    expect(await estimate()).toBe(5000);

    await write('insert into grows select g, md5(g::text) from generate_series(5001, 5500) g');
    expect(await vacuumChangedTables(db, 5)).toEqual([]); // 500 rows: under 50 + 500
    await write('insert into grows select g, md5(g::text) from generate_series(5501, 5600) g');
    // 600 rows changed since the last pass: past 50 + 500, under 1,000 + 1,000 inserted
    expect(await vacuumChangedTables(db, 5)).toEqual([{ table: 'public.grows', work: 'analyze' }]);
    expect(await tuples()).toBe(5600);
  });

  it('vacuums the dead rows of updates once they pass 50 + 20 % of the table', async () => {
    await write('insert into moves select g, 0 from generate_series(1, 1000) g');
    await vacuumChangedTables(db, 5);
    // 120 dead rows: under 50 + 200 to vacuum, and under 50 + 100 changed to analyse
    await write('update moves set n = n + 1 where id <= 120');
    expect((await stats('moves')).dead).toBe(120);
    expect(await vacuumChangedTables(db, 5)).toEqual([]);
    await write('update moves set n = n + 1 where id <= 140'); // 260 dead rows, 260 changed
    expect(await vacuumChangedTables(db, 5)).toEqual([{ table: 'public.moves', work: 'vacuum (analyze)' }]);
    expect(await stats('moves')).toMatchObject({ dead: 0, vacuumed: true });
    expect(await vacuumChangedTables(db, 5)).toEqual([]);
  });

  it('takes one table a pass, the most changed first', async () => {
    await write('insert into still select generate_series(1, 300)');
    await write('delete from grows where id > 1000');
    expect(await vacuumChangedTables(db)).toEqual([{ table: 'public.grows', work: 'vacuum (analyze)' }]);
    expect(await estimate()).toBe(1000);
    expect(await vacuumChangedTables(db)).toEqual([{ table: 'public.still', work: 'analyze' }]);
    expect(await vacuumChangedTables(db)).toEqual([]);
  });

  it('runs by itself on PGlite', async () => {
    await write('insert into grows select g, null from generate_series(200001, 205000) g');
    const stop = startAutovacuum(db, { everyMs: 20, onError: (error) => expect.fail(String(error)) });
    try {
      await expect.poll(tuples, { timeout: 5_000 }).toBe(6000);
    } finally {
      await stop();
    }
  });
});
