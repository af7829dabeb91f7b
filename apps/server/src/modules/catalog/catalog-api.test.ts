import { beforeAll, expect, it } from 'vitest';
import type { Category, PagedProducts } from '@vitrine/contracts/catalog';
import { describeEachDb } from '../../test/test-app.ts';
import {
  allPages,
  client,
  ids,
  names,
  searchText,
  seedCatalog,
  shopId,
  type CatalogClient,
} from '../../test/catalog-support.ts';

describeEachDb(
  'catalogue API',
  (ctx) => {
    let horti: CatalogClient;
    let moda: CatalogClient;
    let bench: CatalogClient;
    const byIds = (c: CatalogClient, list: string) => c.get(`/api/catalog/products/byids/${list}`);
    const setHidden = async (slug: string, hidden: boolean) =>
      ctx().db.query(
        `update shops set settings = jsonb_set(settings, '{hiddenInactiveProducts}', $2::jsonb) where slug = $1`,
        [slug, JSON.stringify(hidden)],
      );

    beforeAll(async () => {
      horti = await client(ctx, 'hortifruti');
      moda = await client(ctx, 'moda', 'agent');
      bench = await client(ctx, 'bench');
    });

    it('lists the category tree, then the shown collections', async () => {
      const res = await horti.get<Category[]>('/api/catalog/categories');
      expect(res.status, res.message).toBe(200);
      const roots = res.data.filter((c) => !c.providerId.startsWith('COLLECTION_'));
      expect(roots[0]).toMatchObject({ providerId: 'C10', name: 'Hortifrúti' });
      expect(roots[0]!.children.map((c) => c.providerId)).toEqual(['C11', 'C12', 'C13']);
      expect(res.data.slice(-2).map((c) => [c.providerId, c.name])).toEqual([
        ['COLLECTION_ofertas-da-semana', 'Ofertas da Semana'],
        ['COLLECTION_feira-organica', 'Feira Orgânica'],
      ]);
      expect(res.data.some((c) => c.providerId === 'SUGGESTED_ITEMS')).toBe(false);
      const two = await horti.get<Category[]>('/api/catalog/categories?perPage=2');
      expect(two.data.map((c) => c.providerId)).toEqual([
        'C10',
        'C20',
        ...res.data.slice(-2).map((c) => c.providerId),
      ]);
    });

    it("adds 'Sugeridos' when the current order carries assistant suggestions, and lists them", async () => {
      const order = await ctx().app.inject({
        url: '/api/order/current',
        headers: { authorization: `Bearer ${horti.code}` },
      });
      await ctx().db.query(
        `update orders set assistant_product_ids = $2::jsonb, assistant_search_terms = $3::jsonb where id = $1`,
        [
          order.json().data.id,
          JSON.stringify(['P1003', 'NAO-EXISTE', 'P1001']),
          JSON.stringify(['chocolate lacta']),
        ],
      );
      const categories = (await horti.get<Category[]>('/api/catalog/categories')).data;
      expect(categories.at(-1)).toMatchObject({
        providerId: 'SUGGESTED_ITEMS',
        name: 'Sugeridos',
        children: [],
      });
      const suggested = await horti.post('/api/catalog/products/search', {
        category: 'SUGGESTED_ITEMS',
        perPage: 100,
      });
      expect(suggested.status, suggested.message).toBe(200);
      const found = names(suggested.data.data);
      expect(found.slice(0, 2)).toEqual(['Maçã Fuji', 'Banana Prata']);
      // Then the term's matches: every Lacta chocolate before any merely similar name.
      const isLacta = found.slice(2).map((n) => /chocolate.*lacta/i.test(n));
      expect(isLacta.filter(Boolean).length).toBe(3);
      expect(isLacta.slice(0, 3)).toEqual([true, true, true]);
    });

    it('returns products by ids in the order asked, skipping unknown and repeated ids', async () => {
      const res = await byIds(horti, 'P1003,zzz,P1001,P1003, P1002');
      expect(res.status, res.message).toBe(200);
      expect(ids(res.data.data)).toEqual(['P1003', 'P1001', 'P1002']);
      expect(res.data).toMatchObject({ page: 0, hasMore: false, hasData: true, total: 3, token: null });
      const hundred = Array.from({ length: 100 }, (_, i) => `P${1001 + i}`).join(',');
      const many = await byIds(horti, hundred);
      expect(many.status, many.message).toBe(200);
      expect(many.data.total).toBe(100);
      const none = await byIds(horti, 'nada');
      expect(none.data).toMatchObject({ data: [], hasData: false, total: 0 });
    });

    it('serialises products per the wire schema (reais, variants, kilo)', async () => {
      const [banana] = (await byIds(horti, 'P1001')).data.data;
      expect(banana).toMatchObject({
        name: 'Banana Prata',
        soldInKilo: true,
        hasVariants: false,
        dimensions: [],
      });
      expect(banana!.kilogramPrice).toBeGreaterThan(0);
      expect(banana!.minPrice).toBe(banana!.price);
      const [dress] = (await byIds(moda, 'P2001')).data.data;
      expect(dress!.hasVariants).toBe(true);
      expect(dress!.dimensions.length).toBeGreaterThan(1);
      expect(Object.keys(dress!.dimensions[0]!.map).sort()).toEqual(['cor', 'tamanho']);
      expect(dress!.minPrice).toBeLessThanOrEqual(dress!.maxPrice);
      expect(dress!.price).toBe(dress!.promotionalPrice ?? dress!.listPrice);
      expect(Number.isInteger(Math.round(dress!.price * 100))).toBe(true);
    });

    it('shows inactive products with isActive false, or hides them when the shop says so', async () => {
      const kiwi = await searchText(horti, 'kiwi');
      expect(kiwi.data.find((p) => p.providerId === 'P1014')).toMatchObject({ isActive: false });
      expect((await byIds(horti, 'P1014')).data.data[0]).toMatchObject({ isActive: false });
      // moda hides its inactive products everywhere.
      const inactive = ['P2009', 'P2026', 'P2043', 'P2060', 'P2077'];
      expect((await byIds(moda, inactive.join(','))).data.data).toEqual([]);
      const top = await allPages((page, token) =>
        moda.get<PagedProducts>(`/api/catalog/top?perPage=50&pageNumber=${page}&pageToken=${token ?? ''}`),
      );
      expect(top.length).toBe(76);
      expect(top.every((p) => p.isActive && !inactive.includes(p.providerId))).toBe(true);
      expect(ids((await searchText(moda, 'camisa linho')).data)).not.toContain('P2009');
      // Turning the setting on hides them in hortifruti too.
      await setHidden('hortifruti', true);
      expect((await byIds(horti, 'P1014')).data.data).toEqual([]);
      expect(ids((await searchText(horti, 'kiwi')).data)).not.toContain('P1014');
      await setHidden('hortifruti', false);
    });

    it("never returns another shop's products", async () => {
      // bench has P1…P600, hortifruti P1001…, moda P2001…
      expect(ids((await byIds(horti, 'P1,P2,P1001')).data.data)).toEqual(['P1001']);
      expect((await byIds(bench, 'P1001,P2001')).data.data).toEqual([]);
      expect((await searchText(moda, 'banana')).data).toEqual([]);
      const modaIds = new Set(
        (
          await ctx().db.query<{ provider_id: string }>(
            'select provider_id from products where shop_id = $1',
            [await shopId(ctx().db, 'moda')],
          )
        ).map((r) => r.provider_id),
      );
      const listed = [
        ...(await searchText(moda, '')).data,
        ...(await moda.get('/api/catalog/top?perPage=100')).data.data,
        ...(await moda.post('/api/catalog/products/search', { category: '', perPage: 100 })).data.data,
      ];
      expect(listed.every((p) => modaIds.has(p.providerId))).toBe(true);
      const foreign = await moda.get('/api/catalog/products/collections/ofertas-da-semana');
      expect(foreign.status).toBe(404);
      // C10 exists in both shops: moda's own C10 answers, never hortifruti's products.
      const c10 = await moda.post('/api/catalog/products/search', { category: 'C10', perPage: 100 });
      expect(c10.data.data.every((p) => modaIds.has(p.providerId))).toBe(true);
      expect((await moda.post('/api/catalog/products/search', { category: 'C111' })).status).toBe(404);
    });
  },
  { setup: seedCatalog },
);
