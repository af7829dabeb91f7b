import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createTestDb, TEST_DB_KINDS, type DbKind } from './test-db.ts';

export const TEST_PLATFORM_KEY = 'test-platform-key-0123456789';

export type TestContext = { app: FastifyInstance; db: Db; config: Config; kind: DbKind };

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      PLATFORM_API_KEY: TEST_PLATFORM_KEY,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://vitrine.test',
      // Tests change data between calls and expect to see it at once; cache tests turn the caches on.
      SESSION_CACHE_SECONDS: '0',
      CATALOG_CACHE_SECONDS: '0',
      // Password hashing at the lowest cost: the tests check behaviour, not the hash's strength.
      STAFF_SCRYPT_COST: '1024',
    }),
    ...overrides,
  };
}

/**
 * Runs a describe block once per test database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
 * with a fresh migrated database and an in-process app; `setup` seeds what the block needs.
 */
/** Migrating and seeding a database on a busy 2-core machine can take far longer than on a quiet one. */
const SETUP_TIMEOUT_MS = 180_000;

export function describeEachDb(
  title: string,
  body: (ctx: () => TestContext) => void,
  options: {
    setup?: (db: Db) => Promise<void>;
    config?: Partial<Config>;
    /**
     * One database only — PostgreSQL when there is one, else PGlite: for suites that test the HTTP layer's checks over
     * SQL both engines run alike (the authorisation matrices, the OpenAPI fuzz), where a second run adds time only.
     */
    oneDatabase?: boolean;
  } = {},
) {
  for (const kind of options.oneDatabase ? TEST_DB_KINDS.slice(-1) : TEST_DB_KINDS) {
    describe(`${title} [${kind}]`, () => {
      let ctx: TestContext | undefined;
      let drop: () => Promise<void> = async () => undefined;
      beforeAll(async () => {
        const test = await createTestDb(kind);
        drop = test.drop;
        await options.setup?.(test.db);
        const config = testConfig(options.config);
        const app = await buildApp({ db: test.db, config, logger: false });
        await app.ready();
        ctx = { app, db: test.db, config, kind };
      }, SETUP_TIMEOUT_MS);
      afterAll(async () => {
        await ctx?.app.close();
        await drop();
      });
      body(() => {
        if (!ctx) throw new Error('test context not ready');
        return ctx;
      });
    });
  }
}
