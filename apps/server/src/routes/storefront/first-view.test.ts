/**
 * A link as a link crawler fetches it (issue 35, decision 0054): a plain HTTP GET, no JavaScript, no cookie, no
 * hash. The first-view route answers with the preview tags of the catalogue, category, search and product links;
 * the crawler's visits create nothing (no session, contact, order, outbox row); bad input is a 4xx, not a 5xx.
 */
import sharp from 'sharp';
import { expect, it, vi } from 'vitest';
import { seedDemo } from '../../db/seed/demo.ts';
import { jsonLdOf, metaOf } from '../../flows/first-view/preview-test-kit.ts';
import { describeEachDb } from '../../test/test-app.ts';

// The server's web build is a miniature one (the route answers only when a build is there).
vi.mock('../../plugins/static-web.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../plugins/static-web.ts')>();
  const { webBuild } = await import('../../test/web-build-kit.ts');
  const dir = webBuild();
  const { default: fastifyStatic } = await import('@fastify/static');
  return {
    ...original,
    WEB_DIST: dir,
    registerStaticWeb: async (app: import('fastify').FastifyInstance) => {
      await app.register(fastifyStatic, { root: dir, wildcard: false, index: false });
      return true;
    },
  };
});

const CRAWLER = { 'user-agent': 'WhatsApp/2.23.20.0 A', accept: 'text/html' };
const TABLES = ['sessions', 'contacts', 'orders', 'outbox', 'contact_identities', 'addresses'];

describeEachDb(
  'links fetched by a crawler',
  (ctx) => {
    const get = (url: string) => ctx().app.inject({ method: 'GET', url, headers: CRAWLER });
    const counts = async () =>
      Promise.all(
        TABLES.map(
          async (table) =>
            (await ctx().db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n,
        ),
      );

    it('answers catalogue, category, search and product links with their preview tags, creating nothing', async () => {
      const before = await counts();
      const base = ctx().config.publicUrl;
      const catalogue = await get('/catalog?shop=hortifruti&channel=whatsapp');
      expect(catalogue.statusCode).toBe(200);
      expect(metaOf(catalogue.body)).toMatchObject({
        'og:title': 'Hortifruti Bom Preço',
        'og:url': `${base}/catalog?shop=hortifruti`,
        'og:locale': 'pt_BR',
      });
      const search = await get(
        '/catalog?shop=hortifruti&channel=whatsapp&catalogType=ShowQuery&catalogId=banana',
      );
      expect(metaOf(search.body)['og:title']).toBe('Busca por "banana" — Hortifruti Bom Preço');
      const category = await get('/catalog?shop=hortifruti&catalogType=ShowCategory&catalogId=NAO-EXISTE');
      expect(metaOf(category.body)['og:site_name']).toBe('Hortifruti Bom Preço');
      const product = await get('/product/P1001?shop=hortifruti&channel=whatsapp');
      expect(product.statusCode).toBe(200);
      const tags = metaOf(product.body);
      expect(tags['og:type']).toBe('product');
      expect(tags['og:url']).toBe(`${base}/product/P1001?shop=hortifruti`);
      expect(tags['og:image']).toMatch(new RegExp(`^${base}/media/previews/p/`));
      expect(jsonLdOf(product.body)[0]).toMatchObject({
        '@type': 'Product',
        offers: { priceCurrency: 'BRL' },
      });
      // A burst of the same link (a viral link's crawlers) and the preview image: still nothing written.
      for (let i = 0; i < 10; i++) expect((await get('/product/P1001?shop=hortifruti')).statusCode).toBe(200);
      const image = await get(tags['og:image']!.slice(base.length));
      expect(image.statusCode).toBe(200);
      expect(await counts()).toEqual(before);
      expect(product.headers['set-cookie']).toBeUndefined();
    });

    it('serves preview images as JPEGs of 1200×630 within 300 KB, and 404 for anything not ours', async () => {
      for (const url of [
        '/media/previews/p/banana-prata.jpg?bg=fde68a&fg=1f2933',
        '/media/previews/shops/moda.jpg?v=x',
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe('image/jpeg');
        expect(res.rawPayload.length).toBeLessThanOrEqual(300 * 1024);
        const meta = await sharp(res.rawPayload).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
      }
      for (const url of [
        `/media/previews/photos/${'a'.repeat(32)}.jpg`,
        '/media/previews/photos/../../etc.jpg',
        '/media/previews/p/banana.jpg?bg=zzzzzz',
        '/media/previews/p/Banana.png',
        '/media/previews/shops/nao-existe.jpg',
      ])
        expect((await get(url)).statusCode, url).toBe(404);
    });

    it('refuses bad input with a 4xx: unknown shop or product, a NUL, a 10 KB id; nothing created', async () => {
      const before = await counts();
      expect((await get('/catalog?shop=nao-existe')).statusCode).toBe(404);
      expect((await get('/product/P1001?shop=nao-existe')).statusCode).toBe(404);
      expect((await get('/product/NAO-EXISTE?shop=hortifruti')).statusCode).toBe(404);
      expect((await get(`/product/${'x'.repeat(101)}?shop=hortifruti`)).statusCode).toBe(404);
      const nul = await get('/product/P%00?shop=hortifruti');
      expect(nul.statusCode).toBeGreaterThanOrEqual(400);
      expect(nul.statusCode).toBeLessThan(500);
      const long = await get(`/product/${'x'.repeat(10_240)}?shop=hortifruti`);
      expect(long.statusCode).toBeGreaterThanOrEqual(400);
      expect(long.statusCode).toBeLessThan(500);
      const longShop = await get(`/catalog?shop=${'x'.repeat(10_240)}`);
      expect(longShop.statusCode).toBeGreaterThanOrEqual(400);
      expect(longShop.statusCode).toBeLessThan(500);
      expect(await counts()).toEqual(before);
    });
  },
  {
    setup: async (db) => {
      await seedDemo(db);
    },
  },
);
