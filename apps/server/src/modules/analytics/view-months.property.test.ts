/**
 * Product views by the month (issue 37, decision 0063, migration 0093): random batches of views across month
 * edges (São Paulo, New York across its DST change, Tokyo) and purges of the retention, and every monthly row is
 * the sum of its days' rows, and the report's views for ranges within a month, across edges and over whole months
 * equal the day rows' sum.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@vitrine/contracts/shop-time';
import { newId } from '../../lib/ids.ts';
import { insertProduct, insertShop } from '../../test/fixtures.ts';
import { createTestDb, TEST_DB_KINDS, type TestDb } from '../../test/test-db.ts';
import { addProductViews, productViews, purgeAnalytics } from './repository.ts';

const RUNS = Number(process.env.VIEW_MONTHS_PROPERTY_RUNS ?? 15);
const FIRST_DAY = '2026-01-20';
const BASE = Date.parse(`${FIRST_DAY}T12:00:00Z`);
const HOUR = 3_600_000;
const ZONES = ['America/Sao_Paulo', 'America/New_York', 'Asia/Tokyo'];

type Step =
  | { kind: 'add'; views: { product: number; hours: number; count: number }[] }
  | { kind: 'purge'; days: number };
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      views: fc.array(
        fc.record({
          product: fc.nat(2),
          hours: fc.integer({ min: 0, max: 80 * 24 }),
          count: fc.integer({ min: 1, max: 9 }),
        }),
        { minLength: 1, maxLength: 8 },
      ),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('purge' as const), days: fc.nat(50) }) },
);

for (const kind of TEST_DB_KINDS) {
  describe(`product view months [${kind}]`, () => {
    let test: TestDb;
    beforeAll(async () => {
      test = await createTestDb(kind);
    }, 120_000);
    afterAll(async () => test?.drop());

    it('keeps every month the sum of its days through batches and purges; reads a range as its days', async () => {
      let purged = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...ZONES),
          fc.array(stepArb, { minLength: 3, maxLength: 12 }),
          async (zone, steps) => {
            const { db } = test;
            const shop = await insertShop(db, `pvm-${newId('x').slice(-10).toLowerCase()}`);
            await db.query('update shops set time_zone = $2 where id = $1', [shop, zone]);
            for (const i of [0, 1, 2]) await insertProduct(db, shop, `P${i}`);
            for (const s of steps) {
              if (s.kind === 'add')
                await addProductViews(
                  db,
                  s.views.map((v) => ({
                    shopId: shop,
                    key: `P${v.product}`,
                    at: new Date(BASE + v.hours * HOUR),
                    count: v.count,
                  })),
                );
              else {
                await purgeAnalytics(db, addDays(FIRST_DAY, s.days));
                purged += 1;
              }
            }
            const byMonth = `select month::text, product_id, views::int from (%) x where shop_id = $1 order by 1, 2`;
            expect(await db.query(byMonth.replace('%', 'select * from product_view_months'), [shop])).toEqual(
              await db.query(
                byMonth.replace(
                  '%',
                  `select shop_id, date_trunc('month', day)::date as month, product_id, sum(views) as views
                     from product_view_days group by 1, 2, 3`,
                ),
                [shop],
              ),
            );
            for (const [a, b] of [
              [0, 5],
              [8, 14], // January's end to February's start
              [12, 39], // all of February
              [3, 79], // February and March, with edges
              [1, 68], // January's end, February, March less its last two days
              [16, 30], // February less its first four days and its last nine
            ] as const) {
              const [from, to] = [addDays(FIRST_DAY, a), addDays(FIRST_DAY, b)];
              const sort = (rows: { product_id: string; views: number }[]) =>
                rows.map((r) => [r.product_id, r.views]).sort();
              expect(sort(await productViews(db, shop, from, to))).toEqual(
                sort(
                  await db.query(
                    `select product_id, sum(views)::int as views from product_view_days
                      where shop_id = $1 and day between $2::date and $3::date group by 1`,
                    [shop, from, to],
                  ),
                ),
              );
            }
          },
        ),
        { numRuns: RUNS },
      );
      expect(purged).toBeGreaterThan(0);
    }, 300_000);
  });
}
