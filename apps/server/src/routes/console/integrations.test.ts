import { afterAll, expect, it } from 'vitest';
import { startFakeHttpServer } from '../../adapters/channels/fake-http-server.ts';
import { EVENT_ID_HEADER, verifySignature } from '../../adapters/channels/webhook-signature.ts';
import { saveShopChannel } from '../../modules/messaging/channel-registry.ts';
import { testChannelConnection } from '../../modules/messaging/connection-test.ts';
import { assertWebhookUrls } from '../../modules/messaging/messaging-settings.ts';
import { asStaff, inviteAndAccept, shopWithOwner } from '../../test/console-kit.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { describeEachDb, testConfig } from '../../test/test-app.ts';

const WA_TOKEN = 'EAAG-console-whatsapp-token-0123-k9z1';
const NEW_TOKEN = 'EAAG-console-whatsapp-token-4567-q2w3';
const PAGE_TOKEN = 'EAAG-console-messenger-token-8888-pg77';
const IG_TOKEN = 'EAAG-console-instagram-token-9999-ig55';
const SIGNING = 'segredo-do-chatbot-0123-sg31';
const graph = await startFakeHttpServer();
const bot = await startFakeHttpServer();
afterAll(() => Promise.all([graph.close(), bot.close()]));
// The provider timeout (PROVIDER_TIMEOUT_SECONDS, 10 s by default) lowered so "no answer" takes 3 s, not 10.
const messaging = { ...testConfig().messaging, graphBaseUrl: graph.url, timeoutMs: 3000 };

describeEachDb(
  'console integrações: channels read masked, saved with audit, connection tested',
  (ctx) => {
    it('the owner saves WhatsApp, reads it masked, sees old → new in the audit (secret only "alterada")', async () => {
      const { app, db } = ctx();
      const { owner, shop } = await shopWithOwner(app, 'integra-a');
      const url = '/api/console/shops/integra-a/integrations/messaging';
      const empty = await asStaff(app, owner, { url });
      expect(empty.statusCode, empty.body).toBe(200);
      expect(empty.json().data).toMatchObject({ whatsapp: null, messenger: null, chatbot: null });

      const first = { whatsapp: { phoneNumberId: '1098765432', accessToken: WA_TOKEN } };
      const saved = await asStaff(app, owner, { method: 'PUT', url, payload: first });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data.whatsapp).toMatchObject({
        phoneNumberId: '1098765432',
        accessToken: '****k9z1',
      });
      expect(saved.body).not.toContain(WA_TOKEN);
      const second = { whatsapp: { phoneNumberId: '2098765432', accessToken: NEW_TOKEN } };
      await asStaff(app, owner, { method: 'PUT', url, payload: second });
      const read = await asStaff(app, owner, { url });
      expect(read.json().data.whatsapp).toMatchObject({
        phoneNumberId: '2098765432',
        accessToken: '****q2w3',
      });

      const audit = await db.query<{ actor_label: string; detail: { changes: unknown[] } }>(
        "select actor_label, detail from audit_log where shop_id = $1 and action = 'messaging.changed' order by created_at, id",
        [shop.id],
      );
      expect(audit).toHaveLength(2);
      expect(audit[0]!.actor_label).toBe('dona@integra-a.example');
      expect(audit[1]!.detail.changes).toEqual([
        { label: 'WhatsApp: ID do número de telefone', before: '1098765432', after: '2098765432' },
        { label: 'WhatsApp: token de acesso', before: 'definida', after: 'alterada' },
      ]);
      const stored = JSON.stringify(audit);
      for (const secret of [WA_TOKEN, NEW_TOKEN, 'k9z1', 'q2w3']) expect(stored).not.toContain(secret);

      const bad = await asStaff(app, owner, {
        method: 'PUT',
        url,
        payload: { whatsapp: { phoneNumberId: '123456', accessToken: 'curto' } },
      });
      expect(expectRefusal(bad, 400).message).toContain(
        'O token de acesso deve ter pelo menos 20 caracteres.',
      );
      const http = await asStaff(app, owner, {
        method: 'PUT',
        url,
        payload: {
          chatbot: { eventsUrl: 'http://bot.example/e', signingSecret: 'segredo-de-assinatura-01' },
        },
      });
      expect(expectRefusal(http, 400).message).toContain('chatbot.eventsUrl: a URL deve usar https');
      expect((await asStaff(app, owner, { url })).json().data.chatbot).toBeNull();
    });

    it('"Testar conexão" calls the Graph API with the stored token and answers in pt-BR', async () => {
      const { app } = ctx();
      const { owner } = await shopWithOwner(app, 'integra-b');
      const url = '/api/console/shops/integra-b/integrations/messaging';
      const test = (channel: string) =>
        asStaff(app, owner, { method: 'POST', url: `${url}/${channel}/test` });
      expect((await test('whatsapp')).json().data).toEqual({
        ok: false,
        message: 'O WhatsApp ainda não está configurado nesta loja.',
      });
      await asStaff(app, owner, {
        method: 'PUT',
        url,
        payload: { whatsapp: { phoneNumberId: '1098765432', accessToken: WA_TOKEN } },
      });

      graph.requests.length = 0;
      graph.respond({ status: 200, body: { id: '1098765432', display_phone_number: '+55 11 4000-0000' } });
      expect((await test('whatsapp')).json().data).toEqual({ ok: true, message: 'Conexão OK' });
      expect(graph.requests[0]).toMatchObject({
        method: 'GET',
        path: `/${messaging.graphApiVersion}/1098765432?fields=id,display_phone_number`,
        headers: { authorization: `Bearer ${WA_TOKEN}` },
      });

      graph.respond({
        status: 401,
        body: {
          error: { message: `Invalid OAuth access token ${WA_TOKEN}`, code: 190, type: 'OAuthException' },
        },
      });
      const refused = await test('whatsapp');
      expect(refused.statusCode).toBe(200);
      expect(refused.json().data).toEqual({ ok: false, message: 'Token recusado pelo WhatsApp (401)' });
      expect(refused.body).not.toContain(WA_TOKEN);

      graph.respond({ status: 500, body: { error: { message: 'boom', code: 2 } } });
      expect((await test('whatsapp')).json().data.message).toBe('O WhatsApp respondeu com erro (500)');
      expectRefusal(await test('telegram'), 400);
    });

    it('"Testar conexão" says "Sem resposta em 3 s" when the provider does not answer in the timeout', async () => {
      const { app } = ctx();
      const { owner } = await shopWithOwner(app, 'integra-e');
      const url = '/api/console/shops/integra-e/integrations/messaging';
      await asStaff(app, owner, {
        method: 'PUT',
        url,
        payload: { messenger: { pageId: '5550001', accessToken: WA_TOKEN } },
      });
      graph.respond({ status: 200, body: { id: '5550001' }, delayMs: 3500 });
      const res = await asStaff(app, owner, { method: 'POST', url: `${url}/messenger/test` });
      expect(res.json().data).toEqual({ ok: false, message: 'Sem resposta em 3 s' });
    }, 40_000);

    it('Messenger and Instagram: saved masked, tested against the page and account they name, removed', async () => {
      const { app, db } = ctx();
      const { owner, shop } = await shopWithOwner(app, 'integra-m');
      const url = '/api/console/shops/integra-m/integrations/messaging';
      const saved = await asStaff(app, owner, {
        method: 'PUT',
        url,
        payload: {
          messenger: { pageId: '5550001', accessToken: PAGE_TOKEN },
          instagram: { accountId: '17841400000000', accessToken: IG_TOKEN },
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data.messenger).toMatchObject({ pageId: '5550001', accessToken: '****pg77' });
      expect(saved.json().data.instagram).toMatchObject({
        accountId: '17841400000000',
        accessToken: '****ig55',
      });
      for (const secret of [PAGE_TOKEN, IG_TOKEN]) expect(saved.body).not.toContain(secret);
      const test = (channel: string) =>
        asStaff(app, owner, { method: 'POST', url: `${url}/${channel}/test` });

      graph.requests.length = 0;
      graph.respond({ status: 200, body: { id: '5550001', name: 'Empório da Praça' } });
      expect((await test('messenger')).json().data).toEqual({
        ok: true,
        message: 'Conexão OK: página “Empório da Praça”',
      });
      expect(graph.requests[0]).toMatchObject({
        method: 'GET',
        path: `/${messaging.graphApiVersion}/5550001?fields=id,name`,
        headers: { authorization: `Bearer ${PAGE_TOKEN}` },
      });
      graph.respond({ status: 200, body: { id: '17841400000000', username: 'emporio.praca' } });
      expect((await test('instagram')).json().data).toEqual({
        ok: true,
        message: 'Conexão OK: conta @emporio.praca',
      });
      expect(graph.requests[1]).toMatchObject({
        path: `/${messaging.graphApiVersion}/17841400000000?fields=id,username`,
        headers: { authorization: `Bearer ${IG_TOKEN}` },
      });
      graph.respond({
        status: 400,
        body: { error: { message: `(#100) Object 5550001 does not exist ${PAGE_TOKEN}`, code: 100 } },
      });
      const unknown = await test('messenger');
      expect(unknown.json().data).toEqual({
        ok: false,
        message: 'O Messenger não reconhece o ID informado (400)',
      });
      expect(unknown.body).not.toContain(PAGE_TOKEN);
      graph.respond({ status: 401, body: { error: { message: 'Invalid OAuth access token.', code: 190 } } });
      expect((await test('instagram')).json().data.message).toBe('Token recusado pelo Instagram (401)');

      // 'Remover Messenger': the section sent as null; Instagram kept; the audit reads old → '—'.
      const removed = await asStaff(app, owner, { method: 'PUT', url, payload: { messenger: null } });
      expect(removed.json().data.messenger).toBeNull();
      expect(removed.json().data.instagram).toMatchObject({ accountId: '17841400000000' });
      expect((await test('messenger')).json().data.message).toBe(
        'O Messenger ainda não está configurado nesta loja.',
      );
      const [audit] = await db.query<{ detail: { changes: unknown[] } }>(
        "select detail from audit_log where shop_id = $1 and action = 'messaging.changed' order by created_at desc, id desc limit 1",
        [shop.id],
      );
      expect(audit!.detail.changes).toEqual([
        { label: 'Messenger: ID da página', before: '5550001', after: '—' },
        { label: 'Messenger: token da página', before: 'definida', after: '—' },
      ]);
    });

    it('Chatbot: events URL and secret saved (masked, audited); the test POSTs a signed ping and reads the status', async () => {
      const { app, db } = ctx();
      const { owner, shop } = await shopWithOwner(app, 'integra-bot');
      const url = '/api/console/shops/integra-bot/integrations/messaging';
      const test = () => asStaff(app, owner, { method: 'POST', url: `${url}/chatbot/test` });
      expect((await test()).json().data).toEqual({
        ok: false,
        message: 'O chatbot ainda não está configurado nesta loja.',
      });
      const eventsUrl = `${bot.url}/vitrine/eventos`;
      const saved = await asStaff(app, owner, {
        method: 'PUT',
        url,
        payload: { chatbot: { eventsUrl, signingSecret: SIGNING } },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data.chatbot).toMatchObject({ eventsUrl, signingSecret: '****sg31' });
      expect(saved.body).not.toContain(SIGNING);
      const [audit] = await db.query<{ detail: { changes: unknown[] } }>(
        "select detail from audit_log where shop_id = $1 and action = 'messaging.changed'",
        [shop.id],
      );
      expect(audit!.detail.changes).toEqual([
        { label: 'Chatbot: URL dos eventos', before: '—', after: eventsUrl },
        { label: 'Chatbot: segredo de assinatura', before: '—', after: 'alterada' },
      ]);

      bot.requests.length = 0;
      bot.respond({ status: 200, body: { ok: true } });
      expect((await test()).json().data).toEqual({
        ok: true,
        message: 'Conexão OK: o chatbot aceitou o evento de teste (HTTP 2xx)',
      });
      const [ping] = bot.requests;
      expect(ping).toMatchObject({ method: 'POST', path: '/vitrine/eventos' });
      expect(ping!.json).toMatchObject({ type: 'event', event: 'ping', shop: { id: shop.id } });
      expect(verifySignature(SIGNING, ping!.headers, ping!.raw)).toBe(true);
      expect(ping!.headers[EVENT_ID_HEADER]).toBe((ping!.json as { id: string }).id);

      bot.respond({ status: 401, body: { error: 'assinatura inválida' } });
      expect((await test()).json().data).toEqual({
        ok: false,
        message: 'O chatbot recusou a assinatura (HTTP 401)',
      });
      bot.respond({ status: 503, body: {} });
      expect((await test()).json().data.message).toBe('O chatbot respondeu com erro (HTTP 503)');
      bot.respond({ status: 200, body: {}, delayMs: 3500 });
      expect((await test()).json().data).toEqual({ ok: false, message: 'Sem resposta em 3 s' });
      bot.respond({ status: 200, body: {} });
    }, 40_000);

    it('in production a chatbot URL on a private network is refused at save and never called by the test', async () => {
      const { app, db } = ctx();
      const { shop } = await shopWithOwner(app, 'integra-ssrf');
      const chatbot = (eventsUrl: string) => ({ chatbot: { eventsUrl, signingSecret: SIGNING } });
      for (const host of [
        'https://10.0.0.5/e',
        'https://localhost/e',
        'https://[::1]/e',
        'https://169.254.169.254/e',
      ])
        expect(() => assertWebhookUrls(chatbot(host), false)).toThrow(/rede interna/);
      expect(() => assertWebhookUrls(chatbot('https://bot.example/e'), false)).not.toThrow();
      expect(() => assertWebhookUrls(chatbot(`${bot.url}/e`), true)).not.toThrow();

      // A row stored before the rule (or by hand): production's test refuses it without a request.
      await saveShopChannel(
        db,
        messaging.credentialsKey!,
        shop.id,
        'webhook',
        { url: `${bot.url}/e` },
        SIGNING,
      );
      bot.requests.length = 0;
      const refused = await testChannelConnection(db, messaging, shop.id, 'chatbot', { allowPrivate: false });
      expect(refused).toEqual({
        ok: false,
        message: 'A URL dos eventos aponta para a rede interna; use um endereço público.',
      });
      expect(bot.requests).toHaveLength(0);
    });

    it('managers and agents get 403, another shop’s owner too; writing needs the CSRF header', async () => {
      const { app, db } = ctx();
      const { owner } = await shopWithOwner(app, 'integra-c');
      const manager = await inviteAndAccept(
        app,
        db,
        'integra-c',
        owner,
        'gerente@integra-c.example',
        'manager',
      );
      const agent = await inviteAndAccept(app, db, 'integra-c', owner, 'agente@integra-c.example', 'agent');
      const { owner: stranger } = await shopWithOwner(app, 'integra-d');
      const url = '/api/console/shops/integra-c/integrations/messaging';
      const payload = { whatsapp: { phoneNumberId: '1098765432', accessToken: WA_TOKEN } };
      for (const staff of [manager, agent]) {
        expectRefusal(await asStaff(app, staff, { url }), 403);
        expectRefusal(await asStaff(app, staff, { method: 'PUT', url, payload }), 403);
        expectRefusal(await asStaff(app, staff, { method: 'POST', url: `${url}/whatsapp/test` }), 403);
      }
      expect((await asStaff(app, stranger, { url })).statusCode).toBeGreaterThanOrEqual(403);
      expectRefusal(await asStaff(app, owner, { method: 'PUT', url, payload, csrf: false }), 403);
      expect((await asStaff(app, owner, { url })).json().data.whatsapp).toBeNull();
    });
  },
  { config: { messaging } },
);
