import { beforeAll, expect, it } from 'vitest';
import type { Facet } from '@vitrine/contracts/catalog';
import type { SearchFilter } from '@vitrine/contracts/catalog-api';
import { describeEachDb } from '../../test/test-app.ts';
import {
  allPages,
  client,
  facetByKey,
  seedCatalog,
  shopId,
  type CatalogClient,
} from '../../test/catalog-support.ts';

const facetsUrl = (query: { searchQuery?: string; category?: string; filters?: SearchFilter[] }) => {
  const params = new URLSearchParams();
  if (query.searchQuery) params.set('searchQuery', query.searchQuery);
  if (query.category) params.set('category', query.category);
  if (query.filters) params.set('filters', JSON.stringify(query.filters));
  return `/api/catalog/products/facets?${params}`;
};

const counts = (facet: Facet | undefined) =>
  Object.fromEntries((facet?.values ?? []).map((v) => [v.value, v.quantity]));

describeEachDb(
  'catalogue facets',
  (ctx) => {
    let horti: CatalogClient;
    let moda: CatalogClient;

    const facets = async (c: CatalogClient, query: Parameters<typeof facetsUrl>[0]) => {
      const res = await c.get<Facet[]>(facetsUrl(query));
      expect(res.status, res.message).toBe(200);
      return res.data;
    };

    /** Products of moda (inactive hidden by the shop) per value, counted on the attribute tables directly. */
    const direct = async (sql: string, params: unknown[]) =>
      Object.fromEntries(
        (await ctx().db.query<{ value: string; n: number }>(sql, params)).map((r) => [r.value, Number(r.n)]),
      );
    const hasOption = (name: string) => `exists (select 1 from product_attributes a join attribute_options o
      on o.attribute_id = a.id where a.product_id = p.id and a.name = '${name}' and o.name = any($2::text[]))`;

    beforeAll(async () => {
      horti = await client(ctx, 'hortifruti');
      moda = await client(ctx, 'moda');
    });

    it('returns brand, seller, category, attribute and price facets', async () => {
      const all = await facets(moda, {});
      // Attribute facets sit between category and price, most frequent first.
      const keys = all.map((f) => f.key);
      expect([...keys.slice(0, 3), keys.at(-1)]).toEqual(['brand', 'seller', 'category', 'price']);
      expect(keys.slice(3, -1).sort()).toEqual(['attr:Cor', 'attr:Tamanho']);
      expect(all.map((f) => f.name).sort()).toEqual([
        'Categoria',
        'Cor',
        'Marca',
        'Preço',
        'Tamanho',
        'Vendido por',
      ]);
      const price = facetByKey(all, 'price')!;
      expect(price.values[0]!.range!.from).toBeLessThan(price.values[0]!.range!.to);
    });

    it('counts each facet with the other facets filters only (disjunctive)', async () => {
      const moda_ = await shopId(ctx().db, 'moda');
      const brands = ['Urbano', 'Vitrine Basics'];
      const filters: SearchFilter[] = [
        { key: 'brand', values: brands },
        { key: 'attr:Cor', values: ['Preto'] },
      ];
      const got = await facets(moda, { filters });
      const visible = `p.shop_id = $1 and p.is_active`;
      expect(counts(facetByKey(got, 'brand'))).toEqual(
        await direct(
          `select p.brand_name as value, count(*) as n from products p where ${visible} and ${hasOption('Cor')}
            group by 1`,
          [moda_, ['Preto']],
        ),
      );
      expect(counts(facetByKey(got, 'attr:Cor'))).toEqual(
        await direct(
          `select o.name as value, count(distinct p.id) as n from products p
             join product_attributes a on a.product_id = p.id and a.name = 'Cor'
             join attribute_options o on o.attribute_id = a.id
            where ${visible} and p.brand_name = any($2::text[]) group by 1`,
          [moda_, brands],
        ),
      );
      expect(counts(facetByKey(got, 'attr:Tamanho'))).toEqual(
        await direct(
          `select o.name as value, count(distinct p.id) as n from products p
             join product_attributes a on a.product_id = p.id and a.name = 'Tamanho'
             join attribute_options o on o.attribute_id = a.id
            where ${visible} and p.brand_name = any($3::text[]) and ${hasOption('Cor')} group by 1`,
          [moda_, ['Preto'], brands],
        ),
      );
      const [range] = await ctx().db.query<{ min: number; max: number }>(
        `select min(coalesce(p.promotional_price_cents, p.price_cents)) as min,
                max(coalesce(p.promotional_price_cents, p.price_cents)) as max
           from products p where ${visible} and p.brand_name = any($3::text[]) and ${hasOption('Cor')}`,
        [moda_, ['Preto'], brands],
      );
      expect(facetByKey(got, 'price')!.values[0]!.range).toEqual({
        from: range!.min / 100,
        to: range!.max / 100,
      });
    });

    it('agrees with the listing for the same text and filters', async () => {
      const base: SearchFilter[] = [{ key: 'price', range: { from: 3, to: 25 } }];
      const got = await facets(horti, { searchQuery: 'leite', filters: base });
      const listed = async (filters: SearchFilter[]) =>
        allPages((pageNumber, pageToken) =>
          horti.post('/api/catalog/products/searchText', {
            searchQuery: 'leite',
            filters,
            perPage: 100,
            pageNumber,
            pageToken,
          }),
        );
      const brand = facetByKey(got, 'brand')!;
      expect(brand.values.length).toBeGreaterThan(2);
      for (const value of brand.values.slice(0, 4)) {
        const products = await listed([...base, { key: 'brand', values: [value.value] }]);
        expect(products.length, value.value).toBe(value.quantity);
      }
      const category = facetByKey(got, 'category')!;
      const total = (await listed(base)).length;
      expect(category.values.reduce((sum, v) => sum + v.quantity, 0)).toBe(total);
      const prices = (await listed([])).map((p) => p.price);
      const fullRange = facetByKey(got, 'price')!.values[0]!.range!;
      expect(fullRange).toEqual({ from: Math.min(...prices), to: Math.max(...prices) });
    });

    it('narrows by category scope and filters with descendants', async () => {
      const scoped = await facets(horti, { category: 'C10' });
      const categories = facetByKey(scoped, 'category')!.values.map((v) => v.value);
      expect(categories.every((c) => /^C1\d$/.test(c))).toBe(true);
      const parent = await facets(horti, { filters: [{ key: 'category', values: ['C10'] }] });
      const total = (v: Facet | undefined) => v!.values.reduce((s, x) => s + x.quantity, 0);
      expect(total(facetByKey(parent, 'seller'))).toBe(total(facetByKey(scoped, 'seller')));
    });

    it('keeps a selected value that no product matches, with quantity 0', async () => {
      const got = await facets(moda, { filters: [{ key: 'brand', values: ['Marca Inexistente'] }] });
      expect(facetByKey(got, 'brand')!.values).toContainEqual({
        value: 'Marca Inexistente',
        name: 'Marca Inexistente',
        quantity: 0,
      });
      expect(facetByKey(got, 'seller')!.values).toEqual([]);
      expect(facetByKey(got, 'seller')!.hidden).toBe(true);
      expect(facetByKey(got, 'price')!.hidden).toBe(true);
    });

    it('counts inactive products only when the shop shows them', async () => {
      const modaSeller = counts(facetByKey(await facets(moda, {}), 'seller'));
      const [m] = await ctx().db.query<{ n: number }>(
        `select count(*)::int as n from products p join shops s on s.id = p.shop_id where s.slug = 'moda' and p.is_active`,
      );
      expect(Object.values(modaSeller).reduce((a, b) => a + b, 0)).toBe(m!.n);
      const hortiSeller = counts(facetByKey(await facets(horti, {}), 'seller'));
      const [h] = await ctx().db.query<{ n: number }>(
        `select count(*)::int as n from products p join shops s on s.id = p.shop_id where s.slug = 'hortifruti'`,
      );
      expect(Object.values(hortiSeller).reduce((a, b) => a + b, 0)).toBe(h!.n);
    });
  },
  { setup: seedCatalog },
);
