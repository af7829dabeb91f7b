import { expect, it } from 'vitest';
import type { Product } from '@vitrine/contracts/catalog';
import { formatReais } from '@vitrine/contracts/money';
import { seedDemo } from '../../db/seed/demo.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import { saveStockSettings } from '../../modules/stock/service.ts';
import { client, shopId } from '../../test/catalog-support.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { webBuild } from '../../test/web-build-kit.ts';
import { firstView, type FirstViewDeps, type FirstViewRequest } from './first-view.ts';
import { escapeHtml } from './markup.ts';
import { previewImageOf, scriptJson, shortened } from './preview.ts';
import { jsonLdOf, metaOf } from './preview-test-kit.ts';

const PUBLIC = 'https://loja.test';

describeEachDb(
  'link previews',
  (ctx) => {
    const deps = (): FirstViewDeps => ({
      db: ctx().db,
      cache: createTtlCache<object>({ max: 10, ttlMs: 0 }),
      tokenKey: Buffer.alloc(32),
      webDir: webBuild(),
      publicUrl: PUBLIC,
    });
    const htmlOf = async (request: FirstViewRequest) => (await firstView(deps(), request))!.raw.toString();

    it('gives a catalogue link the shop: name, logo preview, its address without code or channel', async () => {
      const html = await htmlOf({ page: 'catalog', slug: 'hortifruti' });
      const tags = metaOf(html);
      expect(tags).toMatchObject({
        'og:type': 'website',
        'og:site_name': 'Hortifruti Bom Preço',
        'og:title': 'Hortifruti Bom Preço',
        'og:locale': 'pt_BR',
        'og:url': `${PUBLIC}/catalog?shop=hortifruti`,
        'og:image:width': '1200',
        'og:image:height': '630',
        'twitter:card': 'summary_large_image',
        'twitter:title': 'Hortifruti Bom Preço',
      });
      expect(tags['og:image']).toMatch(/^https:\/\/loja\.test\/media\/previews\/shops\/hortifruti\.jpg\?v=/);
      expect(tags['og:description']).toContain('Hortifruti Bom Preço');
      expect(jsonLdOf(html)).toEqual([]);
    });

    it('names the category or search a catalogue link opens', async () => {
      const shopper = await client(ctx, 'hortifruti');
      const tabs = (
        await shopper.get<{ providerId: string; name: string }[]>('/api/catalog/categories?perPage=50')
      ).data;
      const category = tabs.find((c) => !c.providerId.startsWith('COLLECTION_'))!;
      const catalog = { type: 'ShowCategory', id: category.providerId } as const;
      const tags = metaOf(await htmlOf({ page: 'catalog', slug: 'hortifruti', catalog }));
      expect(tags['og:title']).toBe(`${category.name} — Hortifruti Bom Preço`);
      expect(tags['og:url']).toBe(
        `${PUBLIC}/catalog?shop=hortifruti&catalogType=ShowCategory&catalogId=${encodeURIComponent(category.providerId)}`,
      );
      const search = metaOf(
        await htmlOf({ page: 'catalog', slug: 'hortifruti', catalog: { type: 'ShowQuery', id: 'banana' } }),
      );
      expect(search['og:title']).toBe('Busca por "banana" — Hortifruti Bom Preço');
      expect(search['og:url']).toBe(
        `${PUBLIC}/catalog?shop=hortifruti&catalogType=ShowQuery&catalogId=banana`,
      );
    });

    it('gives a product link its name, BRL price, photo preview and a schema.org Product with its Offer', async () => {
      const shopper = await client(ctx, 'hortifruti');
      const product = (await shopper.get('/api/catalog/products/P1001')).data as unknown as Product;
      const html = await htmlOf({ page: 'product', slug: 'hortifruti', productId: 'P1001' });
      const tags = metaOf(html);
      expect(tags['og:type']).toBe('product');
      expect(tags['og:title']).toBe(product.name);
      expect(tags['og:description']).toContain(formatReais(product.promotionalPrice ?? product.price));
      expect(tags['og:description']).toMatch(/R\$\u00a0\d+,\d{2}/); // pt-BR: 'R$ 12,90'
      expect(tags['og:url']).toBe(`${PUBLIC}/product/P1001?shop=hortifruti`);
      expect(tags['og:image']).toBe(previewImageOf(PUBLIC, product.images[0]!.url));
      expect(tags['og:image']).toMatch(/^https:\/\/loja\.test\/media\/previews\/p\/[a-z0-9-]+\.jpg\?bg=/);
      expect(tags['product:price:currency']).toBe('BRL');
      const [ld] = jsonLdOf(html);
      expect(ld).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name,
        offers: {
          '@type': 'Offer',
          priceCurrency: 'BRL',
          price: (product.promotionalPrice ?? product.price).toFixed(2),
          availability: 'https://schema.org/InStock',
        },
      });
      expect(html).toContain(`<title>${product.name} — Hortifruti Bom Preço</title>`);
    });

    it("shows a promotion as 'De … por …' and a sold-out product as 'Indisponível', OutOfStock", async () => {
      const db = ctx().db;
      const shop = await shopId(db, 'hortifruti');
      const [row] = await db.query<{ id: string; provider_id: string }>(
        `update products set price_cents = 1590, promotional_price_cents = 1290
          where id = (select id from products p where shop_id = $1 and not sold_in_kilo and is_active
                        and not exists (select 1 from product_variants v where v.product_id = p.id)
                      order by provider_id limit 1)
          returning id, provider_id`,
        [shop],
      );
      const productId = row!.provider_id;
      let tags = metaOf(await htmlOf({ page: 'product', slug: 'hortifruti', productId }));
      expect(tags['og:description']).toMatch(/^De R\$\u00a015,90 por R\$\u00a012,90/);
      expect(tags['og:description']).not.toContain('Indisponível');
      // Tracked with nothing on hand and no backorder: sold out.
      await saveStockSettings(db, shop, row!.id, { track: true, allow_backorder: false, low_threshold: 0 });
      const html = await htmlOf({ page: 'product', slug: 'hortifruti', productId });
      tags = metaOf(html);
      expect(tags['og:description']).toContain('Indisponível');
      expect(tags['product:availability']).toBe('out of stock');
      expect(jsonLdOf(html)[0]!.offers).toMatchObject({
        price: '12.90',
        availability: 'https://schema.org/OutOfStock',
      });
    });

    it('escapes a shop-supplied name and description everywhere: meta content, title and JSON-LD', async () => {
      const name = `Café "Especial" </script><script>alert(1)</script> $' $& <b>&amp;`;
      const description = `<p>Torra média</p><script>alert(2)</script> & "bom"`;
      await ctx().db.query(
        `update products set name = $2, description = $3
          where shop_id = (select id from shops where slug = 'hortifruti') and provider_id = $1`,
        ['P1003', name, description],
      );
      const html = await htmlOf({ page: 'product', slug: 'hortifruti', productId: 'P1003' });
      const head = html.slice(0, html.indexOf('</head>'));
      // Nothing of the texts opens or closes an element: the only scripts are the build's, the handover and JSON-LD.
      expect(head).not.toContain('<script>alert');
      expect(html).not.toContain('<b>&amp;');
      expect(html.match(/<\/script>/g)!.length).toBe(html.match(/<script[ >]/g)!.length);
      const tags = metaOf(html);
      expect(tags['og:title']).toBe(name);
      expect(tags['og:description']).toContain('Torra média & "bom"');
      expect(tags['og:description']).not.toContain('alert(2)');
      expect(jsonLdOf(html)[0]!.name).toBe(name);
      expect(html).toContain(`<title>${escapeHtml(name)} — Hortifruti Bom Preço</title>`);
    });

    it('keeps the product and catalogue first views within 14 KB compressed with the tags', async () => {
      for (const request of [
        { page: 'catalog', slug: 'hortifruti' },
        { page: 'product', slug: 'hortifruti', productId: 'P1001' },
      ] as const) {
        const answer = (await firstView(deps(), request))!;
        expect(answer.br.length, request.page).toBeLessThanOrEqual(14 * 1024);
        expect(answer.gzip.length, request.page).toBeLessThanOrEqual(14 * 1024);
      }
    });
  },
  {
    setup: async (db) => {
      await seedDemo(db);
    },
  },
);

it('maps only our own images to their preview JPEG, and leaves outside https images as they are', () => {
  const hash = 'a'.repeat(32);
  expect(previewImageOf(PUBLIC, `/media/photos/${hash}-800.jpg`)).toBe(
    `${PUBLIC}/media/previews/photos/${hash}.jpg`,
  );
  expect(previewImageOf(PUBLIC, '/media/p/banana-prata.svg?bg=fde68a&fg=1f2933')).toBe(
    `${PUBLIC}/media/previews/p/banana-prata.jpg?bg=fde68a&fg=1f2933`,
  );
  expect(previewImageOf(PUBLIC, 'https://cdn.loja.test/x.jpg')).toBe('https://cdn.loja.test/x.jpg');
  for (const other of [
    'http://x.test/a.jpg',
    'javascript:alert(1)',
    '/etc/passwd',
    'https://x.test/"><b>',
    null,
  ])
    expect(previewImageOf(PUBLIC, other)).toBeNull();
});

it('writes JSON that cannot close its script element, and shortens at a word', () => {
  const text = scriptJson({ name: '</script><script>alert(1)</script> & \u2028' });
  expect(text).not.toMatch(/[<>&\u2028]/);
  expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script> & \u2028' });
  expect(shortened('banana prata madura', 14)).toBe('banana prata…');
  expect(shortened('curto', 14)).toBe('curto');
});
