/**
 * Price tables across instances (issue 18, decision 0039): two app instances, each with its own pool, on one
 * PostgreSQL database. A variant's table price set in the console through instance A prices a new cart line on
 * instance B at once, and a change of it through A reprices the line B writes next (the checkout reads table
 * prices from the database whenever a line is written; nothing is cached per instance).
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { session } from '../../modules/checkout/checkout-test-kit.ts';
import { insertFixtureProduct, mintSession } from '../../modules/order/order-test-kit.ts';
import { asStaff, shopWithOwner } from '../../test/console-kit.ts';
import { twoInstancesOnPostgres } from '../../test/two-instances.ts';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('price tables across two instances [postgres]', () => {
  const { apps, dbs } = twoInstancesOnPostgres();

  it('a price set or changed through one instance prices the next cart line on the other', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const db = dbs[0]!;
    const { owner, shop } = await shopWithOwner(a, 'tabelas-duas');
    const product = await insertFixtureProduct(db, shop.id, { providerId: 'CAM', priceCents: 5000 });
    await db.query(
      `insert into product_variants (id, shop_id, product_id, provider_id, sku, options, price_cents)
       values ('var-duas-g', $1, $2, 'g', 'CAM-G', '{}', 5500)`,
      [shop.id, product],
    );
    const tables = '/api/console/shops/tabelas-duas/price-tables';
    const table = (
      await asStaff(a, owner, { method: 'POST', url: tables, payload: { name: 'Atacado' } })
    ).json().data.id as string;
    const setPrice = async (app: FastifyInstance, priceCents: number) => {
      const res = await asStaff(app, owner, {
        method: 'PUT',
        url: `${tables}/${table}/prices`,
        payload: { prices: [{ productId: product, variantId: 'var-duas-g', priceCents }] },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const agentOn = async (app: FastifyInstance) => {
      const agent = session(app, await mintSession(app, { shop: 'tabelas-duas', agent: true }));
      await agent.okCall('POST', `/api/order/price-tables/${table}`);
      return agent;
    };

    await setPrice(a, 4000);
    const first = await agentOn(b);
    const added = await first.okCall('POST', '/api/order/items/', {
      providerId: 'CAM',
      sku: 'CAM-G',
      quantity: 1,
    });
    expect(added.items[0]).toMatchObject({ unitPrice: 40, totalAmout: 40 });

    await setPrice(a, 3500);
    const second = await agentOn(b);
    const next = await second.okCall('POST', '/api/order/items/', {
      providerId: 'CAM',
      sku: 'CAM-G',
      quantity: 1,
    });
    expect(next.items[0]).toMatchObject({ unitPrice: 35 });
    // The first cart's line is written again (quantity 2): it takes the new price too.
    const rewritten = await first.okCall('POST', '/api/order/items/', {
      providerId: 'CAM',
      sku: 'CAM-G',
      quantity: 2,
    });
    expect(rewritten.items[0]).toMatchObject({ unitPrice: 35, totalAmout: 70 });
    console.log(
      '[postgres] price table on two instances: set on A → B prices R$ 40,00; changed on A → B R$ 35,00',
    );
  });
});
