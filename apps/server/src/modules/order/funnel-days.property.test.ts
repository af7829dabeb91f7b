/**
 * The funnel's daily rollup (issue 37, migration 0094, decision 0064): random links minted (anonymous visits among
 * them) and opened, erasures that rename a session's user, carts that get a first product or lose their last,
 * confirmations, cancellations, finalizations, moved confirmations, money received (earlier or later than the first)
 * and taken back, deliveries, channel and time zone changes, interleaved with folds — two at once (two instances) —
 * and the report's counts read from the rollup equal the raw rows' statement for ranges by day, week and month across
 * New York's DST change, at every check; after a last fold no delta is left and the days equal a rebuild from the raw
 * rows. On PostgreSQL a change that commits while a fold or a zone change runs is counted once.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportBuckets } from '@vitrine/contracts/console-reports';
import { addDays, dayStart } from '@vitrine/contracts/shop-time';
import type { Db } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { insertShop } from '../../test/fixtures.ts';
import { createTestDb, TEST_DB_KINDS, type TestDb } from '../../test/test-db.ts';
import { foldFunnelDeltas, foldFunnelShop } from './funnel-days.ts';
import { funnelCounts, funnelCountsRaw, type FunnelRow } from './funnel-report.ts';

const RUNS = Number(process.env.FUNNEL_ROLLUP_PROPERTY_RUNS ?? 15);
/** Events over 40 days from here: February's end, all of March (New York's DST starts on the 8th), April's start. */
const FIRST_DAY = '2026-02-24';
const BASE = Date.parse(`${FIRST_DAY}T00:00:00Z`);
const MINUTE = 60_000;
const ZONES = ['America/Sao_Paulo', 'America/New_York', 'Asia/Tokyo'];
const at = (minutes: number) => new Date(BASE + minutes * MINUTE);

type Step =
  | { kind: 'mint'; channel: number; minutes: number; anonymous: boolean }
  | { kind: 'open'; session: number; minutes: number }
  | { kind: 'erase'; session: number }
  | { kind: 'cart'; channel: number; minutes: number; amount: boolean }
  | { kind: 'addItem' | 'removeItems' | 'cancel' | 'finalize' | 'error'; order: number }
  | { kind: 'confirm' | 'pay' | 'deliver'; order: number; minutes: number }
  | { kind: 'undo'; order: number }
  | { kind: 'channel'; order: number; channel: number }
  | { kind: 'zone'; zone: string }
  | { kind: 'fold' | 'foldTwice' | 'check' };
const minutesArb = fc.integer({ min: 0, max: 40 * 24 * 60 });
const channelArb = fc.nat(3);
const pickArb = fc.nat(30);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('mint' as const),
      channel: channelArb,
      minutes: minutesArb,
      anonymous: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('open' as const), session: pickArb, minutes: minutesArb }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('erase' as const), session: pickArb }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('cart' as const),
      channel: channelArb,
      minutes: minutesArb,
      amount: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        'addItem' as const,
        'removeItems' as const,
        'cancel' as const,
        'finalize' as const,
        'error' as const,
      ),
      order: pickArb,
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constantFrom('confirm' as const, 'pay' as const, 'deliver' as const),
      order: pickArb,
      minutes: minutesArb,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('undo' as const), order: pickArb }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('channel' as const), order: pickArb, channel: channelArb }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('zone' as const), zone: fc.constantFrom(...ZONES) }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom('fold' as const, 'foldTwice' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('check' as const) }) },
);

const sorted = (rows: FunnelRow[]) =>
  rows.map((r) => `${r.stage} ${r.channel_type} ${r.i} ${r.n}`).sort((a, b) => a.localeCompare(b));

/** The rollup's counts and the raw rows' for ranges by day, week and month (channels alone and together). */
async function expectRollupIsRaw(db: Db, shop: string) {
  const [{ zone }] = (await db.query<{ zone: string }>('select time_zone as zone from shops where id = $1', [
    shop,
  ])) as [{ zone: string }];
  for (const [a, b, bucket] of [
    [-1, 8, 'day'],
    [0, 0, 'day'],
    [5, 35, 'week'],
    [3, 38, 'month'],
    [-30, 45, 'week'],
    [12, 14, 'day'], // New York's DST change (8 March is day 12)
  ] as const) {
    const [from, to] = [addDays(FIRST_DAY, a), addDays(FIRST_DAY, b)];
    const buckets = reportBuckets(from, to, bucket);
    for (const channelType of [null, 2]) {
      const rolled = await funnelCounts(db, {
        shopId: shop,
        days: buckets.map((x) => x.from),
        to,
        channelType,
      });
      const raw = await funnelCountsRaw(db, {
        shopId: shop,
        starts: buckets.map((x) => dayStart(x.from, zone)),
        end: dayStart(addDays(to, 1), zone),
        channelType,
      });
      expect(sorted(rolled), `${from}…${to} by ${bucket}, channel ${channelType}`).toEqual(sorted(raw));
    }
  }
}

async function step(db: Db, shop: string, s: Step, sessions: string[], orders: string[]) {
  const session = 'session' in s && sessions.length ? sessions[s.session % sessions.length] : undefined;
  const order = 'order' in s && orders.length ? orders[s.order % orders.length] : undefined;
  switch (s.kind) {
    case 'mint': {
      const id = newId('ses');
      await db.query(
        `insert into sessions (id, shop_id, token_hash, session_type, channel_type, channel_id, user_id, contact_id,
           expires_at, created_at) values ($1, $2, $1, 0, $3, 'c', $4, null, now(), $5)`,
        [id, shop, s.channel, s.anonymous ? `anonymous-${id}` : `u-${id}`, at(s.minutes)],
      );
      sessions.push(id);
      return;
    }
    case 'open':
      if (session)
        await db.query('update sessions set opened_at = $2 where id = $1 and opened_at is null', [
          session,
          at(s.minutes),
        ]);
      return;
    case 'erase': // LGPD erasure renames the user (an anonymous visit's too: it then counts as a link)
      if (session) await db.query(`update sessions set user_id = 'removido-x' where id = $1`, [session]);
      return;
    case 'cart': {
      const id = newId('ord');
      await db.query(
        `insert into orders (id, shop_id, user_id, channel_type, status, items_amount_cents, created_at)
         values ($1, $2, $3, $4, 0, $5, $6)`,
        [id, shop, `u-${id}`, s.channel, s.amount ? 990 : 0, at(s.minutes)],
      );
      orders.push(id);
      return;
    }
    case 'addItem':
    case 'removeItems':
      if (order)
        await db.query('update orders set items_amount_cents = $2 where id = $1', [
          order,
          s.kind === 'addItem' ? 1990 : 0,
        ]);
      return;
    case 'confirm':
      if (order)
        await db.query('update orders set status = 1, confirmed_at = $2 where id = $1', [
          order,
          at(s.minutes),
        ]);
      return;
    case 'cancel':
    case 'finalize':
    case 'error':
      if (order)
        await db.query('update orders set status = $2 where id = $1', [
          order,
          { cancel: 3, finalize: 2, error: 4 }[s.kind],
        ]);
      return;
    case 'pay':
      if (order)
        await db.query(
          `insert into payment_ledger (id, shop_id, order_id, kind, amount_cents, source, received_at)
           values ($1, $2, $3, 'received', 990, 'manual', $4)`,
          [newId('led'), shop, order, at(s.minutes)],
        );
      return;
    case 'undo': // a hand-recorded payment taken back: the money was received all the same
      if (order)
        await db.query(
          `insert into payment_ledger (id, shop_id, order_id, kind, amount_cents, source, reverses_id, received_at)
           select $1, $2, $3, 'undone', -990, 'manual', min(id), now() from payment_ledger
            where order_id = $3 and kind = 'received' having count(*) > 0
           on conflict do nothing`,
          [newId('led'), shop, order],
        );
      return;
    case 'deliver':
      if (order)
        await db.query(`update orders set fulfilment = 'delivered', fulfilment_at = $2 where id = $1`, [
          order,
          at(s.minutes),
        ]);
      return;
    case 'channel':
      if (order) await db.query('update orders set channel_type = $2 where id = $1', [order, s.channel]);
      return;
    case 'zone':
      await db.query('update shops set time_zone = $2 where id = $1', [shop, s.zone]);
      return;
    case 'fold':
      await foldFunnelDeltas(db);
      return;
    case 'foldTwice':
      await Promise.all([foldFunnelDeltas(db), foldFunnelShop(db, shop)]);
      return;
    case 'check':
      await expectRollupIsRaw(db, shop);
      return;
  }
}

const DAYS = `select day::text, channel_type, stage, n from funnel_days where shop_id = $1 and n <> 0 order by 1, 2, 3`;

for (const kind of TEST_DB_KINDS) {
  describe(`funnel rollup [${kind}]`, () => {
    let test: TestDb;
    beforeAll(async () => {
      test = await createTestDb(kind);
    }, 120_000);
    afterAll(async () => test?.drop());

    it('reads like the raw rows through any events, folds and zone changes', async () => {
      const seen = new Map<string, number>();
      await fc.assert(
        fc.asyncProperty(fc.array(stepArb, { minLength: 20, maxLength: 60 }), async (steps) => {
          const { db } = test;
          const shop = await insertShop(db, `fun-${newId('x').slice(-10).toLowerCase()}`);
          const [sessions, orders]: [string[], string[]] = [[], []];
          for (const s of steps) {
            await step(db, shop, s, sessions, orders);
            seen.set(s.kind, (seen.get(s.kind) ?? 0) + 1);
          }
          await expectRollupIsRaw(db, shop);
          await foldFunnelDeltas(db);
          expect(await db.query('select id from funnel_deltas where shop_id = $1', [shop])).toEqual([]);
          await expectRollupIsRaw(db, shop);
          // The folded days are the raw rows' days: no change counted twice or lost.
          const folded = await db.query(DAYS, [shop]);
          await db.transaction((tx) => tx.query('select funnel_days_rebuild($1)', [shop]));
          expect(folded).toEqual(await db.query(DAYS, [shop]));
          if (folded.length > 0) seen.set('rolled', (seen.get('rolled') ?? 0) + 1);
        }),
        { numRuns: RUNS },
      );
      for (const what of ['mint', 'open', 'erase', 'cart', 'confirm', 'pay', 'deliver', 'zone', 'foldTwice'])
        expect(seen.get(what) ?? 0, what).toBeGreaterThan(0);
      expect(seen.get('rolled') ?? 0).toBeGreaterThan(RUNS / 2);
    }, 600_000);

    // Two connections: changes that commit while a fold and a zone change run (PostgreSQL; PGlite has one).
    it.runIf(kind === 'postgres')(
      'counts once a change committed during a fold or a zone change',
      async () => {
        const { db } = test;
        const shop = await insertShop(db, `fur-${newId('x').slice(-10).toLowerCase()}`);
        const mint = (tx: Db | Parameters<Parameters<Db['transaction']>[0]>[0], minutes: number) =>
          tx.query(
            `insert into sessions (id, shop_id, token_hash, session_type, channel_type, channel_id, user_id, expires_at,
             created_at) values ($1, $2, $1, 0, 1, 'c', 'u', now(), $3)`,
            [newId('ses'), shop, at(minutes)],
          );
        await mint(db, 60);
        let folded: Promise<unknown> | undefined;
        let zoned: Promise<unknown> | undefined;
        await db.transaction(async (tx) => {
          await mint(tx, 120); // not committed while the fold runs
          folded = foldFunnelDeltas(db);
          await folded;
          await mint(db, 90); // committed, not folded when the zone changes
          zoned = db.query(`update shops set time_zone = 'Asia/Tokyo' where id = $1`, [shop]); // rebuilds now
          await zoned;
          await mint(tx, 180);
        });
        await mint(db, 240);
        await expectRollupIsRaw(db, shop);
        await foldFunnelDeltas(db);
        await expectRollupIsRaw(db, shop);
        const [{ n }] = (await db.query<{ n: number }>(
          `select sum(n)::int as n from funnel_days where shop_id = $1 and stage = 'minted'`,
          [shop],
        )) as [{ n: number }];
        expect(n).toBe(5);
      },
    );
  });
}
