import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../test/test-app.ts';
import { client, names, searchText, seedCatalog, type CatalogClient } from '../../test/catalog-support.ts';

describeEachDb(
  'catalogue search quality',
  (ctx) => {
    let horti: CatalogClient;
    let moda: CatalogClient;
    const first = async (c: CatalogClient, query: string) => names((await searchText(c, query)).data);

    beforeAll(async () => {
      horti = await client(ctx, 'hortifruti');
      moda = await client(ctx, 'moda');
    });

    it('ignores accents and case', async () => {
      expect((await first(horti, 'acucar'))[0]).toMatch(/^Açúcar/);
      expect(await first(horti, 'acucar')).toContain('Açúcar Cristal União 1kg');
      expect((await first(horti, 'feijao'))[0]).toMatch(/^Feijão/);
      expect(await first(horti, 'FEIJÃO CARIOCA')).toContain('Feijão Carioca Camil 1kg');
    });

    it('tolerates plurals and stems', async () => {
      const bananas = await first(horti, 'bananas');
      expect(bananas[0]).toMatch(/^Banana/);
      expect(bananas).toContain('Banana Prata');
      expect(await first(horti, 'chocolates')).toContain('Chocolate ao Leite Lacta 90g');
    });

    it('tolerates one typo', async () => {
      const found = await first(horti, 'chocolatte');
      expect(found.length).toBeGreaterThan(0);
      expect(found.slice(0, 3).every((n) => /chocolate/i.test(n))).toBe(true);
      expect(found).toContain('Chocolate ao Leite Lacta 90g');
      expect((await first(horti, 'feijao cariocca'))[0]).toMatch(/^Feijão Carioca/);
    });

    it('matches prefixes of words', async () => {
      expect((await first(horti, 'choco')).some((n) => /^Chocolate/.test(n))).toBe(true);
    });

    it('ranks name matches above description, brand and category matches', async () => {
      const leite = await first(horti, 'leite');
      const nameHits = leite.map((n) => /leite/i.test(n));
      const lastNameHit = nameHits.lastIndexOf(true);
      const firstOther = nameHits.indexOf(false);
      expect(lastNameHit).toBeGreaterThan(0);
      expect(firstOther === -1 || firstOther > lastNameHit).toBe(true);
    });

    it('finds brand, category and attribute words', async () => {
      expect(await first(horti, 'uniao')).toContain('Açúcar Cristal União 1kg');
      const byCategory = await first(horti, 'hortifruti frutas');
      expect(byCategory).toContain('Banana Prata');
      const preto = (await searchText(moda, 'vestido preto')).data;
      expect(preto.length).toBeGreaterThan(0);
      // Every word must match somewhere: each hit has a Preto option; dresses (name match) come first,
      // then products that only mention dresses in their description.
      for (const p of preto)
        expect(p.attributes.some((a) => a.options.some((o) => o.name === 'Preto'))).toBe(true);
      const isDress = preto.map((p) => /vestido/i.test(p.name));
      expect(isDress[0]).toBe(true);
      expect(isDress.indexOf(false) === -1 || isDress.indexOf(false) > isDress.lastIndexOf(true)).toBe(true);
    });

    it('trims the text and treats blank text as no text filter', async () => {
      const padded = await first(horti, '   banana   ');
      expect(padded).toEqual(await first(horti, 'banana'));
      const blank = await searchText(horti, '   ');
      expect(blank.data.length).toBe(100);
      expect(blank.hasMore).toBe(true);
    });

    it('returns nothing for gibberish and survives tsquery syntax', async () => {
      expect(await first(horti, 'xqzwv')).toEqual([]);
      for (const q of ['!@#$%&*()\'"', 'a & b | !c', "leite:* <-> 'x'", '\\', '😀 banana']) {
        const res = await horti.post('/api/catalog/products/searchText', { searchQuery: q });
        expect(res.status, q).toBe(200);
      }
    });

    it('combines text with a category and filters', async () => {
      const res = await horti.post('/api/catalog/products/search', {
        category: 'C70',
        searchQuery: 'chocolate',
        filters: [{ key: 'brand', values: ['Lacta'] }],
        perPage: 100,
      });
      expect(res.status, res.message).toBe(200);
      expect(res.data.data.length).toBeGreaterThan(0);
      for (const p of res.data.data) expect(p.brand?.name).toBe('Lacta');
    });

    // Last: it edits the demo catalogue.
    it('keeps the index current when products, categories and attribute options change', async () => {
      const db = ctx().db;
      await db.query(
        `update products set name = 'Goiabada Cascão Especial' where provider_id = 'P1001'
            and shop_id = (select id from shops where slug = 'hortifruti')`,
      );
      expect((await searchText(horti, 'goiabada cascao')).data.map((p) => p.providerId)).toContain('P1001');
      expect((await searchText(horti, 'goiabadda')).data.map((p) => p.providerId)).toContain('P1001');
      await db.query(
        `update categories set name = 'Frutas Tropicais' where provider_id = 'C11'
            and shop_id = (select id from shops where slug = 'hortifruti')`,
      );
      expect(await first(horti, 'tropicais')).toContain('Banana Nanica');
      await db.query(
        `update attribute_options set name = 'Grafite' where name = 'Preto' and attribute_id in
           (select a.id from product_attributes a join products p on p.id = a.product_id where p.provider_id = 'P2001'
               and p.shop_id = (select id from shops where slug = 'moda'))`,
      );
      expect((await searchText(moda, 'vestido grafite')).data.map((p) => p.providerId)).toEqual(['P2001']);
      const filtered = await moda.post('/api/catalog/products/searchText', {
        filters: [{ key: 'attr:Cor', values: ['Grafite'] }],
      });
      expect(filtered.data.data.map((p) => p.providerId)).toEqual(['P2001']);
    });
  },
  { setup: seedCatalog },
);
