/**
 * Throwaway PostgreSQL databases for the tests and the benches, on the server of TEST_DATABASE_URL (or a bench's
 * --database-url), one per test file's block or cluster, dropped (connections and all) after. Inside `vitest run`
 * each is a copy of the run's migrated template (vitest.global-setup.ts builds it once): a copy takes about a quarter
 * of a second where migrating a new database takes seconds, and the databases of two workers never wait for each
 * other's migration lock.
 *
 * Names carry the pid of the run that made them (`vitrine_t<pid>_…`), so the next run drops the leftovers of a run
 * that was killed (its pid no longer alive) and never those of a run still going (another checkout's, say).
 */
import { randomBytes } from 'node:crypto';
import { openDb, type Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';

/** The environment variables through which the global setup tells the workers the run's pid and template. */
const RUN_ENV = 'VITRINE_TEST_RUN';
const TEMPLATE_ENV = 'VITRINE_PG_TEMPLATE';

export type PgDatabase = { name: string; url: string; db: Db; drop: () => Promise<void> };

const runPid = () => process.env[RUN_ENV] ?? String(process.pid);

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdmin<T>(serverUrl: string, fn: (admin: Db) => Promise<T>): Promise<T> {
  const admin = await openDb({ databaseUrl: serverUrl, poolSize: 1 });
  try {
    return await fn(admin);
  } finally {
    await admin.close();
  }
}

export const dropDatabase = (serverUrl: string, name: string) =>
  withAdmin(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));

/**
 * A new database: a copy of `template` when given (a database nobody is connected to: a bench's seeded one), else
 * the run's migrated template's copy when there is one (`empty`: never — a migration's own test runs them), else an
 * unmigrated one (the server it is given to migrates it at start).
 */
export async function createPgDatabase(
  serverUrl: string,
  {
    empty = false,
    poolSize = 8,
    template: from,
  }: { empty?: boolean; poolSize?: number; template?: string } = {},
): Promise<PgDatabase> {
  const name = `vitrine_t${runPid()}_${randomBytes(5).toString('hex')}`;
  const template = from ?? (empty ? undefined : process.env[TEMPLATE_ENV]);
  await withAdmin(serverUrl, (admin) =>
    admin.query(`create database ${name}${template ? ` template ${template}` : ''}`),
  );
  const url = databaseUrl(serverUrl, name);
  const db = await openDb({ databaseUrl: url, poolSize });
  return {
    name,
    url,
    db,
    drop: async () => {
      await db.close();
      await dropDatabase(serverUrl, name);
    },
  };
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Drops the databases left by runs whose process is gone, or by this run when `own`. */
async function dropLeftovers(serverUrl: string, { own = false } = {}) {
  const names = await withAdmin(serverUrl, (admin) =>
    admin.query<{ datname: string }>(`select datname from pg_database where datname ~ '^vitrine_t[0-9]+_'`),
  );
  for (const { datname } of names) {
    const pid = Number(/^vitrine_t(\d+)_/.exec(datname)![1]);
    if (own ? String(pid) === runPid() : !alive(pid)) await dropDatabase(serverUrl, datname);
  }
}

/**
 * Once per `vitest run`, in the main process before the workers fork: the migrated template they copy. Answers the
 * teardown, which drops it and whatever database of this run a failed file left.
 */
export async function preparePgTemplate(serverUrl: string): Promise<() => Promise<void>> {
  process.env[RUN_ENV] = String(process.pid);
  await dropLeftovers(serverUrl);
  const template = await createPgDatabase(serverUrl, { empty: true, poolSize: 1 });
  await migrate(template.db);
  await template.db.close(); // a template copies only while nobody is connected to it
  process.env[TEMPLATE_ENV] = template.name;
  return () => dropLeftovers(serverUrl, { own: true });
}
