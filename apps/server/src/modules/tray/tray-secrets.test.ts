import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FakeTrayServer } from '../../adapters/tray/fake-tray-server.ts';
import { buildApp } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { createTestDb } from '../../test/test-db.ts';
import { insertShop } from '../../test/fixtures.ts';
import { testConfig, TEST_PLATFORM_KEY } from '../../test/test-app.ts';
import { accessContext, TokenCipher } from './token-cipher.ts';
import {
  chatbotToken,
  linkBody,
  postLink,
  sessionCode,
  startFakeTray,
  trayTestConfig,
} from './tray-test-kit.ts';
import { drainTrayJobs } from './worker.ts';

let db: Db;
let app: FastifyInstance;
let fake: FakeTrayServer;
const lines: string[] = [];

beforeAll(async () => {
  db = (await createTestDb('pglite')).db;
  await insertShop(db, 'loja-tray');
  fake = await startFakeTray(60);
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({
    db,
    config: testConfig({ ...trayTestConfig(), logLevel: 'trace' }),
    logStream: stream,
  });
});
afterAll(async () => {
  await app.close();
  await db.close();
  await fake.close();
});

it('never writes Tray tokens, codes, secrets or chatbot tokens to the logs or to any response', async () => {
  const token = await chatbotToken(app, 'loja-tray');
  const body = linkBody(fake, 'loja-tray', token);
  const responses: string[] = [];
  responses.push((await postLink(app, { ...body, code: 'codigo-errado-123' })).raw);
  responses.push((await postLink(app, body)).raw);
  responses.push((await postLink(app, body)).raw); // reused code
  await app.inject({ url: `/tray/register/callback?code=${body.code}&store=${fake.storeId}` });
  fake.failNext(1, 429, '/web_api/products');
  await drainTrayJobs(app);
  await db.query(`update tray_stores set access_expires_at = now() - interval '1 minute'`);
  fake.expireAccessTokens();
  const agent = await sessionCode(app, 'loja-tray');
  await app.inject({
    method: 'POST',
    url: '/api/tray/import',
    headers: { authorization: `Bearer ${agent}` },
  });
  await drainTrayJobs(app);
  for (const url of [
    `/tray/link-store/${fake.storeId}`,
    `/tray/link-store/${fake.storeId}/import-status`,
    '/api/tray/config',
  ])
    responses.push((await app.inject({ url })).body);
  responses.push(
    (await app.inject({ url: '/api/tray/import/status', headers: { authorization: `Bearer ${agent}` } }))
      .body,
  );

  expect(fake.stats.refreshes).toBe(1);
  const log = lines.join('');
  expect(log).toContain('tray import done');
  expect(log).toContain('tray rate limited');
  const secrets = [...fake.issued, body.code, token, TEST_PLATFORM_KEY, app.config.tray.consumerSecret!];
  for (const secret of secrets) {
    expect(log).not.toContain(secret);
    for (const response of responses) expect(response).not.toContain(secret);
  }
  const [row] = await db.query<{ id: string; access_token_enc: string }>(
    'select id, access_token_enc from tray_stores',
  );
  const cipher = new TokenCipher(app.config.tray.tokenKey!);
  expect(fake.issued).toContain(cipher.open(row!.access_token_enc, accessContext(row!.id)));
  expect(() => cipher.open(row!.access_token_enc, accessContext('outro-vinculo'))).toThrow();
});
