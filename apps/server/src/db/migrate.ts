import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from './client.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/** Advisory lock key so that instances (or test files) sharing a database migrate one at a time. */
const MIGRATION_LOCK = 746_411_001;

/**
 * Applies every numbered migration not yet applied, in order, in one transaction. Forward only. `through` stops after
 * the migrations whose number is at most it (a migration's backfill test runs the ones before it, adds the old data,
 * then the rest).
 */
export async function migrate(db: Db, { through }: { through?: string } = {}): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR))
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .filter((f) => through === undefined || f.slice(0, 4) <= through)
    .sort();
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(`create extension if not exists pg_trgm with schema public`);
    await tx.query(`create extension if not exists unaccent with schema public`);
    // GIN indexes that lead with shop_id (migration 0088): a shop's search reads its own entries, not every shop's.
    await tx.query(`create extension if not exists btree_gin with schema public`);
    await tx.query(
      `create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())`,
    );
    const done = new Set(
      (await tx.query<{ version: string }>('select version from schema_migrations')).map((r) => r.version),
    );
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(MIGRATIONS_DIR + file, 'utf8');
      await execScript(tx, db.kind, sql);
      await tx.query('insert into schema_migrations (version) values ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
}

/** Runs a multi-statement script. PGlite's query() takes one statement, so statements are split on `;` at line ends. */
async function execScript(tx: { query: (sql: string) => Promise<unknown> }, kind: Db['kind'], sql: string) {
  if (kind === 'postgres') {
    await tx.query(sql);
    return;
  }
  for (const statement of splitStatements(sql)) await tx.query(statement);
}

export function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let current = '';
  let inDollar = false;
  for (const line of sql.split('\n')) {
    if (line.trim().startsWith('--') && !inDollar) continue;
    if ((line.match(/\$\$/g)?.length ?? 0) % 2 === 1) inDollar = !inDollar;
    current += line + '\n';
    if (!inDollar && /;\s*$/.test(line)) {
      out.push(current.trim());
      current = '';
    }
  }
  if (current.trim()) out.push(current.trim());
  return out;
}
