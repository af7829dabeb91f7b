import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../db/client.ts';
import { createTestDb } from '../../test/test-db.ts';
import {
  cachedOpenOrder,
  configureOrderCaches,
  findProductForOrder,
  forgetShopProducts,
  rememberOpenOrder,
} from './caches.ts';
import { insertFixtureProduct } from './order-test-kit.ts';
import type { OrderState } from './serialize.ts';

/** A Queryable over `db` that counts its statements. */
function counting(db: Db): Queryable & { count: number } {
  const q = { count: 0, query: (sql: string, params?: unknown[]) => (q.count++, db.query(sql, params)) };
  return q as Queryable & { count: number };
}

describe('order caches (docs/decisions/0012)', () => {
  let db: Db;
  let drop: () => Promise<void>;
  const shop = 'shp_caches';
  beforeAll(async () => {
    ({ db, drop } = await createTestDb('pglite'));
    await db.query(`insert into shops (id, slug, name, settings) values ($1, 'caches', 'Loja', '{}')`, [
      shop,
    ]);
    await insertFixtureProduct(db, shop, { providerId: 'C-1', priceCents: 1000 });
  });
  afterAll(async () => {
    configureOrderCaches(0);
    await drop();
  });

  it('reads a product once within the TTL, again after the shop is forgotten, every time with TTL 0', async () => {
    configureOrderCaches(60_000);
    const q = counting(db);
    expect((await findProductForOrder(q, shop, 'C-1')).price_cents).toBe(1000);
    await db.query(`update products set price_cents = 1200 where provider_id = 'C-1'`);
    expect((await findProductForOrder(q, shop, 'C-1')).price_cents).toBe(1000); // the copy, within the TTL
    expect(q.count).toBe(1);
    forgetShopProducts(shop); // what a Tray import does
    expect((await findProductForOrder(q, shop, 'C-1')).price_cents).toBe(1200);
    expect(q.count).toBe(2);

    configureOrderCaches(0);
    await findProductForOrder(q, shop, 'C-1');
    await findProductForOrder(q, shop, 'C-1');
    expect(q.count).toBe(4);
  });

  it('answers 404 for an unknown product and does not keep the miss', async () => {
    configureOrderCaches(60_000);
    const q = counting(db);
    await expect(findProductForOrder(q, shop, 'C-404')).rejects.toMatchObject({ code: 'productNotFound' });
    await expect(findProductForOrder(q, shop, 'C-404')).rejects.toMatchObject({ code: 'productNotFound' });
    expect(q.count).toBe(2);
  });

  it('hands out copies of a kept order, and never replaces a later version with an older one', async () => {
    configureOrderCaches(60_000);
    const line = {
      id: 'itm_1',
      quantity: 1,
      subscription: null,
      attributes: [{ providerId: 'a', optionProviderId: 'o', redirectable: false }],
    };
    const state = (version: number) =>
      ({
        order: { id: 'ord_1', shop_id: shop, user_id: 'usr_1', version, next_line_index: 1 },
        shop: { id: shop },
        items: [structuredClone(line)],
        giftRules: [],
      }) as unknown as OrderState;
    rememberOpenOrder(state(5));
    const copy = cachedOpenOrder(shop, 'usr_1')!;
    copy.items[0]!.quantity = 9;
    copy.items[0]!.attributes[0]!.optionProviderId = 'changed';
    copy.order.next_line_index = 7;
    const again = cachedOpenOrder(shop, 'usr_1')!;
    expect(again.items[0]).toMatchObject({ quantity: 1, attributes: [{ optionProviderId: 'o' }] });
    expect(again.order.next_line_index).toBe(1);

    rememberOpenOrder(state(4)); // a slower request that committed an earlier version
    expect(cachedOpenOrder(shop, 'usr_1')!.order.version).toBe(5);
    rememberOpenOrder(state(6));
    expect(cachedOpenOrder(shop, 'usr_1')!.order.version).toBe(6);

    configureOrderCaches(0);
    expect(cachedOpenOrder(shop, 'usr_1')).toBeNull();
  });
});
