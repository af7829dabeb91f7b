import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../migrate.ts';
import { createTestDb, TEST_DB_KINDS } from '../../test/test-db.ts';

describe.each(TEST_DB_KINDS)('migration 0063 on a database that already has contacts [%s]', (kind) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => drop?.());

  it('gives every contact with a phone its WhatsApp identity, and none to a contact without one', async () => {
    const empty = await createTestDb(kind, { empty: true });
    drop = empty.drop;
    const { db } = empty;
    await migrate(db, { through: '0062' });
    expect(await db.query(`select to_regclass('contact_identities') as t`)).toEqual([{ t: null }]);
    for (const shop of ['s1', 's2'])
      await db.query(`insert into shops (id, slug, name, settings) values ($1, $2, $3, '{}')`, [
        shop,
        shop,
        shop,
      ]);
    const contacts: [string, string, string | null][] = [
      ['c1', 's1', '5511999990001'],
      ['c2', 's1', null],
      ['c3', 's1', ''],
      ['c4', 's2', '5511999990001'], // the same phone in another shop is another contact
    ];
    for (const [id, shop, phone] of contacts)
      await db.query(`insert into contacts (id, shop_id, phone) values ($1, $2, $3)`, [id, shop, phone]);

    const applied = await migrate(db);
    expect(applied).toContain('0063_contact_identities.sql');
    const identities = await db.query<{
      shop_id: string;
      channel_type: number;
      external_user_id: string;
      contact_id: string;
    }>(
      'select shop_id, channel_type, external_user_id, contact_id from contact_identities order by contact_id',
    );
    expect(identities).toEqual([
      { shop_id: 's1', channel_type: 1, external_user_id: '5511999990001', contact_id: 'c1' },
      { shop_id: 's2', channel_type: 1, external_user_id: '5511999990001', contact_id: 'c4' },
    ]);
    expect(await migrate(db)).toEqual([]); // applied once
  }, 120_000); // every migration from an empty cluster: ~11 s on PGlite on a quiet machine
});
