/**
 * Getting a shop back (issue 39, item 11): a backup of the embedded database restored into an empty directory
 * reads the same orders, payments and stock ledger — every table, row for row — and the documented PostgreSQL
 * recipe (pg_dump → pg_restore into a new database, docs/backups.md) does the same on the server.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { moveStock } from '../modules/stock/service.ts';
import { placeTestOrder } from '../test/board-kit.ts';
import { insertShop } from '../test/fixtures.ts';
import { createPgDatabase } from '../test/pg-database.ts';
import { pgliteTemplate } from '../test/pglite-template.ts';
import { backupPglite, restorePglite } from './backup.ts';
import type { Db } from './client.ts';
import { openPglite } from './pglite.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-backup-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Two paid orders, one unpaid, and stock counted and moved by hand. */
async function shopWithMoney(db: Db): Promise<void> {
  const shop = await insertShop(db, `bk-${randomBytes(3).toString('hex')}`);
  await placeTestOrder(db, shop, { name: 'Ana', phone: '5511911110001', paid: true, totalCents: 4590 });
  await placeTestOrder(db, shop, { name: 'Bruno', phone: '5511911110002', paid: true, totalCents: 1290 });
  const unpaid = await placeTestOrder(db, shop, { name: 'Carla', phone: '5511911110003' });
  const [line] = await db.query<{ product_id: string }>(
    'select product_id from order_items where order_id = $1',
    [unpaid],
  );
  await db.transaction(async (tx) => {
    const who = { actor: 'system' as const, staffId: null };
    await moveStock(tx, shop, 'adjustment', who, [
      { unit_id: line!.product_id, delta: null, target: 12, note: 'contagem' },
    ]);
    await moveStock(tx, shop, 'adjustment', who, [
      { unit_id: line!.product_id, delta: -2, target: null, note: 'quebra' },
    ]);
  });
}

/** Every table of the schema with its row count and a checksum of its rows, in a stable order. */
async function contents(db: Db): Promise<Record<string, string>> {
  const tables = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await db.query<{ n: number; sum: string | null }>(
      `select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as sum from "${name}" t`,
    );
    out[name] = `${row!.n}:${row!.sum ?? '-'}`;
  }
  return out;
}

const counted = (c: Record<string, string>, table: string) => Number(c[table]?.split(':')[0]);

describe('backups', () => {
  it('PGlite: npm run backup / restore bring back every table, row for row', async () => {
    const dataDir = tempDir();
    const source = await openPglite(dataDir, { loadDataDir: await pgliteTemplate() });
    await shopWithMoney(source);
    const before = await contents(source);
    await source.close();
    for (const table of ['orders', 'payment_ledger', 'stock_movements'])
      expect(counted(before, table)).toBeGreaterThan(0);

    const file = join(tempDir(), 'vitrine.tar.gz');
    const backup = await backupPglite(dataDir, file);
    expect(backup.orders).toBe(3);
    const restoredDir = join(tempDir(), 'restored');
    const restored = await restorePglite(file, restoredDir);
    expect(restored.orders).toBe(3);
    const db = await openPglite(restoredDir);
    try {
      expect(await contents(db)).toEqual(before);
    } finally {
      await db.close();
    }
    // A restore never writes over data.
    await expect(restorePglite(file, dataDir)).rejects.toThrow(/não está vazio/);
  }, 180_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'PostgreSQL: the documented pg_dump → pg_restore recipe',
    async () => {
      const server = process.env.TEST_DATABASE_URL!;
      const source = await createPgDatabase(server, { poolSize: 2 }); // the migrated template's copy
      const target = await createPgDatabase(server, { empty: true, poolSize: 2 });
      try {
        await shopWithMoney(source.db);
        const before = await contents(source.db);
        const dump = join(tempDir(), 'vitrine.dump');
        execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, source.url]);
        execFileSync('pg_restore', ['--no-owner', `--dbname=${target.url}`, dump]);
        expect(await contents(target.db)).toEqual(before);
        expect(counted(before, 'payment_ledger')).toBeGreaterThan(0);
      } finally {
        await source.drop();
        await target.drop();
      }
    },
    180_000,
  );
});
