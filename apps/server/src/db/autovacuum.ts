/**
 * PGlite's autovacuum (decision 0071). PostgreSQL's autovacuum daemon vacuums a table once its dead rows pass 50 + 20 %
 * of it (or, since PostgreSQL 13, once the rows inserted since its last vacuum pass 1,000 + 20 %), and analyses it once
 * the rows changed since its last ANALYZE pass 50 + 10 %: the space of updated and deleted rows is reused and the
 * planner's statistics follow the data. PGlite runs no such daemon, so an embedded database kept every dead row version
 * (the rollups' month rows, moved by every refresh, read ~20× their pages) and was planned forever from the
 * statistics of its first seed. Here the same rules with PostgreSQL 15's defaults, over PGlite's own counters
 * (`pg_stat_user_tables`, flushed after a second idle), one table per pass, the most changed first — a pass holds
 * the single backend, so it does one table's work at a time.
 */
import { pollers } from '../lib/poller.ts';
import type { Db, Queryable } from './queryable.ts';

/** PostgreSQL 15's autovacuum defaults: base thresholds and scale factors of the table's rows. */
const RULES = `
  s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)
    as vacuum_due,
  s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) as analyze_due`;

export type TableWork = { table: string; work: 'vacuum' | 'analyze' | 'vacuum (analyze)' };

/** Does autovacuum's work on up to `limit` tables due for it, the most changed first; answers what it did. */
export async function vacuumChangedTables(db: Queryable, limit = 1): Promise<TableWork[]> {
  const due = await db.query<{ name: string; vacuum_due: boolean; analyze_due: boolean }>(
    `select * from (
       select format('%I.%I', s.schemaname, s.relname) as name, ${RULES},
              greatest(s.n_dead_tup, s.n_ins_since_vacuum, s.n_mod_since_analyze) as changed
         from pg_stat_user_tables s join pg_class c on c.oid = s.relid
     ) t where vacuum_due or analyze_due order by changed desc, name limit $1`,
    [limit],
  );
  const done: TableWork[] = due.map((t) => ({
    table: t.name,
    work: t.vacuum_due && t.analyze_due ? 'vacuum (analyze)' : t.vacuum_due ? 'vacuum' : 'analyze',
  }));
  for (const { table, work } of done) await db.query(`${work} ${table}`);
  return done;
}

const workers = pollers<Db>();

/**
 * On PGlite, a pass on start and then every `everyMs` (the background workers' loop, lib/poller.ts: a pass never
 * overlaps the one before, and the stop waits for the pass in hand); nothing on PostgreSQL (its daemon does it).
 * Answers the stop.
 */
export function startAutovacuum(
  db: Db,
  { everyMs = 60_000, onError }: { everyMs?: number; onError: (error: unknown) => void },
): () => Promise<void> {
  if (db.kind !== 'pglite') return async () => undefined;
  // A round answers false: one table a pass, the next after the pause, whatever is still due.
  const poller = workers.start(db, {
    idleMs: everyMs,
    onError,
    round: async () => (await vacuumChangedTables(db), false),
  });
  return () => poller.stop();
}
