import { preparePgTemplate } from './apps/server/src/test/pg-database.ts';
import { ensurePgliteTemplate } from './apps/server/src/test/pglite-template.ts';

/**
 * Once per `vitest run`, before the workers: the migrated PGlite template every test database opens from, and with
 * TEST_DATABASE_URL the migrated PostgreSQL template database each PostgreSQL test database is a copy of. Answers the
 * teardown that drops the run's PostgreSQL databases.
 */
export default async function setup() {
  await ensurePgliteTemplate();
  const url = process.env.TEST_DATABASE_URL;
  return url ? await preparePgTemplate(url) : undefined;
}
