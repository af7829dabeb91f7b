import { expect, it } from 'vitest';
import type { PagedProducts } from '@vitrine/contracts/catalog';
import type { Db } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { describeEachDb } from '../../test/test-app.ts';
import {
  allPages,
  client,
  ids,
  seedCatalog,
  shopId,
  type CatalogClient,
  type Reply,
} from '../../test/catalog-support.ts';

type Fetch = (
  c: CatalogClient,
  perPage: number,
  page: number,
  token: string | null,
) => Promise<Reply<PagedProducts>>;

const listings: Record<string, Fetch> = {
  top: (c, perPage, page, token) =>
    c.get(`/api/catalog/top?perPage=${perPage}&pageNumber=${page}${token ? `&pageToken=${token}` : ''}`),
  category: (c, perPage, page, token) =>
    c.post('/api/catalog/products/search', { category: 'C20', perPage, pageNumber: page, pageToken: token }),
  text: (c, perPage, page, token) =>
    c.post('/api/catalog/products/searchText', {
      searchQuery: 'leite',
      filters: [{ key: 'price', range: { from: 0, to: 30 } }],
      perPage,
      pageNumber: page,
      pageToken: token,
    }),
  collection: (c, perPage, page, token) =>
    c.get(
      `/api/catalog/products/collections/ofertas-da-semana?perPage=${perPage}&pageNumber=${page}&pageToken=${token ?? ''}`,
    ),
};

async function insertProduct(db: Db, shop: string, category: string, name: string, ranking: number) {
  const id = newId('prd');
  await db.query(
    `insert into products (id, shop_id, provider_id, sku, name, category_id, price_cents, ranking)
     values ($1, $2, $3, $3, $4, (select id from categories where shop_id = $2 and provider_id = $5), 999, $6)`,
    [id, shop, `NEW-${id}`, name, category, ranking],
  );
  return id;
}

async function insertSale(db: Db, shop: string, productProviderId: string, quantity: number) {
  const orderId = newId('ord');
  await db.query(
    `insert into orders (id, shop_id, user_id, channel_type, status, confirmed_at) values ($1, $2, $3, 1, 1, now())`,
    [orderId, shop, `u-${orderId}`],
  );
  await db.query(
    `insert into order_items (id, shop_id, order_id, line_index, product_id, sku, name, quantity, unit_price_cents, total_cents)
     select $1, $2, $3, 0, p.id, p.sku, p.name, $4::int, p.price_cents, p.price_cents * $4::int
       from products p where p.shop_id = $2 and p.provider_id = $5`,
    [newId('itm'), shop, orderId, quantity, productProviderId],
  );
}

describeEachDb(
  'catalogue pagination',
  (ctx) => {
    let horti: CatalogClient;
    let hortiId: string;

    it('opens a session', async () => {
      horti = await client(ctx, 'hortifruti');
      hortiId = await shopId(ctx().db, 'hortifruti');
    });

    for (const [name, fetchPage] of Object.entries(listings)) {
      it(`${name}: pages of 7 follow the one-page order without duplicates or gaps`, async () => {
        const reference = await fetchPage(horti, 100, 0, null);
        expect(reference.status, reference.message).toBe(200);
        const paged = await allPages((page, token) => fetchPage(horti, 7, page, token));
        expect(paged.length).toBeGreaterThanOrEqual(15);
        expect(new Set(ids(paged)).size).toBe(paged.length);
        expect(ids(paged).slice(0, 100)).toEqual(ids(reference.data.data));
      });
    }

    it('keeps later pages stable while products are added', async () => {
      const before = ids((await listings.category!(horti, 100, 0, null)).data.data);
      const page0 = (await listings.category!(horti, 5, 0, null)).data;
      // One product that would sort first, one in the middle of what is still to come.
      await insertProduct(ctx().db, hortiId, 'C21', 'Arroz Novo Inserido', 1_000_000);
      const [middle] = await ctx().db.query<{ ranking: number }>(
        `select ranking from products where shop_id = $1 and provider_id = $2`,
        [hortiId, before[8]],
      );
      await insertProduct(ctx().db, hortiId, 'C22', 'Açúcar Novo Inserido', middle!.ranking);
      const page1 = (await listings.category!(horti, 5, 1, page0.token)).data;
      const page2 = (await listings.category!(horti, 5, 2, page1.token)).data;
      expect([...page0.data, ...page1.data, ...page2.data].map((p) => p.providerId)).toEqual(
        before.slice(0, 15),
      );
      // A new listing sees them.
      const fresh = (await listings.category!(horti, 5, 0, null)).data;
      expect(fresh.data[0]!.name).toBe('Arroz Novo Inserido');
    });

    it('keeps top sellers stable while orders come in', async () => {
      const before = ids((await listings.top!(horti, 100, 0, null)).data.data);
      const page0 = (await listings.top!(horti, 5, 0, null)).data;
      await insertSale(ctx().db, hortiId, before[12]!, 999);
      const page1 = (await listings.top!(horti, 5, 1, page0.token)).data;
      const page2 = (await listings.top!(horti, 5, 2, page1.token)).data;
      expect([...page0.data, ...page1.data, ...page2.data].map((p) => p.providerId)).toEqual(
        before.slice(0, 15),
      );
      const fresh = (await listings.top!(horti, 5, 0, null)).data;
      expect(fresh.data[0]!.providerId).toBe(before[12]);
    });

    it('serves a later page without a token by offset', async () => {
      const reference = ids((await listings.text!(horti, 100, 0, null)).data.data);
      const page2 = await listings.text!(horti, 4, 2, null);
      expect(ids(page2.data.data)).toEqual(reference.slice(8, 12));
      const page3 = await listings.text!(horti, 4, 3, page2.data.token);
      expect(ids(page3.data.data)).toEqual(reference.slice(12, 16));
    });

    it('refuses tampered, malformed and foreign tokens with 400', async () => {
      const page0 = (await listings.category!(horti, 5, 0, null)).data;
      const token = page0.token!;
      const [payload, mac] = token.split('.') as [string, string];
      const json = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const forged = `${Buffer.from(JSON.stringify({ ...json, k: ['999999', 'prd_0'] })).toString('base64url')}.${mac}`;
      const flipped = `${payload}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
      for (const bad of [forged, flipped, 'abc', 'a.b.c', `${payload}.`, '🙂.🙂', 'x'.repeat(1000)]) {
        const res = await listings.category!(horti, 5, 1, bad);
        expect(res.status, bad.slice(0, 30)).toBe(400);
        expect(res.message).toMatch(/token de paginação/);
      }
      // A token continues only its own listing and page.
      expect((await listings.category!(horti, 5, 2, token)).status).toBe(400);
      expect((await listings.text!(horti, 5, 1, token)).status).toBe(400);
      const other = await horti.post('/api/catalog/products/search', {
        category: 'C30',
        pageNumber: 1,
        pageToken: token,
      });
      expect(other.status).toBe(400);
      // The same listing from another session of the shop continues fine.
      const again = await client(ctx, 'hortifruti');
      expect((await listings.category!(again, 5, 1, token)).status).toBe(200);
    });
  },
  { setup: seedCatalog },
);
