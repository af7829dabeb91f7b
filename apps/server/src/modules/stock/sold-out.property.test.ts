/**
 * Sold-out spans (issue 37, migrations 0086 and 0097): over random ledgers — adjustments, absolute counts, holds,
 * several movements at one instant, units of one product, a product with backorder and one not tracked — the spans
 * the trigger keeps are exactly the ones the migration's backfill computes from the whole ledger; the monthly rollup
 * of their days is the days of the closed spans, through closings, removals, the backfill and time zone changes; and
 * the report's sold-out days (months and open spans) equal the ledger's replay (the read before the spans) for
 * random ranges and time zones.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayStart } from '@vitrine/contracts/shop-time';
import { newId } from '../../lib/ids.ts';
import { insertProduct, insertShop } from '../../test/fixtures.ts';
import { createTestDb, TEST_DB_KINDS, type TestDb } from '../../test/test-db.ts';
import { soldOutDays, soldOutDaysFromLedger } from './sold-out.ts';

const RUNS = Number(process.env.SOLD_OUT_PROPERTY_RUNS ?? 20);
const BASE = Date.parse('2025-03-01T00:00:00Z');
const MINUTE = 60_000;
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
  days: fc.integer({ min: 1, max: 100 }),
  zone: fc.constantFrom(...ZONES),
});

/**
 * Two spans of one product closed in one month, and two units of another sold out at once, then one of them again,
 * still sold out, from the day the other's span closed.
 */
const EXAMPLE: Move[] = [
  ...[2, 0, 1].map((unit) => ({ kind: 'delta' as const, unit, gapMinutes: 0, delta: 1 })),
  { kind: 'count', unit: 2, gapMinutes: 0, target: 0 },
  { kind: 'delta', unit: 2, gapMinutes: 1440, delta: 1 },
  { kind: 'count', unit: 2, gapMinutes: 2880, target: 0 },
  { kind: 'delta', unit: 2, gapMinutes: 1440, delta: 2 },
  { kind: 'count', unit: 0, gapMinutes: 60, target: 0 },
  { kind: 'count', unit: 1, gapMinutes: 600, target: 0 },
  { kind: 'delta', unit: 0, gapMinutes: 1440, delta: 1 },
  { kind: 'delta', unit: 1, gapMinutes: 1440, delta: 1 },
  { kind: 'count', unit: 0, gapMinutes: 60, target: 0 },
];

/** The closed spans' days per product and month, in the shop's zone (the rollup's reference). */
const SPAN_DAYS = `select x.product_id, to_char(x.d, 'YYYY-MM') as month, array_agg(distinct extract(day from x.d)::int) as days
     from (select sp.product_id, d from stock_sold_out_spans sp join shops s on s.id = sp.shop_id
             cross join lateral generate_series((sp.started_at at time zone s.time_zone)::date,
               ((sp.ended_at - interval '1 microsecond') at time zone s.time_zone)::date, interval '1 day') d
            where sp.shop_id = $1 and sp.ended_at is not null) x
    group by 1, 2 order by 1, 2`;
/** The rollup's months as their days. */
const MONTH_DAYS = `select product_id, to_char(month, 'YYYY-MM') as month,
          array(select i + 1 from generate_series(0, 30) i where days & (1 << i) <> 0) as days
     from stock_sold_out_months where shop_id = $1 order by 1, 2`;

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
              const id = await insertProduct(db, shop, `P${i}`, `Produto ${i}`);
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
            const rollupIsSpans = async () =>
              expect(await db.query(MONTH_DAYS, [shop])).toEqual(await db.query(SPAN_DAYS, [shop]));
            await rollupIsSpans();
            // A closed span removed: its months again from the ones left (then all removed, and the backfill).
            await db.query(
              `delete from stock_sold_out_spans where shop_id = $1 and unit_id = $2 and ended_at is not null`,
              [shop, unitIds[moves[0]!.unit]],
            );
            await rollupIsSpans();
            await db.query(`delete from stock_sold_out_spans`);
            await db.query(BACKFILL);
            expect(await spans()).toEqual(kept);
            await rollupIsSpans();
            for (const r of ranges) {
              await db.query('update shops set time_zone = $2 where id = $1', [shop, r.zone]);
              await rollupIsSpans();
              const from = addDays('2025-03-01', r.fromDay);
              const to = addDays(from, r.days - 1);
              const [start, end] = [dayStart(from, r.zone), dayStart(addDays(to, 1), r.zone)];
              const byProduct = (rows: { product_id: string; days: number }[]) =>
                rows.map((x) => [x.product_id, x.days]).sort();
              expect(byProduct(await soldOutDays(db, shop, from, to, r.zone))).toEqual(
                byProduct(await soldOutDaysFromLedger(db, shop, start, end, r.zone)),
              );
            }
          },
        ),
        { numRuns: RUNS, examples: [[EXAMPLE, [{ fromDay: -3, days: 100, zone: 'Asia/Kolkata' }]]] },
      );
      // Not vacuous: movements were written and refused, and spans were kept.
      expect(moved).toBeGreaterThan(RUNS);
      expect(refused).toBeGreaterThan(0);
      expect(soldOutSeen).toBeGreaterThan(RUNS / 2);
    }, 300_000);

    // Two connections: a span closed while the shop's time zone changes (PostgreSQL; PGlite has one).
    it.runIf(kind === 'postgres')(
      'puts a span closed during a time zone change in the new zone',
      async () => {
        const { db } = test;
        const shop = await insertShop(db, `soz-${newId('x').slice(-10).toLowerCase()}`);
        const product = await insertProduct(db, shop, 'P', 'Pão');
        await db.query(`insert into stock_settings (product_id, shop_id, track) values ($1, $2, true)`, [
          product,
          shop,
        ]);
        const move = (delta: number, at: string) =>
          db.query(
            `insert into stock_movements (shop_id, unit_id, product_id, reason, on_hand_delta, actor, note, created_at)
           values ($1, $2, $2, 'adjustment', $3, 'staff', 'teste', $4)`,
            [shop, product, delta, at],
          );
        await move(1, '2025-02-28T12:00:00Z');
        await move(-1, '2025-03-01T01:00:00Z'); // sold out: 28 Feb 22:00 in São Paulo, 1 Mar 14:00 in Auckland
        let closed: Promise<unknown> | undefined;
        await db.transaction(async (tx) => {
          await tx.query(`update shops set time_zone = 'Pacific/Auckland' where id = $1`, [shop]);
          closed = move(1, '2025-03-03T01:00:00Z'); // waits for the zone, then adds 1–3 March (not 28 Feb–2 Mar)
          await new Promise((resolve) => setTimeout(resolve, 300));
        });
        await closed;
        expect(await db.query(MONTH_DAYS, [shop])).toEqual([
          { product_id: product, month: '2025-03', days: [1, 2, 3] },
        ]);
        expect(await db.query(SPAN_DAYS, [shop])).toEqual(await db.query(MONTH_DAYS, [shop]));
      },
    );
  });
}
