/**
 * Backups of the embedded database (issue 39, item 11; docs/backups.md). PGlite opens its data directory in one
 * process only, so a backup is taken with the server stopped: the directory is opened, checkpointed and dumped by
 * PGlite itself (`dumpDataDir`, a tarball of a consistent cluster, not a copy of files in use), gzip-compressed.
 * A restore opens that tarball into an empty directory and checks it answers. PostgreSQL deployments use
 * `pg_dump` / `pg_restore` (and WAL archiving for point-in-time recovery): see docs/backups.md.
 */
import { existsSync, readdirSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';

export type BackupResult = { file: string; bytes: number; orders: number };

async function ordersIn(db: { query: <T>(sql: string) => Promise<T[]> }): Promise<number> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from orders');
  return row?.n ?? 0;
}

/** Dumps the PGlite cluster of `dataDir` into `file` (written aside, then renamed: never half a backup). */
export async function backupPglite(dataDir: string, file: string): Promise<BackupResult> {
  if (!existsSync(dataDir)) throw new Error(`Diretório de dados não encontrado: ${dataDir}`);
  const db = await openPglite(dataDir);
  try {
    await db.query('checkpoint');
    const orders = await ordersIn(db);
    const tarball = Buffer.from(await (await db.dumpDataDir()).arrayBuffer());
    const gz = gzipSync(tarball);
    await writeFile(`${file}.partial`, gz);
    await rename(`${file}.partial`, file);
    return { file, bytes: gz.length, orders };
  } finally {
    await db.close();
  }
}

/** Restores `file` (a backupPglite tarball) into `dataDir`, which must not exist or be empty; migrates it forward. */
export async function restorePglite(file: string, dataDir: string): Promise<BackupResult> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new Error(
      `O diretório ${dataDir} não está vazio: restaure num diretório novo e aponte DATA_DIR para ele.`,
    );
  const gz = await readFile(file);
  const db = await openPglite(dataDir, { loadDataDir: new Blob([gunzipSync(gz)]) });
  try {
    await migrate(db); // a backup of an older version comes back at the current schema
    await db.query('checkpoint');
    return { file, bytes: gz.length, orders: await ordersIn(db) };
  } finally {
    await db.close();
  }
}
