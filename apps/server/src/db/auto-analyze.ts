/**
 * PGlite's autoanalyze (decision 0071). PostgreSQL's autovacuum daemon analyses a table once the rows changed since
 * its last ANALYZE pass `autovacuum_analyze_threshold` + `autovacuum_analyze_scale_factor` × its rows (50 + 10 %):
 * the planner's statistics follow the data. PGlite runs no such daemon, so an embedded database planned every
 * statement from the statistics of its first seed forever (a year of Relatórios › Produtos at 1,000,000 orders was
 * planned for ~10 rows a branch where it read ~20,000). Here the same rule, over PGlite's own counters
 * (`pg_stat_user_tables`, flushed after a second idle), one table per pass: an ANALYZE samples at most 30,000 rows of
 * a table, so a pass holds the single backend for a bounded time.
 */
import type { Db, Queryable } from './queryable.ts';

/** PostgreSQL's defaults for autoanalyze (autovacuum_analyze_threshold, autovacuum_analyze_scale_factor). */
const THRESHOLD = 50;
const SCALE_FACTOR = 0.1;

/** ANALYZEs up to `limit` tables past the threshold, the most changed first; answers their names. */
export async function analyzeChangedTables(db: Queryable, limit = 1): Promise<string[]> {
  const due = await db.query<{ name: string }>(
    `select format('%I.%I', s.schemaname, s.relname) as name
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.n_mod_since_analyze > $1 + $2 * greatest(c.reltuples, 0)
      order by s.n_mod_since_analyze desc limit $3`,
    [THRESHOLD, SCALE_FACTOR, limit],
  );
  for (const { name } of due) await db.query(`analyze ${name}`);
  return due.map((t) => t.name);
}

/** On PGlite, a pass every `everyMs`; nothing on PostgreSQL (its daemon does it). Answers the stop. */
export function startAutoAnalyze(
  db: Db,
  { everyMs = 60_000, onError }: { everyMs?: number; onError: (error: unknown) => void },
): () => void {
  if (db.kind !== 'pglite') return () => undefined;
  const timer = setInterval(() => void analyzeChangedTables(db).catch(onError), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
