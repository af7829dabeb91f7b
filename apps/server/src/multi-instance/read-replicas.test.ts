/**
 * Reads from a real streaming replica (issue 40, docs/decisions/0060-read-replicas.md): a hot standby of the test
 * PostgreSQL made by `pg_basebackup` (test/pg-replica.ts) with `recovery_min_apply_delay = 2s`, and two app
 * instances (A and B, each its own pools and its own view of the replica) on the primary with DATABASE_READ_URLS
 * naming it. Fails — does not skip — when the machine cannot make the replica; skips only without TEST_DATABASE_URL.
 */
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@vitrine/contracts/catalog';
import { blankProduct, type ProductInput } from '@vitrine/contracts/console-catalog';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDb, type Db } from '../db/client.ts';
import { readDb } from '../db/read-db.ts';
import { postgresMarks, redisMarks } from '../db/read-marks.ts';
import { openReadReplicas, type ReplicaStatus } from '../db/replicas.ts';
import { catalogCall } from '../test/catalog-kit.ts';
import { shopWithOwner, type Staff } from '../test/console-kit.ts';
import { createPgDatabase, type PgDatabase } from '../test/pg-database.ts';
import { startPgReplica, type PgReplica } from '../test/pg-replica.ts';
import { freePort } from '../test/cluster/server-process.ts';
import { startRedis, stopRedis } from '../test/redis-server.ts';
import { TEST_PLATFORM_KEY, testConfig } from '../test/test-app.ts';

const url = process.env.TEST_DATABASE_URL;
const MAX_LAG_MS = 5_000;
let attempt = 0;
let SHOP = 'replicada';
const CODE = 'REP-1';

async function until(what: string, ok: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    if (await Promise.resolve(ok()).catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('DATABASE_READ_URLS without PostgreSQL', () => {
  it('is refused at start with the reason in pt-BR (PGlite has no replicas)', () => {
    expect(() => loadConfig({ DATABASE_READ_URLS: 'postgres://r1/x' })).toThrow(
      /DATABASE_READ_URLS exige DATABASE_URL/,
    );
  });
});

describe.runIf(url)('reads from a real streaming replica [postgres]', () => {
  let replica: PgReplica | undefined;
  let database: PgDatabase | undefined;
  let onReplica: Db | undefined;
  const apps: FastifyInstance[] = [];
  const pools: Db[] = [];
  const statusOf = (app: FastifyInstance): ReplicaStatus => app.readReplicas!.status()[0]!;
  const reads = () => apps.reduce((sum, app) => sum + statusOf(app).reads, 0);

  beforeAll(async () => {
    // The database first: the base backup copies it, and the replica need not replay its creation.
    database = await createPgDatabase(url!, { poolSize: 4 });
    replica = await startPgReplica(url!, { applyDelayMs: 2_000 });
    const replicaUrl = replica.urlOf(database.name);
    await until('the database on the replica', async () => {
      onReplica ??= await openDb({ databaseUrl: replicaUrl, poolSize: 2 });
      return (await onReplica.query('select 1 from schema_migrations limit 1')).length === 1;
    });
    const config = testConfig({ readReplicas: { urls: [replicaUrl], maxLagMs: MAX_LAG_MS, pollMs: 200 } });
    for (let i = 0; i < 2; i++) {
      const db = i === 0 ? database.db : await openDb({ databaseUrl: database.url, poolSize: 4 });
      pools.push(db);
      const app = await buildApp({ db, config, logger: false });
      await app.ready();
      apps.push(app);
    }
    await until('the replica in rotation', () => apps.every((app) => statusOf(app).state === 'ok'));
  }, 60_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const db of pools.slice(1)) await db.close();
    await onReplica?.close();
    await database?.drop();
    await replica?.destroy();
  });

  const mint = async (app: FastifyInstance, phone: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/platform/sessions',
      headers: { authorization: `Bearer ${TEST_PLATFORM_KEY}` },
      payload: {
        shop: SHOP,
        sessionType: 'contact',
        channelType: 'whatsapp',
        contact: { name: 'Lia', phone },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.code as string;
  };
  const shownPrice = async (app: FastifyInstance, code: string) => {
    const res = await app.inject({
      url: `/api/catalog/products/${CODE}`,
      headers: { authorization: `Bearer ${code}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as Product).price;
  };
  const replicaPrice = async () =>
    (
      await onReplica!.query<{ price: number }>(
        `select price_cents as price from products where provider_id = $1`,
        [CODE],
      )
    )[0]?.price;

  let owner: Staff;
  let other: string;

  it('a save through A is read at once through B, by its writer and by the shop’s shoppers; the replica serves the rest', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    SHOP = `replicada-${++attempt}`; // a retried attempt starts on a shop of its own
    ({ owner } = await shopWithOwner(a, SHOP));
    const made = await catalogCall(
      a,
      owner,
      SHOP,
      'POST',
      '/products',
      blankProduct({ code: CODE, sku: 'R1', name: 'Café', priceCents: 1000 }),
    );
    expect(made.status, made.message).toBe(201);
    other = await mint(b, '5511955550002');
    await until('the product on the replica', async () => (await replicaPrice()) === 1000);
    const fromReplica = async (expected: number) => {
      const before = reads();
      return (await shownPrice(b, other)) === expected && reads() > before;
    };
    await until('a shopper’s read served by the replica', () => fromReplica(10), MAX_LAG_MS);

    const edited = await catalogCall<ProductInput>(a, owner, SHOP, 'GET', `/products/${CODE}`);
    const saved = await catalogCall(a, owner, SHOP, 'PUT', `/products/${CODE}`, {
      ...edited.data,
      priceCents: 2000,
    });
    expect(saved.status, saved.message).toBe(200);
    const written = Date.now();
    // The replica has not replayed the save yet (it applies 2 s late) ...
    expect(await replicaPrice()).toBe(1000);
    // ... yet through B the owner (its own write) and a shopper (B heard the shop's change) see it, from the primary.
    const before = reads();
    const theirs = await catalogCall<ProductInput>(b, owner, SHOP, 'GET', `/products/${CODE}`);
    expect(theirs.data.priceCents).toBe(2000);
    expect(await shownPrice(b, other)).toBe(20);
    expect(reads()).toBe(before);
    // Once the replica has replayed the change, the shop's reads go back to it, within the lag bound.
    await until('the new price served by the replica', () => fromReplica(20), MAX_LAG_MS);
    expect(Date.now() - written).toBeLessThan(MAX_LAG_MS);
    expect(statusOf(b).state).toBe('ok');
  }, 30_000);

  it('a caller’s mark, on the primary or in Redis, keeps its reads off a replica that has not replayed its write', async () => {
    // A replica set of its own, never told of changes: only the marks decide.
    const replicas = await openReadReplicas(database!.db, {
      urls: [replica!.urlOf(database!.name)],
      maxLagMs: MAX_LAG_MS,
      pollMs: 100,
      warn: () => undefined,
    });
    const port = await freePort();
    const redis = await startRedis(port);
    const stores = {
      postgres: postgresMarks(database!.db, MAX_LAG_MS + 2_000),
      redis: redisMarks(database!.db, `redis://127.0.0.1:${port}`, MAX_LAG_MS + 2_000),
    };
    const nameOf = async (db: Db) =>
      (await db.query<{ name: string }>(`select name from products where provider_id = $1`, [CODE]))[0]!.name;
    try {
      await until('the replica in rotation', () => replicas.status()[0]!.state === 'ok');
      const tag = Date.now(); // a retried attempt writes names of its own
      const callers = Object.entries(stores).map(([kind, marks]) => ({
        name: `Café ${kind} ${tag}`,
        mine: readDb(database!.db, replicas, { needs: () => marks.lastWrite(`u:teste-${kind}`) }),
        mark: () => marks.mark(`u:teste-${kind}`),
      }));
      const anyone = readDb(database!.db, replicas);
      for (const caller of callers) {
        await database!.db.query(`update products set name = $1 where provider_id = $2`, [caller.name, CODE]);
        await caller.mark();
        expect(await nameOf(anyone)).not.toBe(caller.name); // the replica, 2 s behind
        const served = replicas.status()[0]!.reads;
        expect(await nameOf(caller.mine)).toBe(caller.name); // the primary
        expect(replicas.status()[0]!.reads).toBe(served);
      }
      // Once the replica has replayed past the marks, they no longer hold the callers back.
      await until(
        'the callers’ reads on the replica',
        async () => {
          const served = replicas.status()[0]!.reads;
          for (const caller of callers) expect(await nameOf(caller.mine)).toBe(callers[1]!.name);
          return replicas.status()[0]!.reads === served + 2;
        },
        MAX_LAG_MS,
      );
      // Redis gone: whether the caller wrote cannot be known, so its reads go to the primary, and answer.
      await stopRedis(redis);
      const before = replicas.status()[0]!.reads;
      const unsure = readDb(database!.db, replicas, {
        needs: () => stores.redis.lastWrite('u:teste-redis'),
      });
      expect(await nameOf(unsure)).toBe(callers[1]!.name);
      expect(replicas.status()[0]!.reads).toBe(before);
    } finally {
      await stopRedis(redis);
      for (const marks of Object.values(stores)) await marks.close();
      await replicas.close();
    }
  }, 30_000);

  it('with REDIS_URL an instance marks writes in Redis, not on the primary', async () => {
    const port = await freePort();
    const redis = await startRedis(port);
    const config = testConfig({ readReplicas: apps[0]!.config.readReplicas });
    config.rateLimits = {
      ...config.rateLimits,
      redisUrl: `redis://127.0.0.1:${port}`,
      namespace: 'rw-test:',
    };
    const db = await openDb({ databaseUrl: database!.url, poolSize: 2 });
    const app = await buildApp({ db, config, logger: false });
    const client = new Redis(`redis://127.0.0.1:${port}`);
    try {
      await app.ready();
      await database!.db.query('delete from read_marks');
      const edited = await catalogCall<ProductInput>(app, owner, SHOP, 'GET', `/products/${CODE}`);
      const saved = await catalogCall(app, owner, SHOP, 'PUT', `/products/${CODE}`, {
        ...edited.data,
        priceCents: 3000,
      });
      expect(saved.status, saved.message).toBe(200);
      expect(await client.keys('vitrine-rw:u:*')).toHaveLength(1);
      expect(await database!.db.query('select caller from read_marks')).toEqual([]);
    } finally {
      client.disconnect();
      await app.close();
      await db.close();
      await stopRedis(redis);
    }
  });

  it('stopping the replica mid-load fails no request: reads move to the primary and come back', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    let failures = 0;
    let served = 0;
    let running = true;
    let stopped = false;
    const worker = async (app: FastifyInstance) => {
      while (running) {
        const res = await app.inject({
          url: `/api/catalog/products/${CODE}`,
          headers: { authorization: `Bearer ${other}` },
        });
        if (res.statusCode === 200) served += 1;
        else failures += 1;
      }
    };
    const load = [a, b, a, b].map(worker);
    try {
      // (After the last save, the shop's reads stay on the primary until the replica has replayed it.)
      const start = reads();
      await until('reads on the replica', () => reads() > start + 10, MAX_LAG_MS);
      const onReplicaBefore = reads();
      stopped = true;
      await replica!.stop();
      await until('the replica out of rotation', () => apps.every((app) => statusOf(app).state === 'down'));
      const health = await a.inject({ url: '/healthz' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({ status: 'ok', replicas: [{ name: 'réplica 1', state: 'down' }] });
      const whileDown = served;
      const readsDown = reads();
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(served).toBeGreaterThan(whileDown); // the primary serves them
      expect(reads()).toBe(readsDown);
      expect(readsDown).toBeGreaterThan(onReplicaBefore);

      await replica!.start();
      stopped = false;
      await until('the replica back in rotation', () => apps.every((app) => statusOf(app).state === 'ok'));
      const back = reads();
      await until('reads on the replica again', () => reads() > back + 10, 5_000);
    } finally {
      running = false;
      if (stopped) await replica!.start(); // a failed attempt leaves the replica running for the retry
      await Promise.all(load);
    }
    expect(failures).toBe(0);
    expect(served).toBeGreaterThan(50);
  }, 30_000);

  it('a replica further behind than the limit is out of rotation until it catches up', async () => {
    const warnings: string[] = [];
    // A 1 s limit against the replica's 2 s apply delay: the next commit puts it behind, then no delay lets it
    // catch up (the primary of a busy machine commits all the time).
    const replicas = await openReadReplicas(database!.db, {
      urls: [replica!.urlOf(database!.name)],
      maxLagMs: 1_000,
      pollMs: 100,
      warn: (message) => warnings.push(message),
    });
    try {
      await database!.db.query(`update shops set name = name || '' where slug = $1`, [SHOP]);
      await until('the replica lagging', () => replicas.status()[0]!.state === 'lagging', 5_000);
      expect(replicas.pick(null, null)).toBeNull();
      expect(replicas.status()[0]!.lagSeconds).toBeGreaterThanOrEqual(1);
      await replica!.setApplyDelay(0);
      await until('the replica caught up', () => replicas.status()[0]!.state === 'ok', 5_000);
      expect(replicas.pick(null, null)).not.toBeNull();
      expect(warnings.slice(-2)).toEqual([
        expect.stringMatching(/réplica 1: \d+ s atrás do primário; leituras no primário/),
        'Banco de leitura réplica 1: em dia; leituras voltam a ela',
      ]);
    } finally {
      await replica!.setApplyDelay(2_000);
      await replicas.close();
    }
  }, 20_000);

  it('a replica URL that is the primary, another database or unreachable is refused or down, warned in pt-BR', async () => {
    const warnings: string[] = [];
    const replicas = await openReadReplicas(database!.db, {
      urls: [database!.url, replica!.urlOf('postgres'), 'postgres://postgres@127.0.0.1:1/nada'],
      maxLagMs: MAX_LAG_MS,
      pollMs: 60_000,
      warn: (message) => warnings.push(message),
    });
    try {
      expect(replicas.status().map((s) => s.state)).toEqual(['refused', 'refused', 'down']);
      expect(replicas.pick(null, null)).toBeNull();
      expect(warnings.sort()).toEqual([
        expect.stringMatching(/réplica 1: não é uma réplica em recuperação .*recusada; leituras no primário/),
        expect.stringMatching(/réplica 2: aponta para outro banco \(postgres\): recusada/),
        expect.stringMatching(/réplica 3: sem resposta na partida; leituras no primário/),
      ]);
    } finally {
      await replicas.close();
    }
  });
});
