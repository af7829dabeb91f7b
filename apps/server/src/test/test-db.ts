import type { Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { createPgDatabase } from './pg-database.ts';
import { pgliteTemplate } from './pglite-template.ts';

export type DbKind = 'pglite' | 'postgres';

/** The databases the database suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const TEST_DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export type TestDb = { db: Db; drop: () => Promise<void> };

/**
 * A fresh, migrated database: in-memory PGlite opened from the migrated template (pglite-template.ts), or a copy of the
 * run's migrated template database on the PostgreSQL server (pg-database.ts). `empty`: not migrated (a migration's
 * own test runs them).
 */
export async function createTestDb(kind: DbKind, { empty = false } = {}): Promise<TestDb> {
  if (kind === 'pglite' && empty) {
    const db = await openPglite(undefined);
    return { db, drop: () => db.close() };
  }
  if (kind === 'pglite') {
    const db = await openPglite(undefined, { loadDataDir: await pgliteTemplate() });
    await migrate(db); // a no-op on the template; kept so the test database is exactly what the server runs on
    return { db, drop: () => db.close() };
  }
  const { db, drop } = await createPgDatabase(process.env.TEST_DATABASE_URL!, { empty });
  if (!empty) await migrate(db); // a no-op on the template's copy
  return { db, drop };
}
