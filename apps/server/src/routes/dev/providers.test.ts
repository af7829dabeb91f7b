/**
 * The demo's built-in provider fakes (issue 18, decisions 0038/0040): in demo mode, with GRAPH_API_BASE_URL /
 * MERCADOPAGO_API_URL / PAGARME_API_URL unset, the console's 'Testar conexão' goes through the real adapters over
 * HTTP to this server's own `/dev/providers/…` (listening on a free port): a `demo…` token is accepted, another
 * refused as the provider refuses it. Outside demo mode the routes do not exist and the real APIs stay the
 * defaults; a variable set wins in both modes.
 */
import { createServer } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig, PROVIDER_API_URLS } from '../../config.ts';
import { asStaff, shopWithOwner } from '../../test/console-kit.ts';
import { productionEnv } from '../../test/production-env.ts';
import { describeEachDb, TEST_PLATFORM_KEY, testConfig } from '../../test/test-app.ts';
import { createTestDb } from '../../test/test-db.ts';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const port = await freePort();
const demo = loadConfig({ PORT: String(port), PLATFORM_API_KEY: TEST_PLATFORM_KEY, LOG_LEVEL: 'silent' });
const fake = `http://127.0.0.1:${port}/dev/providers`;

describe('provider API origins', () => {
  it('demo mode: the built-in fake unless a variable is set; production: the real APIs', () => {
    expect(demo.messaging.graphBaseUrl).toBe(`${fake}/graph`);
    expect(demo.payments.apiUrls).toEqual({
      mercadopago: `${fake}/mercadopago`,
      pagarme: `${fake}/pagarme/core/v5`,
    });
    const set = loadConfig({
      GRAPH_API_BASE_URL: 'http://127.0.0.1:9/graph/',
      MERCADOPAGO_API_URL: 'https://api.mercadopago.com',
      PAGARME_API_URL: 'http://127.0.0.1:9/core/v5',
    });
    expect(set.messaging.graphBaseUrl).toBe('http://127.0.0.1:9/graph');
    expect(set.payments.apiUrls).toEqual({
      mercadopago: 'https://api.mercadopago.com',
      pagarme: 'http://127.0.0.1:9/core/v5',
    });

    const production = loadConfig(productionEnv());
    expect(production.demoMode).toBe(false);
    expect(production.messaging.graphBaseUrl).toBe(PROVIDER_API_URLS.graph);
    expect(production.payments.apiUrls).toEqual({
      mercadopago: 'https://api.mercadopago.com',
      pagarme: 'https://api.pagar.me/core/v5',
    });
    const explicit = loadConfig(productionEnv({ GRAPH_API_BASE_URL: 'https://graph.example' }));
    expect(explicit.messaging.graphBaseUrl).toBe('https://graph.example');
  });

  it('outside demo mode the fake is not registered: no route, 404', async () => {
    const { db, drop } = await createTestDb('pglite');
    const app = await buildApp({ db, config: testConfig({ demoMode: false }), logger: false });
    try {
      await app.ready();
      expect(app.routeTable.filter((r) => r.url.startsWith('/dev/providers'))).toEqual([]);
      const read = await app.inject({
        url: '/dev/providers/graph/v23.0/123?fields=id,name',
        headers: { authorization: 'Bearer demo-token-0123456789' },
      });
      expect(read.statusCode).toBe(404);
    } finally {
      await app.close();
      await drop();
    }
  });
});

describeEachDb(
  'demo mode: Testar conexão answered by the built-in fakes',
  (ctx) => {
    beforeAll(async () => {
      await ctx().app.listen({ port, host: '127.0.0.1' });
    });

    it('WhatsApp: a demo… token is OK, another is refused (401); a message gets a wamid', async () => {
      const { app } = ctx();
      const { owner } = await shopWithOwner(app, 'fake-wa');
      const url = '/api/console/shops/fake-wa/integrations/messaging';
      const save = (accessToken: string) =>
        asStaff(app, owner, {
          method: 'PUT',
          url,
          payload: { whatsapp: { phoneNumberId: '1098765432', accessToken } },
        });
      const test = async () =>
        (await asStaff(app, owner, { method: 'POST', url: `${url}/whatsapp/test` })).json().data;

      expect((await save('demo-whatsapp-token-0123')).statusCode).toBe(200);
      expect(await test()).toEqual({ ok: true, message: 'Conexão OK' });
      expect((await save('EAAG-real-looking-token-0123')).statusCode).toBe(200);
      expect(await test()).toEqual({ ok: false, message: 'Token recusado pelo WhatsApp (401)' });

      // The messages endpoint answers as WhatsApp Cloud does (a demo shop with a demo… token still delivers).
      const sent = await fetch(`${fake}/graph/v23.0/1098765432/messages`, {
        method: 'POST',
        headers: { authorization: 'Bearer demo-whatsapp-token-0123', 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          to: '5511999990000',
          type: 'text',
          text: { body: 'Oi' },
        }),
      });
      expect(sent.status).toBe(200);
      expect(((await sent.json()) as { messages: { id: string }[] }).messages[0]!.id).toMatch(/^wamid\./);
      const refused = await fetch(`${fake}/graph/v23.0/me?fields=id,name`, {
        headers: { authorization: 'Bearer EAAG-other' },
      });
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ error: { code: 190, type: 'OAuthException' } });
    });

    it('Messenger: the page name comes back from the fake', async () => {
      const { app } = ctx();
      const { owner } = await shopWithOwner(app, 'fake-ms');
      const url = '/api/console/shops/fake-ms/integrations/messaging';
      const saved = await asStaff(app, owner, {
        method: 'PUT',
        url,
        payload: { messenger: { pageId: '5550001', accessToken: 'demo-messenger-token-0123' } },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const tested = await asStaff(app, owner, { method: 'POST', url: `${url}/messenger/test` });
      expect(tested.json().data).toEqual({
        ok: true,
        message: 'Conexão OK: página “Página de demonstração”',
      });
    });

    it('Conta de pagamento: Mercado Pago and Pagar.me take demo… keys, refuse others (401)', async () => {
      const { app } = ctx();
      const { owner } = await shopWithOwner(app, 'fake-mp');
      const url = '/api/console/shops/fake-mp/payment-account/test';
      const test = async (accountType: string, secretKey: string) =>
        (await asStaff(app, owner, { method: 'POST', url, payload: { accountType, secretKey } })).json().data;
      expect(await test('mercadopago', 'demo-mp-token-0123')).toEqual({ ok: true, message: 'Conexão OK' });
      expect(await test('mercadopago', 'APP_USR-0123-real')).toEqual({
        ok: false,
        message: 'Credenciais recusadas pelo Mercado Pago (401)',
      });
      expect(await test('pagarme', 'sk_test_demo_0123')).toEqual({ ok: true, message: 'Conexão OK' });
      expect(await test('pagarme', 'sk_live_0123')).toEqual({
        ok: false,
        message: 'Credenciais recusadas pelo Pagar.me (401)',
      });
    });

    it('only this machine is answered', async () => {
      const read = await ctx().app.inject({
        url: '/dev/providers/mercadopago/v1/payment_methods',
        headers: { authorization: 'Bearer demo-mp-token-0123' },
        remoteAddress: '203.0.113.7',
      });
      expect(read.statusCode).toBe(404);
    });
  },
  { config: { port, messaging: demo.messaging, payments: demo.payments } },
);
