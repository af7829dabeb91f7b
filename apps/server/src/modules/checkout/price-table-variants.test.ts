/**
 * Price tables per variant (issue 18, decision 0039): a variant line takes its variant's table price when the
 * table has one, else its product's, both when the line is added under a table and when the table is chosen
 * after the lines.
 */
import { expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { insertFixtureProduct, mintSession, shopId } from '../order/order-test-kit.ts';
import { seedCheckoutSuite, session } from './checkout-test-kit.ts';

/** The checkout suite's data and CK-VAR (R$ 30,00) with variants P (R$ 30,00) and G (R$ 35,00). */
async function setup(db: Db) {
  await seedCheckoutSuite(db);
  const shop = await shopId(db, 'hortifruti');
  const product = await insertFixtureProduct(db, shop, { providerId: 'CK-VAR', priceCents: 3000 });
  await db.query(
    `insert into product_variants (id, shop_id, product_id, provider_id, sku, options, price_cents, position)
     values ('var-p', $1, $2, 'p', 'SKU-VAR-P', '{}', 3000, 0), ('var-g', $1, $2, 'g', 'SKU-VAR-G', '{}', 3500, 1)`,
    [shop, product],
  );
  // Atacado: R$ 25,00 for the product, R$ 20,00 for its 'G' variant.
  await db.query(
    `insert into price_table_prices (price_table_id, product_id, variant_id, shop_id, price_cents)
     values ('ptb-hortifruti-atacado', $2, null, $1, 2500), ('ptb-hortifruti-atacado', $2, 'var-g', $1, 2000)`,
    [shop, product],
  );
}

describeEachDb(
  'price tables per variant',
  (ctx) => {
    it('prices a variant line from its variant row, another variant from the product row', async () => {
      const s = session(ctx().app, await mintSession(ctx().app, { agent: true, shop: 'hortifruti' }));
      await s.okCall('POST', '/api/order/price-tables/atacado');
      const g = await s.okCall('POST', '/api/order/items/', {
        providerId: 'CK-VAR',
        sku: 'SKU-VAR-G',
        quantity: 1,
      });
      expect(g.items[0]).toMatchObject({ unitPrice: 20, totalAmout: 20 });
      const p = await s.okCall('POST', '/api/order/items/', {
        providerId: 'CK-VAR',
        sku: 'SKU-VAR-P',
        quantity: 2,
      });
      expect(p.items.map((i) => i.unitPrice)).toEqual([20, 25]);
      expect(p.itemsAmout).toBe(70);
    });

    it('reprices variant lines from their rows when the table is chosen after them, and back', async () => {
      const s = session(ctx().app, await mintSession(ctx().app, { agent: true, shop: 'hortifruti' }));
      await s.okCall('POST', '/api/order/items/', { providerId: 'CK-VAR', sku: 'SKU-VAR-G', quantity: 1 });
      const both = await s.okCall('POST', '/api/order/items/', {
        providerId: 'CK-VAR',
        sku: 'SKU-VAR-P',
        quantity: 1,
      });
      expect(both.itemsAmout).toBe(65);
      const repriced = await s.okCall('POST', '/api/order/price-tables/atacado');
      expect(repriced.items.map((i) => i.unitPrice)).toEqual([20, 25]);
      expect(repriced.itemsAmout).toBe(45);
      const back = await s.okCall('POST', '/api/order/price-tables/none');
      expect(back.items.map((i) => i.unitPrice)).toEqual([35, 30]);
    });

    it('refuses a second row for the same variant or the same product in a table', async () => {
      const dup = (variant: string | null) =>
        ctx().db.query(
          `insert into price_table_prices (price_table_id, product_id, variant_id, shop_id, price_cents)
           select 'ptb-hortifruti-atacado', product_id, $1::text, shop_id, 1 from product_variants where id = 'var-g'`,
          [variant],
        );
      await expect(dup('var-g')).rejects.toThrow();
      await expect(dup(null)).rejects.toThrow();
    });
  },
  { setup },
);
