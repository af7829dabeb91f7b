/**
 * The catalogue feeds (issue 35, decision 0054) as Meta and Google fetch them: the published field lists, one item
 * per sellable unit with its group, the shop's token only (another shop's token, an unknown shop, malformed input:
 * 404, nothing created), escaping, ETag / Last-Modified, and the console's card with its 'Gerar novo endereço'.
 */
import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import { seedDemo } from '../../db/seed/demo.ts';
import { META_COLUMNS, xmlText } from '../../flows/integrations/catalog-feeds.ts';
import { feedTokenOf } from '../../modules/shop/service.ts';
import { shopId } from '../../test/catalog-support.ts';
import { asStaff, shopWithOwner, type Staff } from '../../test/console-kit.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { describeEachDb } from '../../test/test-app.ts';

/** Meta's required fields (Commerce Manager's data feed specification) and the price format it reads. */
const META_REQUIRED = [
  'id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'link',
  'image_link',
  'brand',
];
/** Google Merchant Center's required attributes for new items without GTIN. */
const GOOGLE_REQUIRED = [
  'id',
  'title',
  'description',
  'link',
  'image_link',
  'availability',
  'price',
  'condition',
  'brand',
];
const PRICE = /^\d+\.\d{2} BRL$/;

/** A well-formedness check of the XML we write: tags balanced, no stray `<` or `&`. */
function wellFormed(xml: string): boolean {
  const body = xml.replace(/^<\?xml[^>]*\?>\s*/, '');
  const stack: string[] = [];
  for (const m of body.matchAll(/<(\/?)([A-Za-z][\w:.-]*)([^>]*)>|&(?!(amp|lt|gt|quot|apos);)/g)) {
    if (!m[2]) return false; // a bare &
    if (m[1]) {
      if (stack.pop() !== m[2]) return false;
    } else if (!m[3]!.endsWith('/')) stack.push(m[2]);
  }
  return stack.length === 0 && !/<(?![/A-Za-z?])/.test(body);
}

/** The `<item>`s of a Google feed as attribute → text (entities decoded). */
function googleItems(xml: string): Record<string, string>[] {
  const decode = (t: string) =>
    t
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  return [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) =>
    Object.fromEntries([...m[1]!.matchAll(/<g:(\w+)>([^<]*)<\/g:\1>/g)].map((a) => [a[1]!, decode(a[2]!)])),
  );
}

describeEachDb(
  'catalogue feeds',
  (ctx) => {
    const tokenOf = async (slug: string) => feedTokenOf(ctx().db, await shopId(ctx().db, slug));
    const get = (url: string, headers: Record<string, string> = {}) =>
      ctx().app.inject({ method: 'GET', url, headers });
    const metaRows = (text: string) =>
      parse(text, { columns: true, skip_empty_lines: true }) as Record<string, string>[];

    it("lists every sellable unit in Meta's CSV columns: variants grouped, prices as '12.90 BRL'", async () => {
      const res = await get(`/feeds/moda/${await tokenOf('moda')}/meta.csv`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      const text = res.body;
      expect(text.split('\n')[0]).toBe(META_COLUMNS.join(','));
      const rows = metaRows(text);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        for (const field of META_REQUIRED) expect(row[field], `${row.id} ${field}`).not.toBe('');
        expect(['in stock', 'out of stock']).toContain(row.availability);
        expect(row.condition).toBe('new');
        expect(row.price).toMatch(PRICE);
        if (row.sale_price) expect(row.sale_price).toMatch(PRICE);
        expect(row.link).toMatch(/^http:\/\/vitrine\.test\/product\/[^?#]+\?shop=moda$/);
        expect(row.image_link).toMatch(/^http:\/\/vitrine\.test\/media\/(previews|photos)\/.+\.jpg/);
      }
      expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
      // Variants share their product's item_group_id, and each has its own id.
      const grouped = rows.filter((r) => r.item_group_id);
      expect(grouped.length).toBeGreaterThan(1);
      const [variant] = await ctx().db.query<{ sku: string; product: string }>(
        `select v.sku, p.provider_id as product from product_variants v join products p on p.id = v.product_id
          where p.shop_id = (select id from shops where slug = 'moda') and p.is_active limit 1`,
      );
      expect(rows.find((r) => r.id === variant!.sku)?.item_group_id).toBe(variant!.product);
    });

    it("lists the same items in Google's RSS 2.0 with g: attributes", async () => {
      const token = await tokenOf('hortifruti');
      const meta = metaRows((await get(`/feeds/hortifruti/${token}/meta.csv`)).body);
      const res = await get(`/feeds/hortifruti/${token}/google.xml`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.body).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0" xmlns:g="http:\/\/base.google.com\/ns\/1.0">/,
      );
      expect(wellFormed(res.body)).toBe(true);
      const items = googleItems(res.body);
      expect(items.map((i) => i.id)).toEqual(meta.map((r) => r.id));
      for (const item of items) {
        for (const field of GOOGLE_REQUIRED) expect(item[field], `${item.id} ${field}`).toBeTruthy();
        expect(['in_stock', 'out_of_stock']).toContain(item.availability);
        expect(item.price).toMatch(PRICE);
      }
    });

    it('leaves out inactive products and those without photo, price or description, and escapes shop texts', async () => {
      const db = ctx().db;
      const shop = await shopId(db, 'hortifruti');
      const [first, second, third] = await db.query<{ id: string; provider_id: string }>(
        `select id, provider_id from products p where shop_id = $1 and is_active
            and not exists (select 1 from product_variants v where v.product_id = p.id)
          order by provider_id limit 3`,
        [shop],
      );
      const name = `=HYPERLINK("http://x.test","Café") </script>&<b> "aspas" \u0001`;
      await db.query(`update products set name = $2 where id = $1`, [first!.id, name]);
      await db.query(`update products set description = null where id = $1`, [second!.id]);
      await db.query(`delete from product_images where product_id = $1`, [third!.id]);
      const token = await tokenOf('hortifruti');
      const csv = (await get(`/feeds/hortifruti/${token}/meta.csv`)).body;
      const rows = metaRows(csv);
      // The formula is text (decision 0051), the rest as typed.
      expect(rows.find((r) => r.id === first!.provider_id)?.title).toBe(`'${name}`);
      expect(rows.map((r) => r.id)).not.toContain(second!.provider_id);
      expect(rows.map((r) => r.id)).not.toContain(third!.provider_id);
      const xml = (await get(`/feeds/hortifruti/${token}/google.xml`)).body;
      expect(wellFormed(xml)).toBe(true);
      expect(xml).not.toContain('\u0001');
      expect(googleItems(xml).find((i) => i.id === first!.provider_id)?.title).toBe(
        name.replace('\u0001', ''),
      );
      expect(xmlText('a\u0000b\ud800c&')).toBe('abc&amp;');
    });

    /** A new shop with its owner and three products: complete, without description, without photo. */
    const feedShop = async (slug: string) => {
      const { app, db } = ctx();
      const { owner, shop } = await shopWithOwner(app, slug);
      for (const [code, description, image] of [
        ['C1', 'Café torrado', '/media/p/cafe.svg?bg=fde68a&fg=1f2933'],
        ['C2', null, '/media/p/cha.svg?bg=fde68a&fg=1f2933'],
        ['C3', 'Açúcar', null],
      ] as const) {
        await db.query(
          `insert into products (id, shop_id, provider_id, sku, name, description, price_cents)
           values ($1, $2, $3, $3, $4, $5, 1290)`,
          [`prd-${slug}-${code}`, shop.id, code, `Produto ${code}`, description],
        );
        if (image)
          await db.query(
            `insert into product_images (id, shop_id, product_id, url, position) values ($1, $2, $3, $4, 0)`,
            [`img-${slug}-${code}`, shop.id, `prd-${slug}-${code}`, image],
          );
      }
      const call = (owner_: Staff, method: 'GET' | 'POST', path = '') =>
        asStaff(app, owner_, {
          method,
          url: `/api/console/shops/${slug}/integrations/feeds${path}`,
          ...(method === 'POST' ? { payload: {} } : {}),
        });
      return { owner, shop, call };
    };

    it('shows the owner the feed addresses and the products left out with why', async () => {
      const { owner, call } = await feedShop('feeds-a');
      const card = await call(owner, 'GET');
      expect(card.statusCode, card.body).toBe(200);
      const data = card.json().data;
      expect(data.metaUrl).toMatch(/^http:\/\/vitrine\.test\/feeds\/feeds-a\/[A-Za-z0-9_-]{32}\/meta\.csv$/);
      expect(data.googleUrl).toBe(data.metaUrl.replace('meta.csv', 'google.xml'));
      expect(data).toMatchObject({ products: 1, items: 1, leftOutCount: 2 });
      expect(data.leftOut).toEqual([
        { providerId: 'C2', name: 'Produto C2', gaps: ['description'] },
        { providerId: 'C3', name: 'Produto C3', gaps: ['photo'] },
      ]);
      // The same address twice: the token is made once.
      expect((await call(owner, 'GET')).json().data.metaUrl).toBe(data.metaUrl);
      const rows = metaRows((await get(new URL(data.metaUrl).pathname)).body);
      expect(rows.map((r) => r.id)).toEqual(['C1']);
      expect(rows[0]).toMatchObject({ price: '12.90 BRL', availability: 'in stock', brand: 'Loja feeds-a' });
    });

    it("writes the Google product category set on the product's category, or on the nearest one above", async () => {
      const { app, db } = ctx();
      const { owner, shop } = await feedShop('feeds-g');
      const categories = `/api/console/shops/feeds-g/catalog/categories`;
      const create = async (name: string, parentCode: string | null) =>
        (await asStaff(app, owner, { method: 'POST', url: categories, payload: { name, parentCode } })).json()
          .data.code as string;
      const drinks = await create('Bebidas', null);
      const coffee = await create('Cafés', drinks);
      await db.query(
        `update products set category_id = (select id from categories where shop_id = $1 and
        provider_id = $2) where shop_id = $1 and provider_id = 'C1'`,
        [shop.id, coffee],
      );
      const set = (code: string, name: string, googleCategory: unknown) =>
        asStaff(app, owner, {
          method: 'PUT',
          url: `${categories}/${code}`,
          payload: { name, isHidden: false, googleCategory },
        });
      // Bad input: refused in pt-BR, at the field, nothing changed.
      expectRefusal(await set(drinks, 'Bebidas', 'Bebidas\u0000'), 400); // the input guard's
      for (const bad of ['1234567', 'a'.repeat(751), 'Bebidas\u0007']) {
        const refused = expectRefusal(await set(drinks, 'Bebidas', bad), 400);
        expect(refused.message).toMatch(
          /googleCategory: (Informe o número da categoria do Google|No máximo 750)/,
        );
      }
      const feedRow = async () => {
        const card = (
          await asStaff(app, owner, { url: '/api/console/shops/feeds-g/integrations/feeds' })
        ).json();
        const path = new URL(card.data.metaUrl as string).pathname;
        const [row] = metaRows((await get(path)).body);
        const [item] = googleItems((await get(path.replace('meta.csv', 'google.xml'))).body);
        return [row!.google_product_category, item!.google_product_category];
      };
      expect(await feedRow()).toEqual(['', undefined]);
      // Set on the parent: the subcategory's product takes it; its own wins once set.
      expect((await set(drinks, 'Bebidas', ' 499676 ')).statusCode).toBe(200);
      expect(await feedRow()).toEqual(['499676', '499676']);
      const path = 'Alimentos, bebidas e tabaco > Bebidas > Café';
      expect((await set(coffee, 'Cafés', path)).statusCode).toBe(200);
      expect(await feedRow()).toEqual([path, path]);
      // A rename without the field keeps it; blank clears it.
      expect(
        (
          await asStaff(app, owner, {
            method: 'PUT',
            url: `${categories}/${coffee}`,
            payload: { name: 'Café', isHidden: false },
          })
        ).statusCode,
      ).toBe(200);
      const listed = (await asStaff(app, owner, { url: categories })).json().data.categories;
      expect(listed.map((c: { googleCategory: string | null }) => c.googleCategory)).toEqual([
        '499676',
        path,
      ]);
      expect((await set(coffee, 'Café', '')).statusCode).toBe(200);
      expect(await feedRow()).toEqual(['499676', '499676']);
    });

    it('answers 304 to a fetcher that has the current feed, and a new ETag once a product changes', async () => {
      const url = `/feeds/hortifruti/${await tokenOf('hortifruti')}/meta.csv`;
      const first = await get(url);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"feed-/);
      expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
      expect(
        (await get(url, { 'if-modified-since': String(first.headers['last-modified']) })).statusCode,
      ).toBe(304);
      await ctx().db.query(
        `update products set price_cents = price_cents + 1, updated_at = now() + interval '1 second'
          where shop_id = (select id from shops where slug = 'hortifruti') and provider_id = 'P1001'`,
      );
      const after = await get(url, { 'if-none-match': etag });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(etag);
    });

    it("refuses another shop's token, an unknown shop, a renewed token and malformed input with 404, creating nothing", async () => {
      const horti = await tokenOf('hortifruti');
      const moda = await tokenOf('moda');
      const before = (
        await ctx().db.query<{ n: number }>(`select count(*)::int as n from shop_feed_tokens`)
      )[0]!.n;
      for (const url of [
        `/feeds/hortifruti/${moda}/meta.csv`,
        `/feeds/moda/${horti}/google.xml`,
        `/feeds/nao-existe/${horti}/meta.csv`,
        `/feeds/hortifruti/${'x'.repeat(32)}/meta.csv`,
        `/feeds/hortifruti/${horti.slice(0, -1)}/meta.csv`,
        `/feeds/hortifruti/${horti}%00/meta.csv`,
        `/feeds/${'x'.repeat(10_240)}/${horti}/meta.csv`,
        `/feeds/HORTIFRUTI/${horti}/meta.csv`,
      ]) {
        const res = await get(url);
        expect(res.statusCode, url.slice(0, 80)).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, url.slice(0, 80)).toBeLessThan(500);
        expect(res.body, url.slice(0, 80)).not.toContain('BRL');
      }
      expect((await get(`/feeds/hortifruti/${moda}/meta.csv`)).statusCode).toBe(404);
      const after = (
        await ctx().db.query<{ n: number }>(`select count(*)::int as n from shop_feed_tokens`)
      )[0]!.n;
      expect(after).toBe(before);
    });

    it("'Gerar novo endereço' ends the old addresses at once, audited; only the owner may", async () => {
      const { owner, call, shop } = await feedShop('feeds-b');
      const before = (await call(owner, 'GET')).json().data;
      const renewed = await call(owner, 'POST', '/address');
      expect(renewed.statusCode, renewed.body).toBe(200);
      const after = renewed.json().data;
      expect(after.metaUrl).not.toBe(before.metaUrl);
      expect((await get(new URL(before.metaUrl).pathname)).statusCode).toBe(404);
      expect((await get(new URL(before.googleUrl).pathname)).statusCode).toBe(404);
      expect((await get(new URL(after.metaUrl).pathname)).statusCode).toBe(200);
      const [audit] = await ctx().db.query<{ action: string }>(
        `select action from audit_log where shop_id = $1 and action = 'feeds.renewed'`,
        [shop.id],
      );
      expect(audit?.action).toBe('feeds.renewed');
      expect(
        (await asStaff(ctx().app, null, { url: '/api/console/shops/feeds-b/integrations/feeds' })).statusCode,
      ).toBe(401);
      // Without the CSRF header the renewal is refused and the address stays.
      const forged = await asStaff(ctx().app, owner, {
        method: 'POST',
        url: '/api/console/shops/feeds-b/integrations/feeds/address',
        payload: {},
        csrf: false,
      });
      expect(forged.statusCode).toBeGreaterThanOrEqual(400);
      expect((await get(new URL(after.metaUrl).pathname)).statusCode).toBe(200);
    });
  },
  {
    setup: async (db) => {
      await seedDemo(db);
    },
  },
);
