import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../migrate.ts';
import { funnelCounts, funnelCountsRaw } from '../../modules/order/funnel-report.ts';
import { createTestDb, TEST_DB_KINDS } from '../../test/test-db.ts';

const sorted = (rows: { stage: string; channel_type: number; i: number; n: number }[]) =>
  rows.map((r) => `${r.stage} ${r.channel_type} ${r.i} ${r.n}`).sort((a, b) => a.localeCompare(b));

describe.each(TEST_DB_KINDS)('migration 0094 on a shop with links, orders and payments [%s]', (kind) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => drop?.());

  it("fills the funnel's days from the raw rows and each order's first money", async () => {
    const empty = await createTestDb(kind, { empty: true });
    drop = empty.drop;
    const { db } = empty;
    await migrate(db, { through: '0093' });
    await db.query(
      `insert into shops (id, slug, name, settings, time_zone) values ('s1', 's1', 's1', '{}', 'America/Manaus')`,
    );
    // Links: two sent (one opened after midnight UTC, still the 1st in Manaus), an anonymous visit.
    await db.query(
      `insert into sessions (id, shop_id, token_hash, session_type, channel_type, channel_id, user_id, expires_at,
         created_at, opened_at) values
         ('se1', 's1', 'h1', 0, 1, 'c', 'u1', now(), '2026-03-01T12:00Z', '2026-03-02T03:30Z'),
         ('se2', 's1', 'h2', 0, 2, 'c', 'u2', now(), '2026-03-02T12:00Z', null),
         ('se3', 's1', 'h3', 0, 1, 'c', 'anonymous-x', now(), '2026-03-02T12:00Z', '2026-03-02T12:00Z')`,
    );
    await db.query(
      `insert into orders (id, shop_id, user_id, channel_type, status, items_amount_cents, created_at, confirmed_at,
         fulfilment, fulfilment_at) values
         ('o1', 's1', 'u1', 1, 1, 990, '2026-03-01T13:00Z', '2026-03-01T14:00Z', 'delivered', '2026-03-03T15:00Z'),
         ('o2', 's1', 'u2', 2, 0, 0, '2026-03-02T13:00Z', null, null, null),
         ('o3', 's1', 'u3', 2, 3, 500, '2026-03-02T13:00Z', '2026-03-02T14:00Z', null, null)`,
    );
    // o1 paid twice: its first money is the earlier one, recorded second.
    await db.query(
      `insert into payment_ledger (id, shop_id, order_id, kind, amount_cents, source, received_at) values
         ('l1', 's1', 'o1', 'received', 500, 'manual', '2026-03-03T10:00Z'),
         ('l2', 's1', 'o1', 'received', 490, 'manual', '2026-03-01T15:00Z')`,
    );

    expect(await migrate(db)).toContain('0094_funnel_days.sql');
    expect(await db.query('select id, first_received_at::text as at from orders order by id')).toEqual([
      {
        id: 'o1',
        at: (await db.query<{ t: string }>(`select '2026-03-01T15:00Z'::timestamptz::text as t`))[0]!.t,
      },
      { id: 'o2', at: null },
      { id: 'o3', at: null },
    ]);
    const days = ['2026-03-01', '2026-03-02', '2026-03-03'];
    const rolled = await funnelCounts(db, { shopId: 's1', days, to: '2026-03-03', channelType: null });
    const starts = days.map((d) => new Date(`${d}T04:00:00Z`)); // Manaus is UTC−4
    const raw = await funnelCountsRaw(db, {
      shopId: 's1',
      starts,
      end: new Date('2026-03-04T04:00:00Z'),
      channelType: null,
    });
    expect(sorted(rolled)).toEqual(sorted(raw));
    expect(sorted(rolled)).toEqual([
      'added 1 1 1',
      'added 2 2 1',
      'confirmed 1 1 1',
      'confirmed 2 2 1',
      'delivered 1 3 1',
      'minted 1 1 1',
      'minted 2 2 1',
      'opened 1 1 1',
      'paid 1 1 1',
    ]);
  }, 120_000); // every migration from an empty cluster, twice (through 0093, then the rest)
});
