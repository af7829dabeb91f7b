/**
 * Two app instances, each with its own connection pool, on one throwaway schema of the PostgreSQL server
 * (TEST_DATABASE_URL), listening on free ports: what the cross-instance tests of the live streams need. Registers
 * its own beforeAll/afterAll; `prepare` runs once on the migrated database before the instances start; `config`
 * changes both instances' test configuration (e.g. caches on).
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.ts';
import { openDb, type Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import type { Config } from '../config.ts';
import { testConfig } from './test-app.ts';

export type TwoInstances = { apps: FastifyInstance[]; dbs: Db[]; base: (app: FastifyInstance) => string };

export function twoInstancesOnPostgres(
  prepare: (db: Db) => Promise<void> = async () => {},
  config: Partial<Config> = {},
): TwoInstances {
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const instances: TwoInstances = {
    apps: [],
    dbs: [],
    base: (app) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
  };
  let admin: Db;

  beforeAll(async () => {
    admin = await openDb({ databaseUrl: url, poolSize: 1 });
    await admin.query(`create schema ${schema}`);
    for (let i = 0; i < 2; i++) {
      const db = await openDb({ databaseUrl: url, schema, poolSize: 4 });
      if (i === 0) {
        await migrate(db);
        await prepare(db);
      }
      instances.dbs.push(db);
      const app = await buildApp({ db, config: testConfig(config), logger: false });
      await app.ready();
      await app.listen({ port: 0, host: '127.0.0.1' });
      instances.apps.push(app);
    }
  }, 60_000);
  afterAll(async () => {
    for (const app of instances.apps) await app.close();
    for (const db of instances.dbs) await db.close();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.close();
  });
  return instances;
}
