import pg from 'pg';
import { postgresListener } from './listener.ts';
import { openPglite } from './pglite.ts';
import type { Db, Queryable } from './queryable.ts';

export type { Db, Queryable };

export type DbOptions = {
  /** `postgres://…` for PostgreSQL; otherwise PGlite in `dataDir` (or memory when absent). */
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
};

export async function openDb(options: DbOptions): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir);
}

// numeric → number (quantities, weights), bigint counts → number; timestamptz stays a Date.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** Runs `fn` in one transaction on a connection of `pool` (`begin`: the statement that opens it). */
export async function poolTransaction<T>(
  pool: pg.Pool,
  begin: 'begin' | 'begin read only',
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(begin);
    const result = await fn({
      query: async <R>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as R[],
    });
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function openPostgres(url: string, max: number): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {
    /* idle client errors surface on the next query */
  });
  const listener = postgresListener(() => new pg.Client({ connectionString: url }));
  return {
    kind: 'postgres',
    query: async (sql, params) => (await pool.query(sql, params)).rows,
    transaction: (fn) => poolTransaction(pool, 'begin', fn),
    listen: listener.listen,
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * A read PostgreSQL's JIT would compile on every call, at a cost above the read's own (a report's statement of many
 * expressions or branches over a few thousand rows): run with JIT off for that statement only (PGlite has none).
 */
export function queryWithoutJit<T>(db: Db, sql: string, params: unknown[]): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.query('set local jit = off');
    return tx.query<T>(sql, params);
  });
}
