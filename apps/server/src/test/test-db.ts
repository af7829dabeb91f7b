import { randomBytes } from 'node:crypto';
import { openDb, type Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';

export type DbKind = 'pglite' | 'postgres';

/** The databases the database suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const TEST_DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export type TestDb = { db: Db; drop: () => Promise<void> };

/** A fresh, migrated database: in-memory PGlite, or a throwaway schema on the PostgreSQL server. */
export async function createTestDb(kind: DbKind): Promise<TestDb> {
  if (kind === 'pglite') {
    const db = await openDb({});
    await migrate(db);
    return { db, drop: () => db.close() };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = await openDb({ databaseUrl: url, poolSize: 1 });
  await admin.query(`create schema ${schema}`);
  const db = await openDb({ databaseUrl: url, schema, poolSize: 8 });
  await migrate(db);
  return {
    db,
    drop: async () => {
      await db.close();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.close();
    },
  };
}
