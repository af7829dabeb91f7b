/**
 * Rate limits (issue 14): failed platform-key attempts and session-code guesses per IP; confirm, pay and send
 * calls per session and per IP. Over the limit: 429, our envelope, a pt-BR message and Retry-After. With
 * REDIS_URL the counters are shared by every instance (tested against the real Redis on 127.0.0.1:6379).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { DEFAULT_RATE_LIMITS } from './rate-limits.ts';
import { seedDemo } from '../db/seed/demo.ts';
import { mintSession } from '../modules/order/order-test-kit.ts';
import { describeEachDb, testConfig, TEST_PLATFORM_KEY } from '../test/test-app.ts';
import { createTestDb } from '../test/test-db.ts';
import { expectRefusal } from '../test/refusal.ts';

const SESSION_BODY = {
  shop: 'hortifruti',
  sessionType: 'contact',
  channelType: 'whatsapp',
  contact: { name: 'Ana', phone: '11999990001' },
};

function platformCall(app: FastifyInstance, key: string, remoteAddress: string) {
  return app.inject({
    method: 'POST',
    url: '/api/platform/sessions',
    headers: { authorization: `Bearer ${key}` },
    payload: SESSION_BODY,
    remoteAddress,
  });
}

function expectTooMany(res: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  const error = expectRefusal(res, 429);
  expect(error.code).toBe('rateLimited');
  expect(error.message).toMatch(/^Muitas tentativas\. Tente novamente em \d+ (segundos?|minutos)\.$/);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describeEachDb(
  'rate limits',
  (ctx) => {
    const limits = DEFAULT_RATE_LIMITS;

    it('failed platform-key attempts: per IP, then even the right key waits', async () => {
      const { app } = ctx();
      for (let i = 0; i < limits.platformKeyFailures.max; i++) {
        expectRefusal(await platformCall(app, `wrong-key-${i}-0123456789`, '198.51.100.1'), 401);
      }
      expectTooMany(await platformCall(app, 'wrong-key-x-0123456789', '198.51.100.1'));
      expectTooMany(await platformCall(app, TEST_PLATFORM_KEY, '198.51.100.1'));
      // Another address is not affected; successful calls never count.
      expect((await platformCall(app, TEST_PLATFORM_KEY, '198.51.100.2')).statusCode).toBe(201);
      for (let i = 0; i < limits.platformKeyFailures.max + 2; i++) {
        expect((await platformCall(app, TEST_PLATFORM_KEY, '198.51.100.3')).statusCode).toBe(201);
      }
    });

    it('session-code guessing: unknown codes on /api/session and as bearer share one budget per IP', async () => {
      const { app } = ctx();
      const guess = () => randomBytes(32).toString('base64url');
      const ip = '198.51.100.20';
      const half = Math.ceil(limits.sessionLookupFailures.max / 2);
      for (let i = 0; i < half; i++) {
        expectRefusal(await app.inject({ url: `/api/session/${guess()}`, remoteAddress: ip }), 404);
      }
      for (let i = half; i < limits.sessionLookupFailures.max; i++) {
        const res = await app.inject({
          url: '/api/order/current',
          headers: { authorization: `Bearer ${guess()}` },
          remoteAddress: ip,
        });
        expectRefusal(res, 401);
      }
      expectTooMany(await app.inject({ url: `/api/session/${guess()}`, remoteAddress: ip }));
      const real = await mintSession(app);
      expectTooMany(await app.inject({ url: `/api/session/${real}`, remoteAddress: ip }));
      expect(
        (await app.inject({ url: `/api/session/${real}`, remoteAddress: '198.51.100.21' })).statusCode,
      ).toBe(200);
    });

    it('confirm, pay and send: per session, then per IP across sessions', async () => {
      const { app } = ctx();
      const ip = '198.51.100.30';
      const call = (code: string, method: 'GET' | 'POST', url: string) =>
        app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${code}` },
          remoteAddress: ip,
          payload: {},
        });
      const cases = [
        ['POST', '/api/order/confirm', limits.confirm.perSession],
        ['POST', '/api/order/payment/credit', limits.pay.perSession],
        ['GET', '/api/order/send/resume', limits.send.perSession],
      ] as const;
      for (const [method, url, max] of cases) {
        const agent = await mintSession(app, { agent: true });
        for (let i = 0; i < max; i++) expect((await call(agent, method, url)).statusCode, url).not.toBe(429);
        expectTooMany(await call(agent, method, url));
        const other = await mintSession(app, { agent: true });
        expect((await call(other, method, url)).statusCode, url).not.toBe(429);
      }
      // Many fresh sessions from one address reach the per-IP budget of confirm.
      let refused = 0;
      for (let i = 0; i < limits.confirm.perIp + 1 && refused === 0; i++) {
        const res = await call(await mintSession(app), 'POST', '/api/order/confirm');
        if (res.statusCode === 429) refused = i;
      }
      expect(refused).toBeGreaterThan(0);
      expect(refused).toBeLessThanOrEqual(limits.confirm.perIp);
    });
  },
  { setup: async (db) => void (await seedDemo(db)) },
);

describe('rate limits shared through Redis (REDIS_URL)', () => {
  const apps: FastifyInstance[] = [];
  const drops: (() => Promise<void>)[] = [];
  const namespace = `vitrine-test-${randomBytes(4).toString('hex')}:`;

  beforeAll(async () => {
    const test = await createTestDb('pglite');
    drops.push(test.drop);
    await seedDemo(test.db);
    for (let i = 0; i < 2; i++) {
      const config = testConfig();
      config.rateLimits = { ...config.rateLimits, redisUrl: 'redis://127.0.0.1:6379', namespace };
      const app = await buildApp({ db: test.db, config, logger: false });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const drop of drops) await drop();
  });

  it('two instances share one budget of failed platform-key attempts', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const max = DEFAULT_RATE_LIMITS.platformKeyFailures.max;
    for (let i = 0; i < max; i++) {
      expectRefusal(await platformCall(i % 2 ? a : b, `wrong-${i}-0123456789`, '198.51.100.40'), 401);
    }
    expectTooMany(await platformCall(a, 'wrong-a-0123456789', '198.51.100.40'));
    expectTooMany(await platformCall(b, 'wrong-b-0123456789', '198.51.100.40'));
  });

  it('a sign-in burst over two instances checks at most the budget (counted in Redis before the check)', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (i % 2 ? a : b).inject({
          method: 'POST',
          url: '/api/console/session',
          payload: { email: 'ninguem@rajada.example', password: `errada-${i}` },
          remoteAddress: '198.51.100.41',
        }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(DEFAULT_RATE_LIMITS.consoleSignIn.perEmailAndIp);
    expect(statuses.filter((s) => s === 429)).toHaveLength(
      30 - DEFAULT_RATE_LIMITS.consoleSignIn.perEmailAndIp,
    );
  });
});

describe('rate limits with Redis down (WHEN_STORE_DOWN)', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    const test = await createTestDb('pglite');
    drop = test.drop;
    await seedDemo(test.db);
    const config = testConfig();
    // Nothing listens on port 9: every counter call fails as with Redis stopped.
    config.rateLimits = { ...config.rateLimits, redisUrl: 'redis://127.0.0.1:9', namespace: 'down:' };
    app = await buildApp({ db: test.db, config, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

  it('password checks, reset e-mails and payments refuse (503); sessions, the platform and confirm go on', async () => {
    for (const [url, payload] of [
      ['/api/console/session', { email: 'dona@x.example', password: 'qualquer-coisa' }],
      ['/api/console/password/forgot', { email: 'dona@x.example' }],
    ] as const) {
      const res = await app.inject({ method: 'POST', url, payload });
      expect(res.statusCode, url).toBe(503);
      expect(res.json().errors[0].code).toBe('rateLimitUnavailable');
    }
    const code = await mintSession(app);
    const pay = await app.inject({
      method: 'POST',
      url: '/api/order/payment/charge',
      headers: { authorization: `Bearer ${code}` },
    });
    expect(pay.statusCode).toBe(503);
    expect((await app.inject({ url: `/api/session/${code}` })).statusCode).toBe(200);
    expect((await platformCall(app, TEST_PLATFORM_KEY, '198.51.100.50')).statusCode).toBe(201);
    const confirm = await app.inject({
      method: 'POST',
      url: '/api/order/confirm',
      headers: { authorization: `Bearer ${await mintSession(app, { agent: true })}` },
      payload: {},
    });
    expect(confirm.statusCode).not.toBe(503);
  });
});
