/**
 * Shared by the in-process console benches (orders board, reports; run with tsx): a fresh database — in-memory
 * PGlite, or a throwaway database on the server of `databaseUrl` — migrated, the app built on it, a shop created through the
 * platform API with its owner signed in (the cookie), and the bench's product and contacts (a quarter of `orders`,
 * ids `con_1…`) written in bulk. `close()` ends the app and drops the database.
 */

export async function openConsoleBench({ databaseUrl, slug, orders }) {
  process.env.LOG_LEVEL = 'silent';
  const { openDb } = await import('../../apps/server/src/db/client.ts');
  const { createPgDatabase } = await import('../../apps/server/src/test/pg-database.ts');
  const { migrate } = await import('../../apps/server/src/db/migrate.ts');
  const { buildApp } = await import('../../apps/server/src/app.ts');
  const { testConfig, TEST_PLATFORM_KEY } = await import('../../apps/server/src/test/test-app.ts');

  const database = databaseUrl ? await createPgDatabase(databaseUrl) : null;
  const db = database?.db ?? (await openDb({}));
  await migrate(db);
  const app = await buildApp({ db, config: testConfig(), logger: false });
  await app.ready();

  const created = await app.inject({
    method: 'POST',
    url: '/api/platform/shops',
    headers: { authorization: `Bearer ${TEST_PLATFORM_KEY}` },
    payload: { slug, name: 'Bench', owner: { email: 'dona@bench.example', name: 'Dona' } },
  });
  const { shop, invitationUrl } = created.json().data;
  const accepted = await app.inject({
    method: 'POST',
    url: '/api/console/invitations/accept',
    payload: {
      token: invitationUrl.slice(invitationUrl.indexOf('#') + 1),
      name: 'Dona',
      password: 'senha-forte-123',
    },
  });
  const cookie = accepted.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

  await db.query(
    `insert into products (id, shop_id, provider_id, sku, name, price_cents) values ('prd_bench', $1, 'b1', 'B1', 'Banana', 990)`,
    [shop.id],
  );
  await db.query(
    `insert into contacts (id, shop_id, name, phone)
     select 'con_' || g, $1, (array['Ana','Bruno','Carla','Davi','Eva','Fábio'])[1 + g % 6] || ' Cliente ' || g,
            '55119' || lpad(g::text, 8, '0')
       from generate_series(1, $2::int / 4) g`,
    [shop.id, orders],
  );

  async function close() {
    await app.close();
    await (database ? database.drop() : db.close());
  }
  return { db, app, shop, cookie, close };
}
