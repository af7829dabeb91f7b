import { expect, it } from 'vitest';
import type { Category, PagedProducts } from '@vitrine/contracts/catalog';
import { describeEachDb } from '../../test/test-app.ts';
import { hashToken } from '../session/service.ts';
import { client, seedCatalog, type CatalogClient } from '../../test/catalog-support.ts';

/** The caches as production runs them: sessions 30 s, shared catalogue answers 10 s. */
describeEachDb(
  'catalogue and session caches',
  (ctx) => {
    let horti: CatalogClient;
    let moda: CatalogClient;
    const topNames = async (c: CatalogClient) =>
      (await c.get<PagedProducts>('/api/catalog/top')).data.data.map((p) => p.name);

    it('serves a shop its own cached top sellers page, until the shop is invalidated', async () => {
      horti = await client(ctx, 'hortifruti');
      moda = await client(ctx, 'moda');
      const first = await topNames(horti);
      const [product] = await ctx().db.query<{ id: string; name: string }>(
        `select p.id, p.name from products p join shops s on s.id = p.shop_id
          where s.slug = 'hortifruti' and p.name = $1`,
        [first[0]],
      );
      await ctx().db.query(`update products set name = 'Renomeado no banco' where id = $1`, [product!.id]);
      expect(await topNames(horti)).toEqual(first);
      expect(await topNames(moda)).not.toContain(first[0]);
      const [shop] = await ctx().db.query<{ id: string }>(`select id from shops where slug = 'hortifruti'`);
      ctx().app.catalogCache.deletePrefix(`${shop!.id}|`);
      expect((await topNames(horti))[0]).toBe('Renomeado no banco');
    });

    it("never caches 'Sugeridos', which belongs to the session's order", async () => {
      const list = () =>
        horti.post<PagedProducts>('/api/catalog/products/search', { category: 'SUGGESTED_ITEMS' });
      await ctx().app.inject({
        url: '/api/order/current',
        headers: { authorization: `Bearer ${horti.code}` },
      });
      const setSuggested = (ids: string[]) =>
        ctx().db.query(
          `update orders set assistant_product_ids = $1::jsonb
            where status = 0 and user_id = (select user_id from sessions where token_hash = $2)`,
          [JSON.stringify(ids), hashToken(horti.code)],
        );
      const [a, b] = (await horti.get<PagedProducts>('/api/catalog/top')).data.data;
      await setSuggested([a!.providerId]);
      expect((await list()).data.data.map((p) => p.providerId)).toEqual([a!.providerId]);
      await setSuggested([b!.providerId]);
      expect((await list()).data.data.map((p) => p.providerId)).toEqual([b!.providerId]);
      const tabs = await horti.get<Category[]>('/api/catalog/categories');
      expect(tabs.data.some((c) => c.providerId === 'SUGGESTED_ITEMS')).toBe(true);
    });

    it('refuses a cached session as soon as its own expiry passes', async () => {
      const short = await client(ctx, 'hortifruti');
      await ctx().db.query(
        `update sessions set expires_at = now() + interval '1 second' where token_hash = $1`,
        [hashToken(short.code)],
      );
      expect((await short.get('/api/catalog/top')).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect((await short.get('/api/catalog/top')).status).toBe(401);
    });
  },
  { setup: seedCatalog, config: { cache: { sessionTtlMs: 30_000, catalogTtlMs: 10_000 } } },
);
