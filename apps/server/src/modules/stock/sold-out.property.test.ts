/**
 * Sold-out spans (issue 37, migration 0086): over random ledgers — adjustments, absolute counts, holds, several
 * movements at one instant, units of one product, a product with backorder and one not tracked — the spans the
 * trigger keeps are exactly the ones the migration's backfill computes from the whole ledger, and the report's
 * sold-out days read from the spans equal the ledger's replay (the read before the spans) for random ranges and
 * time zones.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { insertShop } from '../../test/fixtures.ts';
import { createTestDb, TEST_DB_KINDS, type TestDb } from '../../test/test-db.ts';
import { soldOutDays, soldOutDaysFromLedger } from './sold-out.ts';

const RUNS = Number(process.env.SOLD_OUT_PROPERTY_RUNS ?? 20);
const BASE = Date.parse('2025-03-01T00:00:00Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const ZONES = ['America/Sao_Paulo', 'America/New_York', 'Asia/Kolkata', 'Pacific/Auckland'];

/** The migration's backfill statement, run again over the test's ledger. */
const BACKFILL = (() => {
  const sql = readFileSync(new URL('../../db/migrations/0086_sold_out_spans.sql', import.meta.url), 'utf8');
  return sql.slice(
    sql.indexOf('insert into stock_sold_out_spans (shop_id, unit_id, product_id, started_at, ended_at)'),
  );
})();

/** Units: [product index, variant]; product 0 has two units, product 2 sells beyond stock, product 3 is not tracked. */
const UNITS = [
  [0, 'a'],
  [0, 'b'],
  [1, null],
  [2, null],
  [3, null],
] as const;
const PRODUCTS = [
  { track: true, backorder: false },
  { track: true, backorder: false },
  { track: true, backorder: true },
  { track: false, backorder: false },
];

type Move = { unit: number; gapMinutes: number } & (
  { kind: 'delta'; delta: number } | { kind: 'count'; target: number } | { kind: 'hold'; held: number }
);
const moveArb: fc.Arbitrary<Move> = fc.oneof(
  fc.record({
    kind: fc.constant('delta' as const),
    unit: fc.nat(UNITS.length - 1),
    gapMinutes: fc.oneof(fc.constant(0), fc.nat(3 * 24 * 60)),
    delta: fc.integer({ min: -5, max: 3 }).filter((d) => d !== 0),
  }),
  fc.record({
    kind: fc.constant('count' as const),
    unit: fc.nat(UNITS.length - 1),
    gapMinutes: fc.oneof(fc.constant(0), fc.nat(3 * 24 * 60)),
    target: fc.nat(2),
  }),
  fc.record({
    kind: fc.constant('hold' as const),
    unit: fc.nat(UNITS.length - 1),
    gapMinutes: fc.oneof(fc.constant(0), fc.nat(2 * 24 * 60)),
    held: fc.integer({ min: -2, max: 2 }).filter((d) => d !== 0),
  }),
);
const rangeArb = fc.record({
  fromDay: fc.integer({ min: -3, max: 70 }),
  days: fc.integer({ min: 1, max: 40 }),
  zone: fc.constantFrom(...ZONES),
});

for (const kind of TEST_DB_KINDS) {
  describe(`sold-out spans [${kind}]`, () => {
    let test: TestDb;
    beforeAll(async () => {
      test = await createTestDb(kind);
    }, 120_000);
    afterAll(async () => test?.drop());

    it('keeps the backfill spans and the ledger replay days, over random ledgers and ranges', async () => {
      let moved = 0;
      let refused = 0;
      let soldOutSeen = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(moveArb, { minLength: 12, maxLength: 40 }),
          fc.array(rangeArb, { minLength: 1, maxLength: 4 }),
          async (moves, ranges) => {
            const { db } = test;
            const shop = await insertShop(db, `so-${newId('x').slice(-10).toLowerCase()}`);
            const products: string[] = [];
            for (const [i, p] of PRODUCTS.entries()) {
              const id = newId('prd');
              await db.query(
                `insert into products (id, shop_id, provider_id, sku, name, price_cents) values ($1, $2, $3, $3, $4, 100)`,
                [id, shop, `P${i}`, `Produto ${i}`],
              );
              await db.query(
                `insert into stock_settings (product_id, shop_id, track, allow_backorder) values ($1, $2, $3, $4)`,
                [id, shop, p.track, p.backorder],
              );
              products.push(id);
            }
            const unitIds = UNITS.map(([p, v]) => (v ? `${products[p]}-${v}` : products[p]!));
            let at = BASE;
            for (const m of moves) {
              at += m.gapMinutes * MINUTE;
              const [p, v] = UNITS[m.unit]!;
              try {
                await db.query(
                  `insert into stock_movements (shop_id, unit_id, product_id, variant_id, reason, on_hand_delta,
                     held_delta, on_hand_target, actor, note, created_at)
                   values ($1, $2, $3, $4, 'adjustment', $5, $6, $7, 'staff', 'teste', $8)`,
                  [
                    shop,
                    unitIds[m.unit],
                    products[p],
                    v ? unitIds[m.unit] : null,
                    m.kind === 'delta' ? m.delta : 0,
                    m.kind === 'hold' ? m.held : 0,
                    m.kind === 'count' ? m.target : null,
                    new Date(at).toISOString(),
                  ],
                );
                moved++;
              } catch {
                refused++; // held < 0, or available < 0 without backorder: nothing written
              }
            }
            const spans = () =>
              db.query<{ unit_id: string; started_at: string; ended_at: string | null }>(
                `select unit_id, started_at::text, ended_at::text from stock_sold_out_spans where shop_id = $1
                  order by unit_id, started_at`,
                [shop],
              );
            const kept = await spans();
            soldOutSeen += kept.length;
            await db.query(`delete from stock_sold_out_spans`);
            await db.query(BACKFILL);
            expect(await spans()).toEqual(kept);
            for (const r of ranges) {
              const start = new Date(BASE + r.fromDay * DAY);
              const end = new Date(start.getTime() + r.days * DAY);
              const byProduct = (rows: { product_id: string; days: number }[]) =>
                rows.map((x) => [x.product_id, x.days]).sort();
              expect(byProduct(await soldOutDays(db, shop, start, end, r.zone))).toEqual(
                byProduct(await soldOutDaysFromLedger(db, shop, start, end, r.zone)),
              );
            }
          },
        ),
        { numRuns: RUNS },
      );
      // Not vacuous: movements were written and refused, and spans were kept.
      expect(moved).toBeGreaterThan(RUNS);
      expect(refused).toBeGreaterThan(0);
      expect(soldOutSeen).toBeGreaterThan(RUNS / 2);
    }, 300_000);
  });
}
