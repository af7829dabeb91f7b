import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, TEST_DB_KINDS, type TestDb } from '../test/test-db.ts';
import {
  checkShardingReadiness,
  formatReadiness,
  GLOBAL_TABLES,
  PENDING,
  uniqueKeysWithoutShop,
} from './sharding-readiness.ts';

/**
 * Issue 40: the migrated schema stays distributable by shop — every table with shop_id has it in its primary key or
 * a non-partial unique index, every table without it is listed as global (or pending, with its reason).
 */
for (const kind of TEST_DB_KINDS) {
  describe(`sharding readiness [${kind}]`, () => {
    let test: TestDb;
    beforeAll(async () => {
      test = await createTestDb(kind);
    });
    afterAll(() => test?.drop());

    it('passes on the migrated schema, and prints every verdict', async () => {
      const rows = await checkShardingReadiness(test.db);
      console.log(`sharding readiness [${kind}]\n${formatReadiness(rows)}`);
      expect(rows.filter((r) => !r.ok).map((r) => `${r.table}: ${r.note}`)).toEqual([]);
      const tables = new Set(rows.map((r) => r.table));
      // Every listed table exists: a renamed or dropped table leaves no stale entry behind.
      expect([...Object.keys(GLOBAL_TABLES), ...Object.keys(PENDING)].filter((t) => !tables.has(t))).toEqual(
        [],
      );
      expect(rows.find((r) => r.table === 'products')).toMatchObject({ kind: 'shop', ok: true });
      expect(rows.find((r) => r.table === 'order_refund_lines')?.key).toMatch(/shop_id/);
    });

    it('lists the unique keys of shop-scoped tables that distributing would still rewrite', async () => {
      const keys = await uniqueKeysWithoutShop(test.db);
      console.log(
        `unique keys without shop_id [${kind}] (${keys.length}):\n` +
          keys.map((k) => `  ${k.table}: ${k.key}`).join('\n'),
      );
      expect(keys).toContainEqual({ table: 'sessions', key: 'unique (token_hash)' });
      expect(keys).toContainEqual({ table: 'products', key: 'pk (id)' });
      expect(keys.some((k) => k.table === 'shop_staff')).toBe(false); // its key is (shop_id, user_id)
    });

    it('names a new shop-scoped table keyed without shop_id, and a new table with no shop at all', async () => {
      await test.db.query(
        `create table zz_shop_notes (id text primary key, shop_id text not null, body text)`,
      );
      await test.db.query(`create table zz_loose (id text primary key)`);
      await test.db.query(
        `create unique index zz_shop_notes_partial on zz_shop_notes (shop_id, id) where body is not null`,
      );
      try {
        const failing = (await checkShardingReadiness(test.db)).filter((r) => !r.ok);
        expect(failing.map((r) => r.table)).toEqual(['zz_loose', 'zz_shop_notes']);
        expect(formatReadiness(failing)).toContain(
          '✖ zz_shop_notes  shop     has shop_id but no primary key or non-partial unique index with it',
        );
        expect(failing[0]!.note).toMatch(/not in GLOBAL_TABLES/);
        // A unique index with shop_id (not partial) makes it pass.
        await test.db.query(`create unique index zz_shop_notes_key on zz_shop_notes (shop_id, id)`);
        const after = await checkShardingReadiness(test.db);
        expect(after.find((r) => r.table === 'zz_shop_notes')).toMatchObject({
          ok: true,
          key: 'unique (shop_id, id)',
        });
      } finally {
        await test.db.query(`drop table zz_shop_notes`);
        await test.db.query(`drop table zz_loose`);
      }
    });

    it('says when a pending table has started to pass, so its entry goes', async () => {
      await test.db.query(`create unique index zz_items_shop on order_items (shop_id, id)`);
      try {
        const row = (await checkShardingReadiness(test.db)).find((r) => r.table === 'order_items');
        expect(row).toMatchObject({ ok: false, kind: 'pending', note: 'passes now: take it off PENDING' });
      } finally {
        await test.db.query(`drop index zz_items_shop`);
      }
    });
  });
}
