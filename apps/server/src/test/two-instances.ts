/**
 * Two app instances, each with its own connection pool, on one throwaway database of the PostgreSQL server
 * (TEST_DATABASE_URL), listening on free ports: what the cross-instance tests of the live streams need. Registers
 * its own beforeAll/afterAll; `prepare` runs once on the migrated database before the instances start; `config`
 * changes both instances' test configuration (e.g. caches on).
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.ts';
import { openDb, type Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { createPgDatabase, type PgDatabase } from './pg-database.ts';
import type { Config } from '../config.ts';
import { testConfig } from './test-app.ts';

export type TwoInstances = { apps: FastifyInstance[]; dbs: Db[]; base: (app: FastifyInstance) => string };

export function twoInstancesOnPostgres(
  prepare: (db: Db) => Promise<void> = async () => {},
  config: Partial<Config> = {},
): TwoInstances {
  const instances: TwoInstances = {
    apps: [],
    dbs: [],
    base: (app) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
  };
  let database: PgDatabase | undefined;

  beforeAll(async () => {
    database = await createPgDatabase(process.env.TEST_DATABASE_URL!, { poolSize: 4 });
    await migrate(database.db); // a no-op on the template's copy
    await prepare(database.db);
    for (let i = 0; i < 2; i++) {
      const db = i === 0 ? database.db : await openDb({ databaseUrl: database.url, poolSize: 4 });
      instances.dbs.push(db);
      const app = await buildApp({ db, config: testConfig(config), logger: false });
      await app.ready();
      await app.listen({ port: 0, host: '127.0.0.1' });
      instances.apps.push(app);
    }
  }, 60_000);
  afterAll(async () => {
    for (const app of instances.apps) await app.close();
    for (const db of instances.dbs.slice(1)) await db.close();
    await database?.drop(); // closes the first pool
  });
  return instances;
}
