/**
 * PGlite behind the Db interface, with named prepared statements (docs/decisions/0012).
 *
 * PGlite's own `query()` parses, plans and describes every statement again, in six calls into the WASM
 * backend. Here each distinct SQL text is parsed once as a named statement (PostgreSQL then keeps its plan,
 * generic after a few runs when that is not costlier than a custom one), and each run is one call: Bind,
 * Describe, Execute and Sync in a single protocol message. Statements are closed when the cache of them is full.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { parse, PGlite, protocol, types } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { guardPglite, PgliteStoppedError } from './pglite-guard.ts';
import type { Db, Queryable } from './queryable.ts';

const { serialize } = protocol;
/** Named statements kept per database; the least recently used is closed beyond that. */
const MAX_STATEMENTS = 500;

type Prepared = { name: string; paramTypes: number[] };

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A PGlite database that can also dump its data directory (a tarball `loadDataDir` opens again). */
export type PgliteDb = Db & { dumpDataDir: () => Promise<Blob> };

/**
 * The C libraries the schema calls (triggers, the vitrine_pt dictionary, the GIN and trigram operators), loaded at open
 * in this order; then pg_trgm's `%` (its C function, through a temporary function: the extension may not exist yet on
 * a new cluster) runs once. In about one PGlite instance in sixteen (0.5.16) that first call traps — 'null function or
 * function signature mismatch' inside pg_trgm's trigram comparison — and so would every later one, the search's typo
 * step first; an instance whose first call passes never did (300 instances tried, decision 0012). Such an instance is
 * closed and opened again.
 */
export const READY_CHECK = [
  ...['plpgsql', 'dict_snowball', 'unaccent', 'btree_gin', 'pg_trgm'].map((lib) => `load '$libdir/${lib}'`),
  `create function pg_temp.vitrine_trgm_check(text, text) returns bool language c strict
     as '$libdir/pg_trgm', 'similarity_op'`,
  `select pg_temp.vitrine_trgm_check('vitrine', 'vitrina')`,
  'drop function pg_temp.vitrine_trgm_check(text, text)',
].join(';\n');
/** Instances opened before giving up on one that passes the check. */
const OPEN_ATTEMPTS = 5;

type OpenOptions = {
  maxStatements?: number;
  /** Starts from this dump of a data directory (PGlite's dumpDataDir) instead of an empty cluster. */
  loadDataDir?: Blob;
  /** The statements an instance must pass before it is used (tests replace them to stop a backend on purpose). */
  readyCheck?: (attempt: number) => string;
};

export async function openPglite(dataDir: string | undefined, options: OpenOptions = {}): Promise<PgliteDb> {
  // A dump loaded into a new directory: an instance that fails the check has written it there, so the directory is
  // emptied before the next one loads it again (PGlite refuses to load a dump over a database).
  const loadsIntoNewDir =
    dataDir !== undefined &&
    options.loadDataDir !== undefined &&
    (!existsSync(dataDir) || readdirSync(dataDir).length === 0);
  for (let attempt = 1; ; attempt++) {
    const opened = await openInstance(dataDir, options);
    try {
      await opened.command(options.readyCheck?.(attempt) ?? READY_CHECK);
      return opened.db;
    } catch (error) {
      await opened.db.close().catch(() => undefined);
      if (!(error instanceof PgliteStoppedError) || attempt >= OPEN_ATTEMPTS) throw error;
      if (loadsIntoNewDir) rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

async function openInstance(
  dataDir: string | undefined,
  { maxStatements = MAX_STATEMENTS, loadDataDir }: OpenOptions,
): Promise<{ db: PgliteDb; command: (sql: string) => Promise<unknown> }> {
  // numeric → number, as client.ts sets for PostgreSQL (quantities, weights); int8 is a number in PGlite already.
  const lite = await PGlite.create(dataDir, {
    extensions: { btree_gin, pg_trgm, unaccent },
    parsers: { [types.NUMERIC]: (value: string) => Number(value) },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const statements = new Map<string, Prepared>();
  let counter = 0;
  /** The statement being sent: named in the error of a backend that stops under it. */
  let current = '';
  guardPglite(lite, () => current);

  /** The named statement of `sql`, parsed on first use; the oldest is closed when the cache is full. */
  async function prepare(sql: string): Promise<Prepared> {
    const known = statements.get(sql);
    if (known) {
      statements.delete(sql); // re-insert: the Map's order is the order of last use
      statements.set(sql, known);
      return known;
    }
    const name = `v${++counter}`;
    current = sql;
    const closing: Uint8Array[] = [];
    if (statements.size >= maxStatements) {
      const [oldestSql, oldest] = statements.entries().next().value as [string, Prepared];
      statements.delete(oldestSql);
      closing.push(serialize.close({ type: 'S', name: oldest.name }));
    }
    const { messages } = await lite.execProtocol(
      concat([
        ...closing,
        serialize.parse({ name, text: sql }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const prepared = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    statements.set(sql, prepared);
    return prepared;
  }

  /** Runs one statement; the caller holds PGlite's query lock. */
  async function run<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    const { name, paramTypes } = await prepare(sql);
    current = sql;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = lite.serializers[paramTypes[i] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await lite.execProtocol(
      concat([
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    return (parse.parseResults(messages, lite.parsers)[0]?.rows ?? []) as T[];
  }

  /** A simple-protocol command (BEGIN, COMMIT, ROLLBACK); returns its command tag. */
  async function command(sql: string): Promise<string | undefined> {
    current = sql;
    const { messages } = await lite.execProtocol(serialize.query(sql), { syncToFs: false });
    const done = messages.find((m) => m.name === 'commandComplete') as { text?: string } | undefined;
    return done?.text;
  }

  /**
   * Set by close() once it holds both locks: a statement queued behind it fails plainly instead of running against the
   * backend PGlite is shutting down (PGlite's own query() checks this; execProtocol, which this file uses, does not).
   */
  let closed = false;
  const locked = <T>(fn: () => Promise<T>) =>
    lite.runExclusive(() => (closed ? Promise.reject(new Error('PGlite is closed')) : fn()));

  const db: PgliteDb = {
    kind: 'pglite',
    query: <T>(sql: string, params?: unknown[]) =>
      lite._runExclusiveTransaction(async () => {
        const rows = await locked(() => run<T>(sql, params));
        await lite.syncToFs();
        return rows;
      }),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) =>
      lite._runExclusiveTransaction(async () => {
        await locked(() => command('BEGIN'));
        let result: T;
        try {
          result = await fn({ query: (sql, params) => locked(() => run(sql, params)) });
        } catch (error) {
          await locked(() => command('ROLLBACK'));
          throw error;
        }
        const tag = await locked(() => command('COMMIT'));
        if (tag === 'ROLLBACK') throw new Error('transaction aborted: COMMIT rolled back');
        await lite.syncToFs();
        return result;
      }),
    listen: (channel, onPayload) => lite.listen(channel, onPayload),
    close: async () => {
      await lite._runExclusiveTransaction(() =>
        lite.runExclusive(async () => {
          closed = true;
        }),
      );
      await lite.close();
    },
    dumpDataDir: () => lite.dumpDataDir('none'),
  };
  return { db, command: (sql) => locked(() => command(sql)) };
}
