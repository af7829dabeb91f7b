/**
 * Issue 39 item 10: a live Redis cut mid-run. A redis-server of the test's own (a free port, no persistence) holds
 * the counters; once it is stopped each budget does what WHEN_STORE_DOWN says — a password check refuses with 503
 * 'rateLimitUnavailable' in pt-BR (fail closed), a session-code read goes on (fail open), never a 5xx of another
 * kind — and when Redis is back the counters work again without a restart.
 */
import type { ChildProcess } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../test/test-app.ts';
import { createTestDb } from '../test/test-db.ts';
import { expectRefusal } from '../test/refusal.ts';
import { freePort } from '../test/cluster/server-process.ts';
import { startRedis, stopRedis } from '../test/redis-server.ts';

describe('rate limits when a live Redis is cut', () => {
  let app: FastifyInstance;
  let redis: ChildProcess;
  let port: number;
  let drop: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    const test = await createTestDb('pglite');
    drop = test.drop;
    const config = testConfig();
    config.rateLimits = { ...config.rateLimits, redisUrl: `redis://127.0.0.1:${port}`, namespace: 'cut:' };
    app = await buildApp({ db: test.db, config, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await drop();
    if (redis) await stopRedis(redis);
  });

  const signIn = (remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/console/session',
      payload: { email: 'ninguem@corte.example', password: 'senha-errada-123' },
      remoteAddress,
    });

  /** A sign-in once the Redis client has (re)connected: 503 until then, for at most 5 s. */
  const signInCounted = async (remoteAddress: string) => {
    const started = performance.now();
    let res = await signIn(remoteAddress);
    while (res.statusCode === 503 && performance.now() - started < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      res = await signIn(remoteAddress);
    }
    return { res, ms: performance.now() - started };
  };

  it('sign-in fails closed (503, pt-BR), session look-ups go on, and counting resumes when Redis is back', async () => {
    // Counted in Redis, then checked (a loaded machine may still be connecting the client to the new server).
    expectRefusal((await signInCounted('203.0.113.1')).res, 401);
    const guess = () => app.inject({ url: '/api/session/codigo-que-nao-existe-123' });
    expectRefusal(await guess(), 404);

    await stopRedis(redis);
    const closed = await signIn('203.0.113.2');
    expect(closed.statusCode).toBe(503);
    expect(closed.json()).toEqual({
      success: false,
      data: null,
      errors: [
        {
          code: 'rateLimitUnavailable',
          message: 'Não foi possível conferir o limite de tentativas agora. Tente novamente em instantes.',
        },
      ],
    });
    // Session-code guesses count in Redis too, but fail open: the lookup still answers (404), not 503.
    expect(expectRefusal(await guess(), 404).code).toBe('sessionInvalid');

    redis = await startRedis(port);
    const back = await signInCounted('203.0.113.3');
    console.log(`Redis back → counting again after ${back.ms.toFixed(0)} ms`);
    expectRefusal(back.res, 401);
  });
});
