import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { cardPrices } from '@vitrine/contracts/card-prices';
import type { Category, Product } from '@vitrine/contracts/catalog';
import { linkCatalogOf } from '@vitrine/contracts/catalog-link';
import { formatReais } from '@vitrine/contracts/money';
import { seedDemo } from '../../db/seed/demo.ts';
import { inlineHashes } from '../../lib/inline-hashes.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import { client, shopId } from '../../test/catalog-support.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { webBuild } from '../../test/web-build-kit.ts';
import { firstView, type FirstViewAnswer, type FirstViewDeps } from './first-view.ts';
import { escapeHtml, searchBarHtml, searchHeadingHtml } from './markup.ts';

describeEachDb(
  'first view',
  (ctx) => {
    const deps = (cache = createTtlCache<object>({ max: 10, ttlMs: 0 })): FirstViewDeps => ({
      db: ctx().db,
      cache,
      tokenKey: Buffer.alloc(32),
      webDir: webBuild(),
      publicUrl: 'https://loja.test',
    });

    it("holds the first top seller's name and price, as the API lists it, in the document", async () => {
      const answer = await firstView(deps(), { page: 'catalog', slug: 'hortifruti' });
      const html = answer!.raw.toString();
      const shopper = await client(ctx, 'hortifruti');
      const top = await shopper.get('/api/catalog/top?pageNumber=0&perPage=10');
      const view = html.slice(html.indexOf('id="first-view"'), html.indexOf('id="root"'));
      for (const product of top.data.data) expect(view).toContain(`>${escapeHtml(product.name)}</a>`);
      expect(view).toContain(formatReais(cardPrices(top.data.data[0]!).current));
      // The first two images are fetched first; the document keeps the build's boot script and CSS.
      expect(view.match(/fetchpriority="high"/g)).toHaveLength(2);
      expect(html).toContain('.product-grid{display:grid}');
      expect(html).toContain('<div id="root" hidden>');
      expect(html).not.toContain('<noscript>');
    });

    it('fetches and runs no script before the first view has painted', async () => {
      const html = (await firstView(deps(), { page: 'catalog', slug: 'hortifruti' }))!.raw.toString();
      const head = html.slice(0, html.indexOf('</head>'));
      // Nothing render-blocking or competing with the document: the boot script lists no route file any more,
      // and the module script and its preloads are gone from the head…
      expect(head).toContain(`JSON.parse('{"catalog":[],"product":[]}')`);
      expect(head).not.toMatch(/<script type="module"|modulepreload|<link rel="stylesheet"/);
      expect(head).toContain('<html lang="pt-BR" data-first-view>'); // the boot script's API calls wait too
      // …to be added by the handover script once it has painted: preloads, the route's files, then the entry.
      const handover = html.slice(html.lastIndexOf('<script>'));
      expect(handover).toContain(
        'F=["/assets/shell.js","/assets/catalog.js","/assets/catalog.css"],E="/assets/index.js"',
      );
      expect(handover).toContain("getEntriesByName('first-contentful-paint').length)boot()");
    });

    it('declares every inline script and style it carries, and compresses the same document', async () => {
      const answer = (await firstView(deps(), { page: 'catalog', slug: 'hortifruti' }))!;
      const html = answer.raw.toString();
      expect(answer.hashes).toEqual(inlineHashes(html));
      expect(answer.hashes.scripts).toHaveLength(2); // the build's boot script and the handover script
      expect(brotliDecompressSync(answer.br).toString()).toBe(html);
      expect(gunzipSync(answer.gzip).toString()).toBe(html);
      expect(answer.br.length).toBeLessThanOrEqual(14 * 1024);
    });

    it('shows skeleton cards on /products-found: the suggestions are the order’s own', async () => {
      const html = (await firstView(deps(), { page: 'products-found', slug: 'hortifruti' }))!.raw.toString();
      expect(html).toContain('product-card--skeleton');
      expect(html).not.toContain('product-card__link');
    });

    it("holds the product's name, price, first image and description, as the API gives them", async () => {
      const answer = await firstView(deps(), { page: 'product', slug: 'hortifruti', productId: 'P1001' });
      const html = answer!.raw.toString();
      const shopper = await client(ctx, 'hortifruti');
      const product = (await shopper.get('/api/catalog/products/P1001')).data as unknown as Product;
      const view = html.slice(html.indexOf('id="first-view"'), html.indexOf('id="root"'));
      expect(view).toContain(`<h1 id="product-name" class="product__name">${escapeHtml(product.name)}</h1>`);
      expect(view).toContain(`<p class="price__current">${formatReais(product.price)}</p>`);
      expect(view).toContain(`<img src="${escapeHtml(product.images[0]!.url)}"`);
      expect(view.match(/fetchpriority="high"/g)).toHaveLength(1);
      expect(view).toContain(escapeHtml(product.description!));
      expect(view).toContain('class="top-bar__back"');
      // The product page's CSS is in the document; its chunks wait for the first paint.
      expect(html).toContain('.product{display:grid}');
      expect(html.slice(html.lastIndexOf('<script>'))).toContain('"/assets/product.css"');
    });

    it('leaves products with variants (previewed) and unknown products to the web app', async () => {
      const [withVariants] = await ctx().db.query<{ provider_id: string }>(
        `select p.provider_id from products p join shops s on s.id = p.shop_id
          where s.slug = 'moda' and exists (select 1 from product_variants v where v.product_id = p.id) limit 1`,
      );
      const d = deps();
      // The page is React's (index.html as built), with the link's preview in its head (preview.test.ts).
      const variants = await firstView(d, {
        page: 'product',
        slug: 'moda',
        productId: withVariants!.provider_id,
      });
      expect(variants!.raw.toString()).not.toContain('id="first-view"');
      expect(variants!.raw.toString()).toContain('<div id="root"><div class="boot-bar">');
      expect(variants!.raw.toString()).toContain('<meta property="og:type" content="product">');
      expect(await firstView(d, { page: 'product', slug: 'hortifruti', productId: 'NAO-EXISTE' })).toBeNull();
    });

    it("draws the page in the style of the contact's channel when the shop has one for it", async () => {
      await ctx().db.query(
        `update shops set settings = jsonb_set(settings, '{channelSettings}', $1::jsonb) where slug = 'moda'`,
        [
          JSON.stringify([
            {
              channelId: 3,
              style: { defaultColor: '#7b2cbf', secondaryColor: '#e1306c', urlLogo: '/media/logo/ig.svg' },
            },
          ]),
        ],
      );
      const d = deps();
      const instagram = (await firstView(d, { page: 'catalog', slug: 'moda' }, 3))!.raw.toString();
      const whatsapp = (await firstView(d, { page: 'catalog', slug: 'moda' }, 1))!.raw.toString();
      expect(instagram).toContain('--primary:#7b2cbf');
      expect(instagram).toContain('src="/media/logo/ig.svg"');
      expect(whatsapp).not.toContain('#7b2cbf');
      expect(whatsapp).not.toContain('/media/logo/ig.svg');
    });

    /** The first view's own markup (between its opening tag and React's root). */
    const viewOf = (answer: FirstViewAnswer | null) => {
      const html = answer!.raw.toString();
      return html.slice(html.indexOf('<div id="first-view"'), html.indexOf('id="root"'));
    };
    const tabsOf = async () => {
      const shopper = await client(ctx, 'hortifruti');
      const tabs = await shopper.get<Category[]>('/api/catalog/categories?perPage=50');
      return { shopper, tabs: tabs.data };
    };

    it('draws the category a link opens: its tab selected and its first page, as the web app lists it', async () => {
      const { shopper, tabs } = await tabsOf();
      const category = tabs.find((c) => !c.providerId.startsWith('COLLECTION_') && c.children?.length)!;
      const catalog = { type: 'ShowCategory', id: category.providerId } as const;
      const view = viewOf(await firstView(deps(), { page: 'catalog', slug: 'hortifruti', catalog }));
      const listed = await shopper.post('/api/catalog/products/search', {
        pageNumber: 0,
        perPage: 10,
        category: category.providerId,
        searchQuery: null,
        filters: null,
      });
      expect(listed.data.data.length).toBeGreaterThan(0);
      for (const product of listed.data.data) expect(view).toContain(`>${escapeHtml(product.name)}</a>`);
      expect(view.match(/product-card__link/g)).toHaveLength(listed.data.data.length);
      expect(view).toContain(`aria-selected="true" tabindex="0" title="${escapeHtml(category.name)}"`);
      expect(view).toContain(`data-catalog="catalogType=ShowCategory&amp;catalogId=${category.providerId}"`);
      // A subcategory opens as a search in 'parent > subcategory' (catalog-query.ts), with its heading.
      const child = category.children![0]!;
      const sub = viewOf(
        await firstView(deps(), {
          page: 'catalog',
          slug: 'hortifruti',
          catalog: { type: 'ShowCategory', id: child.providerId },
        }),
      );
      expect(sub).toContain(
        `<p class="search-heading__query">${escapeHtml(`Buscando na categoria ${category.name} > ${child.name}`)}</p>`,
      );
      expect(sub).toContain('search-bar__filter search-bar__filter--active');
      expect(sub).not.toContain('role="tablist"');
    });

    it('draws the search a link opens: its text, its heading and the whole shop’s first matches', async () => {
      const { shopper } = await tabsOf();
      const catalog = { type: 'ShowQuery', id: 'banana' } as const;
      const view = viewOf(await firstView(deps(), { page: 'catalog', slug: 'hortifruti', catalog }));
      const found = await shopper.post('/api/catalog/products/searchText', {
        pageNumber: 0,
        perPage: 10,
        searchQuery: 'banana',
        filters: null,
      });
      expect(found.data.data.length).toBeGreaterThan(0);
      const shown = [...view.matchAll(/class="product-card__link">([^<]*)</g)].map((m) => m[1]);
      expect(shown).toEqual(found.data.data.map((p) => escapeHtml(p.name)));
      expect(view).toContain('class="search-bar__input"');
      expect(view).toContain('value="banana"');
      expect(view).toContain(`<p class="search-heading__query">Buscando por &quot;banana&quot;</p>`);
      expect(view).toContain('role="region" aria-label="Produtos"');
    });

    it('draws the collection a link opens, and leaves unknown or empty choices to the web app (previewed)', async () => {
      const { shopper, tabs } = await tabsOf();
      const collection = tabs.find((c) => c.providerId.startsWith('COLLECTION_'))!;
      const id = collection.providerId.slice('COLLECTION_'.length);
      const d = deps();
      const view = viewOf(
        await firstView(d, { page: 'catalog', slug: 'hortifruti', catalog: { type: 'ShowCollection', id } }),
      );
      const listed = await shopper.get(`/api/catalog/products/collections/${id}?pageNumber=0&perPage=10`);
      const shown = [...view.matchAll(/class="product-card__link">([^<]*)</g)].map((m) => m[1]);
      expect(shown).toEqual(listed.data.data.map((p) => escapeHtml(p.name)));
      expect(view).toContain(`aria-selected="true" tabindex="0" title="${escapeHtml(collection.name)}"`);
      for (const catalog of [
        { type: 'ShowCategory', id: 'NAO-EXISTE' },
        { type: 'ShowCollection', id: 'nao-existe' },
        { type: 'ShowQuery', id: 'xyzxyzxyz' },
        { type: 'ShowCategory', id: 'SUGGESTED_ITEMS' },
      ] as const) {
        // React's page (index.html as built), the link's preview in its head.
        const html = (await firstView(d, { page: 'catalog', slug: 'hortifruti', catalog }))!.raw.toString();
        expect(html, catalog.id).not.toContain('id="first-view"');
        expect(html, catalog.id).toContain('<meta property="og:site_name" content="Hortifruti Bom Preço">');
      }
    });

    it('keeps each choice apart in the cache, and reads a choice from a link as the web app does', async () => {
      const cache = createTtlCache<object>({ max: 10, ttlMs: 60_000 });
      const d = deps(cache);
      const plain = await firstView(d, { page: 'catalog', slug: 'hortifruti' });
      const search = await firstView(d, {
        page: 'catalog',
        slug: 'hortifruti',
        catalog: { type: 'ShowQuery', id: 'banana' },
      });
      expect(search).not.toBe(plain);
      expect(
        await firstView(d, {
          page: 'catalog',
          slug: 'hortifruti',
          catalog: { type: 'ShowQuery', id: 'banana' },
        }),
      ).toBe(search);
      expect(linkCatalogOf('ShowQuery', '  banana ')).toEqual({ type: 'ShowQuery', id: 'banana' });
      for (const [type, id] of [
        ['Standard', 'x'],
        ['ShowQuery', '  '],
        ['Outro', 'x'],
        [['ShowQuery'], 'x'],
        ['ShowQuery', 'x'.repeat(201)],
      ])
        expect(linkCatalogOf(type, id)).toBeNull();
    });

    it('gives nothing for an unknown shop', async () => {
      expect(await firstView(deps(), { page: 'catalog', slug: 'nao-existe' })).toBeNull();
    });

    it('is kept per shop and page in the catalogue cache, and dropped with the shop’s entries', async () => {
      const cache = createTtlCache<object>({ max: 10, ttlMs: 60_000 });
      const d = deps(cache);
      const first = await firstView(d, { page: 'catalog', slug: 'moda' });
      expect(await firstView(d, { page: 'catalog', slug: 'moda' })).toBe(first);
      expect(await firstView(d, { page: 'catalog', slug: 'hortifruti' })).not.toBe(first);
      cache.deletePrefix(`${await shopId(ctx().db, 'moda')}|`);
      const again = await firstView(d, { page: 'catalog', slug: 'moda' });
      expect(again).not.toBe(first);
      expect(again!.etag).toBe(first!.etag);
    });
  },
  {
    setup: async (db) => {
      await seedDemo(db);
    },
  },
);

it('escapes what it writes', () => {
  const payload = `<img src=x onerror="alert('1')">&`;
  const escaped = '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;';
  expect(escapeHtml(payload)).toBe(escaped);
  // A link's search term lands in the search bar and the heading as text only.
  expect(searchBarHtml({ text: payload, categoryFiltered: false })).toContain(`value="${escaped}"`);
  expect(searchHeadingHtml(`Buscando por "${payload}"`)).not.toContain('<img');
});
