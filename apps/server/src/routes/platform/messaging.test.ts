import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeHttpServer, type FakeHttpServer } from '../../adapters/channels/fake-http-server.ts';
import { verifySignature } from '../../adapters/channels/webhook-signature.ts';
import { insertShop } from '../../test/fixtures.ts';
import { describeEachDb, TEST_PLATFORM_KEY } from '../../test/test-app.ts';
import { mintSession } from '../../modules/order/order-test-kit.ts';
import { drainOutbox } from '../../modules/outbox/worker.ts';
import { databaseRegistry } from '../../modules/messaging/channel-registry.ts';

const URL_PATH = '/api/platform/shops/canais/messaging';
const WA_TOKEN = 'EAAG-whatsapp-token-0123456789-wxyz';
const PAGE_TOKEN = 'EAAG-page-token-abcdefghijklmnop-1234';
const SECRET = 'whsec_chatbot_secret_0001';

let graph: FakeHttpServer;
let hooks: FakeHttpServer;
beforeAll(async () => {
  [graph, hooks] = await Promise.all([startFakeHttpServer(), startFakeHttpServer()]);
});
afterAll(async () => {
  await Promise.all([graph.close(), hooks.close()]);
});

describeEachDb(
  'platform messaging settings',
  (ctx) => {
    const call = (method: 'GET' | 'PUT', payload?: object, key = TEST_PLATFORM_KEY, url = URL_PATH) =>
      ctx().app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${key}` },
        ...(payload ? { payload } : {}),
      });

    it('refuses a wrong key (401), an unknown shop (404) and invalid input (400, pt-BR)', async () => {
      expect((await call('GET', undefined, 'chave-errada')).statusCode).toBe(401);
      const noKey = await ctx().app.inject({ method: 'PUT', url: URL_PATH, payload: {} });
      expect(noKey.statusCode).toBe(401);
      expect(noKey.json().errors[0].message).toBe('Chave da plataforma inválida.');
      const unknown = await call(
        'GET',
        undefined,
        TEST_PLATFORM_KEY,
        '/api/platform/shops/nao-existe/messaging',
      );
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().errors[0].message).toBe('Loja não encontrada.');

      const bad: [object, string][] = [
        [{}, 'Informe ao menos um canal.'],
        [
          { whatsapp: { phoneNumberId: '123456', accessToken: 'curto' } },
          'O token de acesso deve ter pelo menos 20 caracteres.',
        ],
        [
          { whatsapp: { phoneNumberId: 'abc', accessToken: WA_TOKEN } },
          'O ID do número de telefone deve ter de 5 a 30 dígitos.',
        ],
        [
          { messenger: { pageId: '123456', accessToken: `${PAGE_TOKEN} x` } },
          'O token de acesso não pode conter espaços.',
        ],
        [{ chatbot: { eventsUrl: 'nao é url', signingSecret: SECRET } }, 'URL inválida.'],
        [
          { chatbot: { eventsUrl: 'https://bot.test/e', signingSecret: 'curto' } },
          'O segredo de assinatura deve ter pelo menos 16 caracteres.',
        ],
        [
          { chatbot: { eventsUrl: 'http://bot.test/e', signingSecret: SECRET } },
          'chatbot.eventsUrl: a URL deve usar https (http só para 127.0.0.1 ou localhost).',
        ],
      ];
      for (const [payload, message] of bad) {
        const res = await call('PUT', payload);
        expect(res.statusCode, message).toBe(400);
        expect(res.json().errors[0].message).toContain(message);
      }
      expect((await call('GET')).json().data.whatsapp).toBeNull();
    });

    it('documents both calls in the OpenAPI with the platform key', async () => {
      const doc = (await ctx().app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      const path = doc.paths['/api/platform/shops/{shop}/messaging'];
      expect(Object.keys(path).sort()).toEqual(['get', 'put']);
      expect(path.put.security).toEqual([{ platform: [] }]);
      expect(JSON.stringify(path.put.requestBody)).toContain('HMAC-SHA256 key of X-Vitrine-Signature');
    });

    it('saves encrypted, answers masked, and delivers through the configured WhatsApp and chatbot webhook', async () => {
      const { app, db, config } = ctx();
      graph.requests.length = 0; // the fake servers are shared by the PGlite and PostgreSQL runs
      hooks.requests.length = 0;
      const saved = await call('PUT', {
        whatsapp: { phoneNumberId: '1098765432', accessToken: WA_TOKEN },
        messenger: { pageId: '5550001', accessToken: PAGE_TOKEN },
        chatbot: {
          eventsUrl: `${hooks.url}/events`,
          webchatUrl: `${hooks.url}/webchat`,
          signingSecret: SECRET,
        },
      });
      expect(saved.statusCode).toBe(200);
      const read = await call('GET');
      expect(read.json().data).toEqual(saved.json().data);
      expect(read.json().data).toMatchObject({
        shop: 'canais',
        whatsapp: { phoneNumberId: '1098765432', accessToken: '****wxyz' },
        messenger: { pageId: '5550001', accessToken: '****1234' },
        instagram: null,
        chatbot: {
          eventsUrl: `${hooks.url}/events`,
          webchatUrl: `${hooks.url}/webchat`,
          signingSecret: '****0001',
        },
      });
      for (const secret of [WA_TOKEN, PAGE_TOKEN, SECRET]) expect(read.body).not.toContain(secret);
      const rows = await db.query<{ row: string }>('select row_to_json(c)::text as row from shop_channels c');
      expect(rows).toHaveLength(3);
      for (const { row } of rows)
        for (const secret of [WA_TOKEN, PAGE_TOKEN, SECRET]) expect(row).not.toContain(secret);

      const whatsappAgent = await mintSession(app, { shop: 'canais', agent: true, phone: '5511966660001' });
      const webchatAgent = await mintSession(app, {
        shop: 'canais',
        agent: true,
        channel: 'webchat',
        phone: '5511966660002',
      });
      for (const code of [whatsappAgent, webchatAgent]) {
        const sent = await app.inject({
          method: 'GET',
          url: '/api/order/send/catalog',
          headers: { authorization: `Bearer ${code}` },
        });
        expect(sent.statusCode).toBe(200);
      }
      graph.respond({ status: 200, body: { messages: [{ id: 'wamid.TEST1' }] } });
      const registry = databaseRegistry(db, { ...config.messaging, graphBaseUrl: graph.url });
      expect(
        await drainOutbox(db, registry, {
          retryBaseMs: 0,
          links: { publicUrl: 'http://vitrine.test', sessionTtlMs: 60_000 },
        }),
      ).toEqual({ sent: 2, retried: 0, failed: 0 });

      expect(graph.requests).toHaveLength(1);
      const [request] = graph.requests;
      expect(request?.path).toBe(`/${config.messaging.graphApiVersion}/1098765432/messages`);
      expect(request?.headers.authorization).toBe(`Bearer ${WA_TOKEN}`);
      expect(request?.json).toMatchObject({ messaging_product: 'whatsapp', to: '5511966660001' });
      expect(hooks.requests.map((r) => r.path)).toEqual(['/webchat']);
      expect(verifySignature(SECRET, hooks.requests[0]!.headers, hooks.requests[0]!.raw)).toBe(true);
      expect(hooks.requests[0]!.json).toMatchObject({ type: 'message', recipient: '5511966660002' });

      const removed = await call('PUT', { messenger: null });
      expect(removed.json().data).toMatchObject({ messenger: null, whatsapp: { accessToken: '****wxyz' } });
    });
  },
  { setup: async (db) => void (await insertShop(db, 'canais')) },
);
