import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { verifyPixBrCode } from '@vitrine/contracts/pix';
import { buildApp } from '../../app.ts';
import { describeEachDb, testConfig } from '../../test/test-app.ts';
import { seedDemo } from '../../db/seed/demo.ts';
import { seedMessagingDemo } from '../../db/seed/messaging.ts';
import { fakeRegistry } from '../../adapters/channels/fake-channel.ts';
import { caller, demoProduct, mintSession } from '../order/order-test-kit.ts';
import { drainOutbox } from '../outbox/worker.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test assertions read loose JSON
type Json = any;
type Res = { status: number; body: { data: Json; errors: { code: string; message: string }[] } };

const LINKS = { publicUrl: 'http://vitrine.test', sessionTtlMs: 60_000 };

function as(app: FastifyInstance, code: string) {
  return async (
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ): Promise<Res> => {
    const res = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${code}`, ...headers },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
}

describeEachDb(
  'messaging sends',
  (ctx) => {
    it('refuses contact sessions on every agent-only call (403) and unknown products (404)', async () => {
      const { app, db } = ctx();
      const contact = as(app, await mintSession(app, { shop: 'hortifruti' }));
      const product = await demoProduct(db, 'hortifruti', 'p.is_active');
      for (const [method, url] of [
        ['POST', `/api/order/send/product/${product}`],
        ['GET', '/api/order/send/catalog'],
        ['GET', '/api/order/send/resume'],
        ['POST', '/api/order/semiautomatic'],
        ['GET', '/api/order/messages'],
        ['POST', '/api/order/pix/manual'],
      ] as const) {
        const res = await contact(
          method,
          url,
          method === 'POST' && url.includes('product') ? { attributes: [] } : undefined,
        );
        expect(res.status, url).toBe(403);
        expect(res.body.errors[0]?.code).toBe('agentOnly');
      }
      const agent = as(app, await mintSession(app, { shop: 'hortifruti', agent: true }));
      const missing = await agent('POST', '/api/order/send/product/NAO-EXISTE', { attributes: [] });
      expect(missing.status).toBe(404);
      expect(missing.body.errors[0]?.message).toBe('Produto não encontrado.');
    });

    it('sends a product once for 10 retries with one Idempotency-Key; a double click without key queues once', async () => {
      const { app, db } = ctx();
      const agent = as(
        app,
        await mintSession(app, { shop: 'hortifruti', agent: true, phone: '5511988880001' }),
      );
      const product = await demoProduct(db, 'hortifruti', 'p.is_active');
      const results = [];
      for (let i = 0; i < 10; i++) {
        results.push(
          await agent(
            'POST',
            `/api/order/send/product/${product}`,
            { attributes: [] },
            { 'idempotency-key': 'click-0001-abc' },
          ),
        );
      }
      expect(results.every((r) => r.status === 200)).toBe(true);
      expect(new Set(results.map((r) => r.body.data.messageId)).size).toBe(1);
      expect(results.slice(1).every((r) => r.body.data.duplicate)).toBe(true);
      const other = await agent(
        'POST',
        `/api/order/send/product/${product}`,
        { attributes: [{ providerId: 'x', optionProviderId: 'y' }] },
        { 'idempotency-key': 'click-0001-abc' },
      );
      expect(other.status).toBe(422);

      const registry = fakeRegistry();
      await drainOutbox(db, registry, { retryBaseMs: 0, links: LINKS });
      const sent = registry.delivered.filter(
        (d) => d.kind === 'message' && d.message.recipient === '5511988880001',
      );
      expect(sent).toHaveLength(1);
      const message = sent[0]!.kind === 'message' ? sent[0]!.message : null;
      expect(message?.part.text).toMatch(/R\$/);
      expect(message?.part.button?.url).toMatch(
        new RegExp(
          `^http://vitrine.test/product/${product}\\?shop=hortifruti&channel=whatsapp#[A-Za-z0-9_-]{20,}$`,
        ),
      );
      expect(message?.part.imageUrl).toMatch(/^http:\/\/vitrine.test\/media\//);

      const first = await agent('GET', '/api/order/send/catalog');
      const second = await agent('GET', '/api/order/send/catalog');
      expect(second.body.data).toEqual({ ...first.body.data, duplicate: true });
    });

    it('sends catalogue links with a new contact session and the catalogue in the hash; empty search → 400', async () => {
      const { app, db } = ctx();
      const agent = as(
        app,
        await mintSession(app, { shop: 'hortifruti', agent: true, phone: '5511988880002' }),
      );
      const empty = await agent('GET', '/api/order/send/catalog?catalogType=ShowQuery&searchTerm=');
      expect(empty.status).toBe(400);
      expect(empty.body.errors[0]?.message).toBe('Informe o termo de busca.');
      expect((await agent('GET', '/api/order/send/catalog?searchTerm=%20%20')).status).toBe(400);
      expect((await agent('GET', '/api/order/send/catalog?categoryId=nao-existe')).status).toBe(404);
      expect((await agent('GET', '/api/order/send/catalog?categoryId=a&searchTerm=b')).status).toBe(400);

      const [category] = await db.query<{ provider_id: string }>(
        `select c.provider_id from categories c join shops s on s.id = c.shop_id where s.slug = 'hortifruti' and c.parent_id is null order by c.position limit 1`,
      );
      const sent = await agent('GET', `/api/order/send/catalog?categoryId=${category!.provider_id}`);
      expect(sent.status).toBe(200);
      // Queued without a session code (not even the agent's delivery record shows one) …
      const messages = await agent('GET', '/api/order/messages');
      const record = messages.body.data.find((m: { id: string }) => m.id === sent.body.data.messageId);
      expect(record.parts[0].button.url).toMatch(
        /^\/catalog\?shop=hortifruti&channel=whatsapp&catalogType=ShowCategory&catalogId=[^#]+#\?catalogType=ShowCategory&catalogId=/,
      );
      // … the worker mints the contact's new session when it delivers the message.
      const registry = fakeRegistry();
      await drainOutbox(db, registry, { retryBaseMs: 0, links: LINKS });
      const delivered = registry.delivered.find(
        (d) => d.kind === 'message' && d.message.recipient === '5511988880002',
      );
      const url = new URL(delivered?.kind === 'message' ? (delivered.message.part.button?.url ?? '') : '');
      expect(url.pathname).toBe('/catalog');
      expect(url.searchParams.get('shop')).toBe('hortifruti'); // the server's first view (decision 0019)
      // … which draws the chosen category too (decision 0028): the choice is in the real query as in the hash.
      expect(url.searchParams.get('catalogType')).toBe('ShowCategory');
      expect(url.searchParams.get('catalogId')).toBe(category!.provider_id);
      const [code, query] = url.hash.slice(1).split('?');
      expect(code).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(new URLSearchParams(query).get('catalogType')).toBe('ShowCategory');
      expect(new URLSearchParams(query).get('catalogId')).toBe(category!.provider_id);
      const opened = await app.inject({ method: 'GET', url: `/api/session/${code}` });
      expect(opened.statusCode).toBe(200);
      expect(opened.json().data.sessionType).toBe(0);

      const search = await agent('GET', '/api/order/send/catalog?searchTerm=banana&catalogType=ShowQuery');
      expect(search.status).toBe(200);
    });

    it('sends the order summary (items, total, delivery) and refuses an empty order', async () => {
      const { app, db } = ctx();
      const code = await mintSession(app, { shop: 'hortifruti', agent: true, phone: '5511988880003' });
      const agent = as(app, code);
      expect((await agent('GET', '/api/order/send/resume')).status).toBe(422);
      const product = await demoProduct(
        db,
        'hortifruti',
        'p.is_active and not p.sold_in_kilo and not exists (select 1 from product_variants v where v.product_id = p.id)',
      );
      await caller(app, code).item({ providerId: product, quantity: 2 });
      const sent = await agent('GET', '/api/order/send/resume');
      expect(sent.status).toBe(200);
      const records = (await agent('GET', '/api/order/messages')).body.data;
      const text = records
        .find((m: { type: string }) => m.type === 'resume')
        .parts.map((p: { text: string }) => p.text)
        .join('\n');
      expect(text).toContain('Resumo do pedido');
      expect(text).toMatch(/2x .+ — R\$/);
      expect(text).toContain('Entrega: a combinar');
      expect(text).toMatch(/\*Total: R\$/);
      const resume = records.find((m: { type: string }) => m.type === 'resume');
      const links = resume.parts.flatMap((p: { button?: { url: string } }) =>
        p.button ? [p.button.url] : [],
      );
      expect(links).toEqual(['/order?shop=hortifruti&channel=whatsapp']); // its session code is added at delivery
    });

    it('never delivers to another contact or shop, and shows conversations on the demo inbox', async () => {
      const { app, db } = ctx();
      const a = as(app, await mintSession(app, { shop: 'hortifruti', agent: true, phone: '5511977770001' }));
      const b = as(
        app,
        await mintSession(app, { shop: 'moda', agent: true, phone: '5511977770002', channel: 'messenger' }),
      );
      await a('GET', '/api/order/send/catalog');
      await b('GET', '/api/order/send/catalog');
      const registry = fakeRegistry();
      await drainOutbox(db, registry, { retryBaseMs: 0, links: LINKS });
      const shops = Object.fromEntries(
        (await db.query<{ id: string; slug: string }>('select id, slug from shops')).map((s) => [
          s.id,
          s.slug,
        ]),
      );
      const seen = registry.delivered.flatMap((d) =>
        d.kind === 'message' ? [[shops[d.shopId], d.message.recipient]] : [],
      );
      expect(seen).toContainEqual(['hortifruti', '5511977770001']);
      expect(seen).toContainEqual(['moda', '5511977770002']);
      expect(seen).not.toContainEqual(['moda', '5511977770001']);
      expect(seen).not.toContainEqual(['hortifruti', '5511977770002']);

      const inbox = (await app.inject({ method: 'GET', url: '/api/dev/inbox' })).json().data.conversations;
      const moda = inbox.find((c: { recipient: string }) => c.recipient === '5511977770002');
      expect(moda.shop.slug).toBe('moda');
      expect(moda.channelType).toBe(0);
      expect(moda.messages[0].status).toBe('sent');

      const production = await buildApp({ db, config: testConfig({ demoMode: false }), logger: false });
      expect((await production.inject({ method: 'GET', url: '/api/dev/inbox' })).statusCode).toBe(404);
      await production.close();
    });

    it('answers the manual Pix of the current order: key, verified BR Code, QR image and amount', async () => {
      const { app, db } = ctx();
      const code = await mintSession(app, { shop: 'moda', agent: true });
      const product = await demoProduct(
        db,
        'moda',
        'p.is_active and not exists (select 1 from product_variants v where v.product_id = p.id)',
      );
      const order = await caller(app, code).item({ providerId: product, quantity: 1 });
      const res = await as(app, code)('POST', '/api/order/pix/manual');
      expect(res.status).toBe(200);
      const pix = res.body.data;
      expect(pix.key).toBe('pix@modavitrine.com.br');
      expect(pix.amount).toBe(order.totalAmout);
      expect(verifyPixBrCode(pix.code)).toBe(true);
      expect(pix.code).toContain('5925Moda Vitrine Confeccoes L');
      expect(pix.code).toContain('6014Rio de Janeiro');
      expect(pix.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    });
  },
  {
    setup: async (db) => {
      await seedDemo(db);
      await seedMessagingDemo(db);
    },
  },
);
