import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FakeTrayServer } from '../../adapters/tray/fake-tray-server.ts';
import { pendingSearchPages } from '../../test/catalog-kit.ts';
import { insertShop } from '../../test/fixtures.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { createTrayContext } from './tray-context.ts';
import { TokenManager } from './token-manager.ts';
import { drainTrayJobs } from './worker.ts';
import {
  chatbotToken,
  linkBody,
  postLink,
  sessionCode,
  shopProducts,
  startFakeTray,
  trayTestConfig,
} from './tray-test-kit.ts';

const PRODUCTS = 240; // 5 pages of ≤ 50; every 10th product has 3 variants

describeEachDb(
  'tray import',
  (ctx) => {
    let fake: FakeTrayServer;
    let agent = '';
    const productPages = () => fake.requests.filter((r) => r.path === '/web_api/products').map((r) => r.page);
    const sync = () =>
      ctx().app.inject({
        method: 'POST',
        url: '/api/tray/import',
        headers: { authorization: `Bearer ${agent}` },
      });

    beforeAll(async () => {
      fake = await startFakeTray(PRODUCTS);
      const token = await chatbotToken(ctx().app, 'loja-tray');
      expect((await postLink(ctx().app, linkBody(fake, 'loja-tray', token))).status).toBe(200);
      agent = await sessionCode(ctx().app, 'loja-tray');
    });
    afterAll(() => fake.close());

    it('imports every page: products, variants, images, categories, prices in centavos', async () => {
      const [job] = await drainTrayJobs(ctx().app);
      expect(job).toMatchObject({ status: 'done', products_done: PRODUCTS, products_total: PRODUCTS });
      expect(productPages()).toEqual([1, 2, 3, 4, 5]);
      expect(await pendingSearchPages(ctx().db)).toBe(0); // issue 41: nothing left for searches to read
      const products = await shopProducts(ctx().db, 'loja-tray');
      expect(products).toHaveLength(PRODUCTS);
      const byId = new Map(products.map((p) => [p.provider_id, p]));
      for (const t of fake.catalog.products) {
        const row = byId.get(t.id)!;
        expect(row.price_cents).toBe(Math.round(Number(t.price) * 100));
        expect(row.promotional_price_cents).toBe(
          t.promotional_price === '0.00' ? null : Math.round(Number(t.promotional_price) * 100),
        );
        const inStock = t.has_variation === '1' ? t.variants.some((v) => v.stock !== '0') : t.stock !== '0';
        expect(row.is_active, t.id).toBe(t.available === '1' && inStock);
      }
      const [counts] = await ctx().db.query<Record<string, number>>(
        `select (select count(*)::int from product_variants) as variants, (select count(*)::int from categories) as categories,
                (select count(*)::int from product_images) as images,
                (select count(*)::int from product_variants where is_available) as available`,
      );
      const variants = fake.catalog.products.flatMap((p) => p.variants);
      expect(counts).toEqual({
        variants: variants.length,
        categories: fake.catalog.categories.length,
        images: fake.catalog.products.reduce((n, p) => n + p.ProductImage.length, 0),
        available: variants.filter((v) => v.stock !== '0').length,
      });
      const [variant] = await ctx().db.query<{ options: Record<string, string>; sku: string }>(
        `select options, sku from product_variants where provider_id = $1`,
        [variants[1]!.id],
      );
      expect(variant).toEqual({ options: { cor: 'verde' }, sku: variants[1]!.reference });
      const status = await ctx().app.inject({
        url: `/tray/link-store/${fake.storeId}/import-status`,
        query: { apiAddress: fake.apiAddress },
      });
      expect(status.json().data).toMatchObject({
        status: 'done',
        productsDone: PRODUCTS,
        errorMessage: null,
      });
    });

    it('a second import updates in place: new prices, removed products inactive, no duplicates', async () => {
      const before = await shopProducts(ctx().db, 'loja-tray');
      const [changed, removed] = fake.catalog.products;
      changed!.price = '12.34';
      changed!.variants[0]!.price = '15.00';
      fake.catalog.products.splice(1, 1);
      fake.failNext(2, 429, '/web_api/products'); // Tray throttles twice: the import backs off and carries on
      expect((await sync()).json().data.status).toBe('queued');
      const [job] = await drainTrayJobs(ctx().app);
      expect(job).toMatchObject({ status: 'done', products_done: PRODUCTS - 1 });
      const after = await shopProducts(ctx().db, 'loja-tray');
      expect(after.map((p) => [p.id, p.provider_id])).toEqual(before.map((p) => [p.id, p.provider_id]));
      const row = (id: string) => after.find((p) => p.provider_id === id)!;
      expect(row(changed!.id)).toMatchObject({ price_cents: 1234 });
      expect(row(removed!.id).is_active).toBe(false);
      const [variant] = await ctx().db.query<{ price_cents: number }>(
        'select price_cents from product_variants where provider_id = $1',
        [changed!.variants[0]!.id],
      );
      expect(variant!.price_cents).toBe(1500);
    });

    it('an import killed midway resumes at the next page without duplicates', async () => {
      fake.catalog.products[5]!.price = '99.99';
      await sync();
      const [sliced] = await drainTrayJobs(ctx().app, { maxSlices: 1, pagesPerSlice: 2 });
      expect(sliced).toMatchObject({ status: 'queued', next_page: 3 });
      // The worker dies while holding the job: the row stays 'running' until its lease runs out.
      await ctx().db.query(
        `update tray_import_jobs set status = 'running', lease_owner = 'instancia-morta', lease_until = now() - interval '1 second'
          where id = $1`,
        [sliced!.id],
      );
      const pagesBefore = productPages().length;
      const [job] = await drainTrayJobs(ctx().app);
      expect(job).toMatchObject({ id: sliced!.id, status: 'done', products_done: PRODUCTS - 1 });
      expect(productPages().slice(pagesBefore)).toEqual([3, 4, 5]);
      const [dupes] = await ctx().db.query<{ n: number; distinct_ids: number }>(
        `select count(*)::int as n, count(distinct provider_id)::int as distinct_ids from products`,
      );
      expect(dupes).toEqual({ n: PRODUCTS, distinct_ids: PRODUCTS });
      expect(
        (await shopProducts(ctx().db, 'loja-tray')).find(
          (p) => p.provider_id === fake.catalog.products[5]!.id,
        ),
      ).toMatchObject({
        price_cents: 9999,
      });
    });

    it('an expired token is refreshed exactly once under 10 concurrent calls, across two instances', async () => {
      const context = createTrayContext(ctx().app)!;
      const [link] = await ctx().db.query<{ id: string }>(
        `select id from tray_stores where status = 'active'`,
      );
      await ctx().db.query(`update tray_stores set access_expires_at = now() - interval '1 minute'`);
      fake.expireAccessTokens();
      const other = new TokenManager(ctx().db, context.api, context.cipher, { pollMs: 10 });
      const refreshes = fake.stats.refreshes;
      const tokens = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? other : context.tokens).get(link!.id)),
      );
      expect(fake.stats.refreshes).toBe(refreshes + 1);
      expect(new Set(tokens.map((t) => t.token)).size).toBe(1);
      const page = await context.api.listProducts(tokens[0]!.apiAddress, tokens[0]!.token, 1);
      expect(page.total).toBe(PRODUCTS - 1);

      // Tray says "expired" (error_code 1000) although our clock says fresh: the import refreshes once and goes on.
      fake.expireAccessTokens();
      await sync();
      const [job] = await drainTrayJobs(ctx().app);
      expect(job!.status).toBe('done');
      expect(fake.stats.refreshes).toBe(refreshes + 2);
    });

    it('leaves malformed products out, keeps their last copy, imports the rest and reports them', async () => {
      const simple = fake.catalog.products.filter((p) => p.has_variation === '0');
      const [badPrice, noName, changed] = simple;
      const badVariants = fake.catalog.products.filter((p) => p.has_variation === '1')[1]!;
      badPrice!.price = 'R$ 9,90';
      (noName as unknown as { name: null }).name = null;
      badVariants.variants[0]!.price = 'abc';
      changed!.price = '45.67';
      const skippedIds = [badPrice!.id, noName!.id, badVariants.id];
      const before = await shopProducts(ctx().db, 'loja-tray');
      await sync();
      const [job] = await drainTrayJobs(ctx().app);
      expect(job).toMatchObject({ status: 'done', products_done: PRODUCTS - 1 - 3, products_skipped: 3 });
      expect([...job!.skipped_product_ids].sort()).toEqual([...skippedIds].sort());
      const after = await shopProducts(ctx().db, 'loja-tray');
      for (const id of skippedIds) {
        expect(
          after.find((p) => p.provider_id === id),
          id,
        ).toEqual(before.find((p) => p.provider_id === id));
      }
      expect(after.find((p) => p.provider_id === changed!.id)?.price_cents).toBe(4567);
      const status = await ctx().app.inject({
        url: `/tray/link-store/${fake.storeId}/import-status`,
        query: { apiAddress: fake.apiAddress },
      });
      expect(status.json().data).toMatchObject({ status: 'done', productsSkipped: 3 });
      expect(status.json().data.errorMessage).toBe(
        `3 produto(s) com dados inválidos na Tray não foram importados (ids: ${job!.skipped_product_ids.join(', ')}). ` +
          'Corrija-os na Tray e sincronize de novo.',
      );
    });
  },
  { setup: (db) => insertShop(db, 'loja-tray').then(() => undefined), config: trayTestConfig() },
);
