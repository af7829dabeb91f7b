import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../migrate.ts';
import { createTestDb, TEST_DB_KINDS } from '../../test/test-db.ts';

describe.each(TEST_DB_KINDS)('migration 0071 on a shop whose products share SKUs [%s]', (kind) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => drop?.());

  it('keeps the oldest SKU, suffixes the later ones with -DUP<n>, then refuses a duplicate', async () => {
    const empty = await createTestDb(kind, { empty: true });
    drop = empty.drop;
    const { db } = empty;
    await migrate(db, { through: '0070' });
    for (const shop of ['s1', 's2'])
      await db.query(`insert into shops (id, slug, name, settings) values ($1, $2, $3, '{}')`, [
        shop,
        shop,
        shop,
      ]);
    const products: [string, string, string, string][] = [
      ['p1', 's1', 'CAFE500', '2026-01-01'],
      ['p2', 's1', 'CAFE500', '2026-01-03'],
      ['p3', 's1', 'CAFE500', '2026-01-02'],
      ['p4', 's2', 'CAFE500', '2026-01-04'], // another shop's product keeps it
      ['p5', 's1', 'ARROZ5', '2026-01-05'],
    ];
    for (const [id, shop, sku, at] of products)
      await db.query(
        `insert into products (id, shop_id, provider_id, sku, name, price_cents, created_at)
         values ($1, $2, $1, $3, $1, 100, $4)`,
        [id, shop, sku, at],
      );

    expect(await migrate(db)).toContain('0071_product_sku_unique.sql');
    expect(await db.query('select id, sku from products order by id')).toEqual([
      { id: 'p1', sku: 'CAFE500' },
      { id: 'p2', sku: 'CAFE500-DUP3' },
      { id: 'p3', sku: 'CAFE500-DUP2' },
      { id: 'p4', sku: 'CAFE500' },
      { id: 'p5', sku: 'ARROZ5' },
    ]);
    await expect(
      db.query(`insert into products (id, shop_id, provider_id, sku, name, price_cents)
                values ('p6', 's1', 'p6', 'ARROZ5', 'p6', 100)`),
    ).rejects.toThrow();
  }, 120_000); // every migration from an empty cluster
});
