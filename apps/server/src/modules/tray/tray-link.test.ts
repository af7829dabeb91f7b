import { afterAll, beforeAll, expect, it } from 'vitest';
import { TRAY_MASKED_TOKEN } from '@vitrine/contracts/tray';
import type { FakeTrayServer } from '../../adapters/tray/fake-tray-server.ts';
import { insertShop } from '../../test/fixtures.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { normalizeApiAddress } from './api-address.ts';
import { startTrayWorker } from './worker.ts';
import {
  chatbotToken,
  linkBody,
  postLink,
  sessionCode,
  startFakeTray,
  trayCounts,
  trayTestConfig,
} from './tray-test-kit.ts';

let fake: FakeTrayServer;
beforeAll(async () => {
  fake = await startFakeTray(3);
});
afterAll(() => fake.close());

describeEachDb(
  'tray link',
  (ctx) => {
    let token = '';
    beforeAll(async () => {
      token = await chatbotToken(ctx().app, 'loja-tray');
    });

    it('refuses a wrong chatbot token without spending the code', async () => {
      const body = linkBody(fake, 'loja-tray', 'token-errado-123');
      const exchanges = fake.stats.exchanges;
      const res = await postLink(ctx().app, body);
      expect(res.status).toBe(401);
      expect(res.body.errors[0]).toMatchObject({
        code: 'trayChatbotInvalid',
        message: 'ID ou token do chatbot inválidos.',
      });
      expect(fake.stats.exchanges).toBe(exchanges);
      expect(await trayCounts(ctx().db)).toEqual({ links: 0, jobs: 0, codes: 0 });
      // The demo token only works for shops without a token of their own.
      expect(
        (await postLink(ctx().app, { ...body, chatbotToken: ctx().config.tray.demoChatbotToken! })).status,
      ).toBe(401);
    });

    it('refuses a code Tray does not know, and leaves nothing behind', async () => {
      const res = await postLink(ctx().app, linkBody(fake, 'loja-tray', token, 'codigo-inventado'));
      expect(res.status).toBe(422);
      expect(res.body.errors[0].code).toBe('trayCodeRejected');
      expect(await trayCounts(ctx().db)).toEqual({ links: 0, jobs: 0, codes: 0 });
    });

    it('says so when Tray cannot be reached, and leaves nothing behind', async () => {
      const body = { ...linkBody(fake, 'loja-tray', token), apiAddress: '127.0.0.1:9/web_api' };
      const res = await postLink(ctx().app, body);
      expect(res.status).toBe(503);
      expect(res.body.errors[0].message).toContain('Não foi possível falar com a Tray');
      expect(await trayCounts(ctx().db)).toEqual({ links: 0, jobs: 0, codes: 0 });
    });

    it('links the store, stores the tokens encrypted and queues the first import', async () => {
      const body = linkBody(fake, 'loja-tray', token);
      const res = await postLink(ctx().app, body);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        chatbotId: 'loja-tray',
        store: fake.storeId,
        importStatus: { status: 'queued' },
      });
      const [link] = await ctx().db.query<Record<string, string>>('select * from tray_stores');
      expect(link).toMatchObject({
        status: 'active',
        tray_store_id: fake.storeId,
        api_address: `http://${fake.apiAddress}`,
      });
      const stored = JSON.stringify(link);
      for (const secret of fake.issued) {
        expect(stored).not.toContain(secret);
        expect(res.raw).not.toContain(secret);
      }
      expect(link!.access_token_enc).toMatch(/^v1\./);

      const prefill = (store: string, apiAddress?: string) =>
        ctx().app.inject({
          url: `/tray/link-store/${store}`,
          query: apiAddress === undefined ? {} : { apiAddress },
        });
      // Only the chatbot id and the masked-token marker, and only with the callback's own api_address.
      expect((await prefill(fake.storeId, fake.apiAddress)).json().data).toEqual({
        chatbotId: 'loja-tray',
        maskedToken: TRAY_MASKED_TOKEN,
      });
      expect((await prefill(fake.storeId)).statusCode).toBe(400);
      for (const [store, address] of [
        ['999999', fake.apiAddress],
        [fake.storeId, '127.0.0.1:1/web_api'],
      ] as const) {
        const unknown = await prefill(store, address);
        expect(unknown.statusCode, address).toBe(404);
        expect(unknown.json().errors[0].message).toBe('Esta loja Tray não está vinculada a nenhum chatbot.');
      }

      // The same code again: refused before reaching Tray, nothing new written.
      const before = await trayCounts(ctx().db);
      const again = await postLink(ctx().app, { ...body });
      expect(again.status).toBe(409);
      expect(again.body.errors[0].code).toBe('trayCodeUsed');
      expect(await trayCounts(ctx().db)).toEqual(before);
    });

    it('re-authorizes with the masked token only for the shop already linked to that store', async () => {
      const other = await postLink(ctx().app, linkBody(fake, 'outra-loja', TRAY_MASKED_TOKEN));
      expect(other.status).toBe(401);
      const before = await ctx().db.query<{ token_version: number }>('select token_version from tray_stores');
      const res = await postLink(ctx().app, linkBody(fake, 'loja-tray', TRAY_MASKED_TOKEN));
      expect(res.status).toBe(200);
      const after = await ctx().db.query<{ token_version: number; status: string }>(
        'select token_version, status from tray_stores',
      );
      expect(after).toEqual([{ token_version: before[0]!.token_version + 1, status: 'active' }]);
      expect((await trayCounts(ctx().db)).jobs).toBe(1); // the queued import is reused, not duplicated
    });

    it('refuses a masked-token re-authorization through another API address, whatever it answers', async () => {
      // The chatbot id is public: someone's own "Tray" claiming the same store must not take the link over.
      const impostor = await startFakeTray(1, fake.storeId);
      try {
        const res = await postLink(ctx().app, linkBody(impostor, 'loja-tray', TRAY_MASKED_TOKEN));
        expect(res.status).toBe(401);
        expect(res.body.errors[0].code).toBe('trayChatbotInvalid');
        expect(impostor.stats.exchanges).toBe(0);
        const links = await ctx().db.query<{ api_address: string }>(
          `select api_address from tray_stores where status <> 'replaced'`,
        );
        expect(links).toEqual([{ api_address: `http://${fake.apiAddress}` }]);
      } finally {
        await impostor.close();
      }
    });

    it('shows the link and its import to the shop agents only', async () => {
      const agent = await sessionCode(ctx().app, 'loja-tray');
      const res = await ctx().app.inject({
        url: '/api/tray/import/status',
        headers: { authorization: `Bearer ${agent}` },
      });
      expect(res.json().data).toMatchObject({
        linked: true,
        store: fake.storeId,
        linkStatus: 'active',
        lastImport: { status: 'queued' },
      });
      const contact = await sessionCode(ctx().app, 'loja-tray', 'contact');
      const refused = await ctx().app.inject({
        url: '/api/tray/import/status',
        headers: { authorization: `Bearer ${contact}` },
      });
      expect(refused.statusCode).toBe(403);
      const otherAgent = await sessionCode(ctx().app, 'outra-loja');
      const none = await ctx().app.inject({
        url: '/api/tray/import/status',
        headers: { authorization: `Bearer ${otherAgent}` },
      });
      expect(none.json().data).toMatchObject({ linked: false, lastImport: null });
    });

    it('the worker started with the server runs the queued import', async () => {
      const worker = startTrayWorker(ctx().app, { idleMs: 20 })!;
      try {
        await expect
          .poll(
            async () =>
              (
                await ctx().app.inject({
                  url: `/tray/link-store/${fake.storeId}/import-status`,
                  query: { apiAddress: fake.apiAddress },
                })
              ).json().data,
            {
              timeout: 15_000,
            },
          )
          .toMatchObject({ status: 'done', productsDone: 3, productsTotal: 3 });
      } finally {
        await worker.stop();
      }
    });

    it('answers malformed payloads and a wrong platform key with 4xx', async () => {
      const bad = await ctx().app.inject({
        method: 'POST',
        url: '/tray/link-store',
        payload: { code: 'x', extra: 1 },
      });
      expect(bad.statusCode).toBe(400);
      const key = await ctx().app.inject({
        method: 'POST',
        url: '/api/platform/chatbot-tokens',
        headers: { authorization: 'Bearer errada' },
        payload: { shop: 'loja-tray' },
      });
      expect(key.statusCode).toBe(401);
      const config = await ctx().app.inject({ url: '/api/tray/config' });
      expect(config.json().data).toEqual({
        consumerKey: ctx().config.tray.consumerKey,
        callbackUrl: 'http://vitrine.test/tray/register/callback',
      });
    });
  },
  {
    setup: async (db) => {
      await insertShop(db, 'loja-tray');
      await insertShop(db, 'outra-loja');
    },
    config: trayTestConfig(),
  },
);

it('accepts only https addresses on public hosts (http on loopback in demo mode)', () => {
  expect(normalizeApiAddress('www.loja.com.br/web_api/', false)).toBe('https://www.loja.com.br/web_api');
  expect(normalizeApiAddress('127.0.0.1:4010/web_api', true)).toBe('http://127.0.0.1:4010/web_api');
  for (const address of [
    'http://www.loja.com.br/web_api',
    '127.0.0.1/web_api',
    '10.0.0.5/web_api',
    'intranet/web_api',
    'a.b?x=1',
  ])
    expect(() => normalizeApiAddress(address, false)).toThrow(/Endereço da API da Tray inválido/);
});
