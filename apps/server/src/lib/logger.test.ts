import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { Db } from '../db/client.ts';
import { createTestDb } from '../test/test-db.ts';
import { insertShop } from '../test/fixtures.ts';
import { testConfig, TEST_PLATFORM_KEY } from '../test/test-app.ts';
import { redactUrl } from './logger.ts';

let db: Db;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  db = (await createTestDb('pglite')).db;
  await insertShop(db, 'loja-a');
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({ db, config: testConfig({ logLevel: 'trace' }), logStream: stream });
  app.get('/api/test/log-body', async (request) => {
    request.log.info(
      { body: { document: '529.982.247-25', email: 'maria@example.com', phone: '11999990001' } },
      'x',
    );
    return { ok: true };
  });
});
afterAll(async () => {
  await app.close();
  await db.close();
});

it('never writes authorization headers, session codes or personal data to the logs', async () => {
  const created = await app.inject({
    method: 'POST',
    url: '/api/platform/sessions',
    headers: { authorization: `Bearer ${TEST_PLATFORM_KEY}` },
    payload: {
      shop: 'loja-a',
      sessionType: 'contact',
      channelType: 'whatsapp',
      contact: { name: 'Maria', phone: '11999990001' },
    },
  });
  const code = created.json().data.code as string;
  await app.inject({ url: `/api/session/${code}` });
  await app.inject({ url: '/api/shop/settings', headers: { authorization: `Bearer ${code}` } });
  await app.inject({ url: '/api/test/log-body' });
  const log = lines.join('');
  expect(log).toContain('"url":"/api/session/[REDACTED]"');
  for (const secret of [code, TEST_PLATFORM_KEY, '529.982.247-25', 'maria@example.com', '11999990001']) {
    expect(log).not.toContain(secret);
  }
});

it('strips tokens from logged URLs', () => {
  expect(redactUrl('/tray/x?access_token=abc&page=2')).toBe('/tray/x?access_token=[REDACTED]&page=2');
  expect(redactUrl('/api/session/abcdef?shop=moda')).toBe('/api/session/[REDACTED]?shop=moda');
  expect(redactUrl('/api/platform/sessions/abcdef/suggestions')).toBe(
    '/api/platform/sessions/[REDACTED]/suggestions',
  );
  expect(redactUrl('/api/platform/sessions')).toBe('/api/platform/sessions');
});

it('strips refresh tokens, consumer keys and secrets from logged URLs', () => {
  expect(redactUrl('/auth?refresh_token=r1&consumer_key=k1&consumer_secret=s1&page=1')).toBe(
    '/auth?refresh_token=[REDACTED]&consumer_key=[REDACTED]&consumer_secret=[REDACTED]&page=1',
  );
});
