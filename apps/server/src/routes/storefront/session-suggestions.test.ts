import { expect, it } from 'vitest';
import type { Category, PagedProducts } from '@vitrine/contracts/catalog';
import { readyAgentOrder } from '../../flows/checkout/agent-confirm-test-kit.ts';
import { seedPaymentSuite } from '../../modules/payment/payment-test-kit.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { describeEachDb, TEST_PLATFORM_KEY } from '../../test/test-app.ts';

describeEachDb(
  "assistant suggestions through the platform API ('Sugeridos', /products-found)",
  (ctx) => {
    const platform = (method: 'POST' | 'PUT', url: string, payload: object, key = TEST_PLATFORM_KEY) =>
      ctx().app.inject({ method, url, payload, headers: { authorization: `Bearer ${key}` } });
    let phone = 11_966_660_000;
    const mint = (suggestions?: object, shop = 'hortifruti') =>
      platform('POST', '/api/platform/sessions', {
        shop,
        sessionType: 'contact',
        channelType: 'whatsapp',
        contact: { name: 'Cliente Sugestão', phone: String(++phone) },
        ...(suggestions ? { suggestions } : {}),
      });
    const as = (code: string) => ({
      get: async <T>(url: string) =>
        (await ctx().app.inject({ url, headers: { authorization: `Bearer ${code}` } })).json().data as T,
      post: async <T>(url: string, payload: object) =>
        (
          await ctx().app.inject({
            method: 'POST',
            url,
            payload,
            headers: { authorization: `Bearer ${code}` },
          })
        ).json().data as T,
    });
    /** What the shopper sees: whether 'Sugeridos' is a tab, and the suggested listing's product ids. */
    const suggestedView = async (code: string) => {
      const shopper = as(code);
      const tabs = await shopper.get<Category[]>('/api/catalog/categories');
      const listing = await shopper.post<PagedProducts>('/api/catalog/products/search', {
        category: 'SUGGESTED_ITEMS',
        perPage: 100,
      });
      return {
        tab: tabs.some((t) => t.providerId === 'SUGGESTED_ITEMS' && t.name === 'Sugeridos'),
        ids: listing.data.map((p) => p.providerId),
        names: listing.data.map((p) => p.name),
      };
    };

    it('mints a session with suggestions: Sugeridos lists the products first, then the terms; the link opens it', async () => {
      const res = await mint({ productIds: ['P1003', 'P1001', 'P1003'], searchTerms: ['chocolate lacta'] });
      expect(res.statusCode, res.body).toBe(201);
      const { code, url, productsFoundUrl } = res.json().data;
      expect(url).toBe(`http://vitrine.test/catalog?shop=hortifruti&channel=whatsapp#${code}`);
      expect(productsFoundUrl).toBe(
        `http://vitrine.test/products-found?shop=hortifruti&channel=whatsapp#${code}`,
      );
      const view = await suggestedView(code);
      expect(view.tab).toBe(true);
      expect(view.ids.slice(0, 2)).toEqual(['P1003', 'P1001']);
      expect(view.names.slice(2, 5).every((n) => /chocolate.*lacta/i.test(n))).toBe(true);
      const order = await as(code).get<{ assistantInformations: object }>('/api/order/current');
      expect(order.assistantInformations).toEqual({
        productsIds: ['P1003', 'P1001'],
        searchTerms: ['chocolate lacta'],
      });
      // Without suggestions: no tab, no products-found link.
      const plain = (await mint()).json().data;
      expect(plain.productsFoundUrl).toBeNull();
      expect((await suggestedView(plain.code)).tab).toBe(false);
    });

    it('refuses unknown or another shop’s products and too many terms, in pt-BR, creating nothing', async () => {
      const { db } = ctx();
      const contacts = async () =>
        (await db.query<{ n: number }>(`select count(*)::int as n from contacts`))[0]!.n;
      const before = await contacts();
      const unknown = expectRefusal(await mint({ productIds: ['P1001', 'NAO-EXISTE', 'P2001'] }), 400);
      expect(unknown.message).toBe('Produtos sugeridos não encontrados nesta loja: NAO-EXISTE, P2001.');
      const terms = Array.from({ length: 11 }, (_, i) => `termo ${i}`);
      expect(expectRefusal(await mint({ searchTerms: terms }), 400).message).toContain(
        'No máximo 10 termos de busca sugeridos',
      );
      expectRefusal(await mint({ searchTerms: ['  '] }), 400);
      expectRefusal(await mint({ productIds: ['P1001'], extra: true }), 400);
      expect(await contacts()).toBe(before);
    });

    it('replaces them on a live session: the tab and the listing follow, the order’s live event fires', async () => {
      const { code } = (await mint({ productIds: ['P1001'] })).json().data;
      const orderId = (await as(code).get<{ id: string }>('/api/order/current')).id;
      // The order's newest live event id (decision 0027: kept on the order row, set by its trigger).
      const events = async () =>
        Number(
          (
            await ctx().db.query<{ n: number | null }>(
              'select live_event_id as n from orders where id = $1',
              [orderId],
            )
          )[0]!.n ?? 0,
        );
      const eventsBefore = await events();
      const put = (body: object, key = TEST_PLATFORM_KEY, target = code) =>
        platform('PUT', `/api/platform/sessions/${target}/suggestions`, body, key);

      const replaced = await put({ productIds: ['P1003'], searchTerms: ['Feijão', 'feijão'] });
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(replaced.json().data).toEqual({
        productIds: ['P1003'],
        searchTerms: ['Feijão'],
        productsFoundUrl: `http://vitrine.test/products-found?shop=hortifruti&channel=whatsapp#${code}`,
      });
      expect(await events()).toBeGreaterThan(eventsBefore);
      const view = await suggestedView(code);
      expect(view.ids[0]).toBe('P1003');
      expect(view.ids).not.toContain('P1001');
      expect(view.names.slice(1).some((n) => /feij/i.test(n))).toBe(true);

      const bad = expectRefusal(await put({ productIds: ['P1003', 'SUMIU'] }), 400);
      expect(bad.message).toBe('Produtos sugeridos não encontrados nesta loja: SUMIU.');
      expect((await suggestedView(code)).ids[0]).toBe('P1003');

      const cleared = await put({ productIds: [], searchTerms: [] });
      expect(cleared.json().data.productsFoundUrl).toBeNull();
      expect((await suggestedView(code)).tab).toBe(false);

      expectRefusal(await put({ productIds: ['P1003'] }, code), 401);
      expectRefusal(await put({ productIds: ['P1003'] }, 'chave-errada-0123456789'), 401);
      expectRefusal(await put({ productIds: ['P1003'] }, TEST_PLATFORM_KEY, 'codigo-que-nao-existe'), 404);
      expect((await suggestedView(code)).tab).toBe(false);
    });

    it('checks products against the session’s own shop', async () => {
      const { code } = (await mint(undefined, 'moda')).json().data;
      const res = await platform('PUT', `/api/platform/sessions/${code}/suggestions`, {
        productIds: ['P1001'],
      });
      expect(expectRefusal(res, 400).message).toBe('Produtos sugeridos não encontrados nesta loja: P1001.');
    });

    it('are cleared when the order is confirmed: the next order starts without them', async () => {
      const agent = await readyAgentOrder(ctx().app, '11966669999', 3);
      const put = await platform('PUT', `/api/platform/sessions/${agent.code}/suggestions`, {
        productIds: ['CK-20'],
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json().data.productsFoundUrl).toBe(`http://vitrine.test/products-found#${agent.code}`);
      expect((await suggestedView(agent.code)).ids).toEqual(['CK-20']);
      await agent.okCall('POST', '/api/order/confirm', {});
      const next = await as(agent.code).get<{ assistantInformations: object }>('/api/order/current');
      expect(next.assistantInformations).toEqual({ productsIds: [], searchTerms: [] });
      expect((await suggestedView(agent.code)).tab).toBe(false);
    });
  },
  { setup: seedPaymentSuite },
);
