import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { shopSettings } from '@vitrine/contracts/shop';
import { mediaRoutes } from '../../routes/storefront/media.ts';
import type { Db } from '../client.ts';
import { createTestDb } from '../../test/test-db.ts';
import { seedBench } from './bench.ts';
import { seedDemo } from './demo.ts';

const TABLES = [
  'shops',
  'categories',
  'products',
  'product_images',
  'product_attributes',
  'attribute_options',
  'product_variants',
  'product_specifications',
  'subscription_offers',
  'collections',
  'collection_products',
] as const;

let db: Db;

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await db.query<{ n: number | string }>(`select count(*) as n from (${sql}) t`, params);
  return Number(row?.n ?? 0);
}

async function tableCounts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) out[table] = await count(`select 1 from ${table}`);
  return out;
}

beforeAll(async () => {
  db = (await createTestDb('pglite')).db;
});

afterAll(async () => {
  await db.close();
});

describe('seedDemo', () => {
  it('is idempotent: a second run changes nothing and returns the same shops', async () => {
    const first = await seedDemo(db);
    const before = await tableCounts();
    const second = await seedDemo(db);
    expect(await tableCounts()).toEqual(before);
    expect(first.shops.map((s) => s.created)).toEqual([true, true]);
    expect(second.shops.map((s) => s.created)).toEqual([false, false]);
    expect(second.shops.map(({ id, slug, name }) => ({ id, slug, name }))).toEqual(
      first.shops.map(({ id, slug, name }) => ({ id, slug, name })),
    );
    expect(before.shops).toBe(2);
  });

  it('creates both shops with valid, distinct settings', async () => {
    const shops = await db.query<{
      slug: string;
      name: string;
      settings: Record<string, unknown>;
      min_order_value_cents: number | null;
      max_distinct_items: number | null;
      max_items: number | null;
    }>(
      'select slug, name, settings, min_order_value_cents, max_distinct_items, max_items from shops order by slug',
    );
    expect(shops.map((s) => [s.slug, s.name])).toEqual([
      ['hortifruti', 'Hortifruti Bom Preço'],
      ['moda', 'Moda Vitrine'],
    ]);
    const stored = shopSettings.omit({ shopId: true, slug: true, name: true, timeZone: true }).strict();
    const [horti, moda] = shops.map((s) => ({ ...s, settings: stored.parse(s.settings) }));
    if (!horti || !moda) throw new Error('shops missing');
    expect(horti.settings.style.defaultColor).not.toBe(moda.settings.style.defaultColor);
    expect(horti.settings.style.urlLogo).toBe('/media/logo/hortifruti.svg');
    expect(moda.settings.style.urlLogo).toBe('/media/logo/moda.svg');
    expect(horti.settings.channelSettings).toEqual([
      expect.objectContaining({ channelId: 3, style: expect.objectContaining({ defaultColor: '#7b2cbf' }) }),
    ]);
    expect(horti.settings.steps).toEqual(['Start', 'Catalog', 'Identify', 'Logistic', 'Payment', 'Schedule']);
    expect(moda.settings.steps).toContain('Seller');
    expect(moda.settings.showSellerOptions).toBe(true);
    expect([horti.min_order_value_cents, horti.max_distinct_items, horti.max_items]).toEqual([3000, 30, 100]);
    expect(moda.min_order_value_cents).toBeNull();
    for (const shop of [horti, moda]) {
      const collections = await db.query<{ provider_id: string; name: string; members: number | string }>(
        `select c.provider_id, c.name, (select count(*) from collection_products cp where cp.collection_id = c.id) as members
           from collections c join shops s on s.id = c.shop_id where s.slug = $1 order by c.position`,
        [shop.slug],
      );
      expect(collections.map((c) => ({ providerId: c.provider_id, name: c.name }))).toEqual(
        shop.settings.showCollections,
      );
      for (const c of collections) expect(Number(c.members)).toBeGreaterThan(0);
    }
  });

  it('has ≥ 300 products and ≥ 8 top categories, each with subcategories', async () => {
    expect(await count('select 1 from products')).toBeGreaterThanOrEqual(300);
    const tops = await db.query<{ children: number | string }>(
      `select (select count(*) from categories k where k.parent_id = c.id) as children
         from categories c where c.parent_id is null`,
    );
    expect(tops.length).toBeGreaterThanOrEqual(8);
    for (const t of tops) expect(Number(t.children)).toBeGreaterThan(0);
    // every product sits in a subcategory
    expect(
      await count(
        'select 1 from products p join categories c on c.id = p.category_id where c.parent_id is null',
      ),
    ).toBe(0);
  });

  it('contains the named products and every special kind', async () => {
    for (const name of [
      'Açúcar Cristal União 1kg',
      'Feijão Carioca Camil 1kg',
      'Banana Prata',
      'Chocolate ao Leite Lacta 90g',
      'Café Pilão 500g',
      'Leite Integral Italac 1L',
    ]) {
      expect(await count('select 1 from products where name = $1 and is_active', [name]), name).toBe(1);
    }
    const [banana] = await db.query<{ sold_in_kilo: boolean; amount_in_kilo: number | string }>(
      `select sold_in_kilo, amount_in_kilo from products where name = 'Banana Prata'`,
    );
    expect(banana?.sold_in_kilo).toBe(true);
    expect(Number(banana?.amount_in_kilo)).toBe(0.5);

    const kinds: Record<string, string> = {
      variants: 'select distinct product_id from product_variants',
      unavailableVariant: 'select 1 from product_variants where not is_available',
      redirectable: 'select 1 from attribute_options where redirectable',
      kilo: 'select 1 from products where sold_in_kilo and amount_in_kilo > 0 and kilogram_price_cents > 0',
      subscription: 'select 1 from subscription_offers',
      inactive: 'select 1 from products where not is_active',
      restricted: 'select 1 from products where is_restricted_sale',
      shippingRestricted: `select 1 from products where has_shipping_restriction and shipping_restriction_message = 'Disponível apenas para retirada na loja'`,
      specifications: 'select 1 from product_specifications where jsonb_array_length(value) > 0',
      emptySpecification: `select 1 from product_specifications where value = '[]'::jsonb`,
      promo: 'select 1 from products where promotional_price_cents < price_cents',
      offer: `select 1 from products where offer_description = 'Leve 3, pague 2'`,
      highlights: `select 1 from products where cluster_highlights ? 'Orgânico'`,
      brand: 'select 1 from products where brand_name is not null',
      seller: 'select 1 from products where seller_name is not null',
      ranked: 'select 1 from products where ranking > 0',
      html: `select 1 from products where description like '<p>%<strong>%'`,
      xss: `select 1 from products where description like '%<script>alert(1)</script>%' and description like '%onerror=alert(1)%'`,
    };
    for (const [kind, sql] of Object.entries(kinds)) expect(await count(sql), kind).toBeGreaterThan(0);
  });

  it('keeps variants consistent with their attributes and options', async () => {
    const bad = await count(
      `select 1 from product_variants v, jsonb_each_text(v.options) o(attr, opt)
        where not exists (
          select 1 from product_attributes a join attribute_options ao on ao.attribute_id = a.id
           where a.product_id = v.product_id and a.provider_id = o.attr and ao.provider_id = o.opt)`,
    );
    expect(bad).toBe(0);
    const sizes = await db.query<{ provider_id: string }>(
      `select distinct ao.provider_id from attribute_options ao join product_attributes a on a.id = ao.attribute_id
        where a.provider_id = 'tamanho'`,
    );
    expect(sizes.map((s) => s.provider_id)).toEqual(expect.arrayContaining(['P', 'M', 'G', 'GG']));
  });

  it('uses local media URLs only, with 1 to 4 images per product', async () => {
    expect(await count(`select 1 from product_images where url not like '/media/%'`)).toBe(0);
    expect(await count(`select 1 from product_variants where image_url not like '/media/%'`)).toBe(0);
    expect(
      await count(
        `select 1 from product_images where url !~ '^/media/p/[a-z0-9-]+\\.svg\\?bg=[0-9a-f]{6}&fg=[0-9a-f]{6}$'`,
      ),
    ).toBe(0);
    // File names fit the media route (≤ 100 characters, [a-z0-9-]+.svg).
    expect(
      await count(
        `select 1 from (select url from product_images union all select image_url from product_variants) u(url)
          where url is not null and (url !~ '^/media/p/[a-z0-9-]+\\.svg\\?' or length(substring(url from '^/media/p/([^?]+)')) > 100)`,
      ),
    ).toBe(0);
    const perProduct = await db.query<{ n: number | string }>(
      `select count(i.id) as n from products p left join product_images i on i.product_id = p.id group by p.id`,
    );
    for (const row of perProduct) expect(Number(row.n)).toBeGreaterThanOrEqual(1);
    for (const row of perProduct) expect(Number(row.n)).toBeLessThanOrEqual(4);
  });

  it('serves every seeded image and logo URL through the media routes', async () => {
    const app = Fastify();
    await app.register(mediaRoutes);
    try {
      const rows = await db.query<{ url: string }>(
        `select url from product_images union select image_url from product_variants where image_url is not null
         union select settings->'style'->>'urlLogo' from shops`,
      );
      expect(rows.length).toBeGreaterThan(500);
      for (const { url } of rows) {
        const res = await app.inject(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toBe('image/svg+xml');
      }
    } finally {
      await app.close();
    }
  });
});

describe('seedBench', () => {
  it('seeds a benchmark shop once and skips it afterwards', async () => {
    const first = await seedBench(db, { products: 2000, slug: 'bench-test' });
    expect(first.shop.created).toBe(true);
    expect(first.products).toBe(2000);
    const shopId = first.shop.id;
    expect(await count('select 1 from products where shop_id = $1', [shopId])).toBe(2000);
    expect(await count('select 1 from product_variants where shop_id = $1', [shopId])).toBeGreaterThan(0);
    expect(
      await count('select 1 from products where shop_id = $1 and sold_in_kilo', [shopId]),
    ).toBeGreaterThan(0);
    expect(await count('select 1 from product_images where shop_id = $1', [shopId])).toBeGreaterThanOrEqual(
      2000,
    );
    expect(
      await count(`select 1 from product_images where shop_id = $1 and url not like '/media/p/%'`, [shopId]),
    ).toBe(0);
    expect(
      await count('select 1 from categories where shop_id = $1 and parent_id is null', [shopId]),
    ).toBeGreaterThanOrEqual(8);
    expect(await count('select distinct name from products where shop_id = $1', [shopId])).toBeGreaterThan(
      1900,
    );

    const again = await seedBench(db, { products: 5000, slug: 'bench-test' });
    expect(again.shop).toEqual({ ...first.shop, created: false });
    expect(again.products).toBe(2000);
  });

  it('rejects invalid options', async () => {
    await expect(seedBench(db, { products: 0, slug: 'x-bench' })).rejects.toThrow();
    await expect(seedBench(db, { products: 10, slug: 'Não Vale' })).rejects.toThrow();
  });
});
