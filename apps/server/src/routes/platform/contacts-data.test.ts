/**
 * A contact's data rights (LGPD art. 18; issue 39, item 12): the chatbot platform obtains what the shop holds
 * about a contact (JSON, CSV) and has it erased. After the erasure no table holds the contact's phone, e-mail,
 * CPF, name, street or channel id anywhere (every table of the schema is read as text), orders keep their totals
 * and lines, and the erasure is audited. Every column of the schema that looks personal is listed in
 * PERSONAL_DATA or named here as staff/shop data — a new table with a phone, e-mail or document fails until covered.
 */
import { expect, it } from 'vitest';
import { PERSONAL_DATA } from '../../flows/contacts/data-rights.ts';
import { placeTestOrder } from '../../test/board-kit.ts';
import { insertShop } from '../../test/fixtures.ts';
import { describeEachDb, TEST_PLATFORM_KEY, type TestContext } from '../../test/test-app.ts';

const PERSONAL_COLUMN =
  /phone|email|document|birth|street|zip|channel_id|^user_id$|external_user_id|recipient|payload|checkout|search_terms|^name$/;
/** Columns that match but hold the shop's or its staff's data, or a catalogue's names — not a contact's. */
const NOT_CONTACT_DATA = new Set([
  'staff_users.email',
  'staff_users.name',
  'staff_invitations.email',
  'shop_staff.user_id',
  'staff_sessions.user_id',
  'staff_tokens.user_id',
  'sellers.zip_code',
  'sellers.name',
  'shops.name',
  'agents.name',
  'products.name',
  'categories.name',
  'collections.name',
  'attribute_options.name',
  'gift_rules.name',
  'logistic_options.name',
  'price_tables.name',
  'product_attributes.name',
  'product_specifications.name',
  'order_items.name',
  'sellers.street',
  'addresses.name', // the address's label ('Casa'): the whole row is deleted
  'order_edits.checkout', // a proposal's coupon code and manual discount (migration 0073): no one's data
]);

const PHONE = '5511977771234';
const person = {
  name: 'Joana Lgpdteste',
  email: 'joana.lgpd@exemplo.com.br',
  document: '39053344705',
  street: 'Rua Secreta Lgpd',
};

async function contactWithEverything(c: TestContext) {
  const shop = await insertShop(c.db, `lgpd-${Math.random().toString(36).slice(2, 8)}`);
  const orderId = await placeTestOrder(c.db, shop, {
    name: person.name,
    phone: PHONE,
    paid: true,
    totalCents: 3590,
  });
  const [{ contact_id: contactId, slug }] = (await c.db.query<{ contact_id: string; slug: string }>(
    'select o.contact_id, s.slug from orders o join shops s on s.id = o.shop_id where o.id = $1',
    [orderId],
  )) as [{ contact_id: string; slug: string }];
  await c.db.query('update contacts set email = $2, document = $3 where id = $1', [
    contactId,
    person.email,
    person.document,
  ]);
  await c.db.query(`update orders set checkout = jsonb_set(checkout, '{address}', $2::jsonb) where id = $1`, [
    orderId,
    JSON.stringify({ fullAddress: `${person.street}, 12 - Centro`, zipCode: '01001000' }),
  ]);
  await c.db.query(
    `insert into addresses (id, shop_id, contact_id, name, zip_code, street, number, neighborhood, city, state)
     values ('adr_lgpd_' || $3, $1, $2, 'Casa', '01001000', $4, '12', 'Centro', 'São Paulo', 'SP')`,
    [shop, contactId, shop, person.street],
  );
  await c.db.query(
    `insert into contact_identities (shop_id, channel_type, external_user_id, contact_id) values ($1, 1, 'BR.LGPD123456', $2)`,
    [shop, contactId],
  );
  await c.db.query(
    `insert into outbox (id, shop_id, kind, type, dedupe_key, content_hash, order_id, payload, status)
     values ('obx_lgpd_' || $1, $1, 'message', 'order-status', 'lgpd-' || $1, 'h', $2, $3, 'pending')`,
    [
      shop,
      orderId,
      JSON.stringify({
        channel: 'whatsapp',
        recipient: PHONE,
        contactId,
        parts: [{ text: `Olá ${person.name}` }],
      }),
    ],
  );
  await c.db.query(
    `insert into recovery_contacts (shop_id, contact_id, opted_out_at, opt_out_source, last_inbound_at)
     values ($1, $2, now(), 'chat', now())`,
    [shop, contactId],
  );
  await c.db.query(
    `insert into recovery_reminders (id, shop_id, order_id, contact_id, step, state, due_at, cart_version, reason,
       decided_at)
     values ('rmd_lgpd_1_' || $1, $1, $3, $2, 1, 'skipped', now(), 1, 'opted_out', now()),
            ('rmd_lgpd_2_' || $1, $1, $3, $2, 2, 'scheduled', now(), 1, null, null)`,
    [shop, contactId, orderId],
  );
  return { shop, slug, orderId, contactId };
}

/** Every table of the schema whose rows, read as text, contain `needle`. */
async function tablesHolding(c: TestContext, needle: string): Promise<string[]> {
  const tables = await c.db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const [row] = await c.db.query<{ n: number }>(
      `select count(*)::int as n from "${name}" t where strpos(t::text, $1) > 0`,
      [needle],
    );
    if (row!.n > 0) found.push(name);
  }
  return found;
}

const call = (
  c: TestContext,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  key = TEST_PLATFORM_KEY,
) => c.app.inject({ method, url, payload, headers: { authorization: `Bearer ${key}` } });

describeEachDb('a contact’s data rights (LGPD)', (ctx) => {
  it('the platform obtains what the shop holds (JSON, CSV) and erases it: no table holds it after, orders stay', async () => {
    const c = ctx();
    const { slug, orderId, contactId } = await contactWithEverything(c);
    const held = await call(c, 'GET', `/api/platform/shops/${slug}/contacts/data?phone=11977771234`);
    expect(held.statusCode).toBe(200);
    expect(held.headers['cache-control']).toBe('no-store');
    const [data] = held.json().data.contacts;
    expect(data.contact).toMatchObject({
      id: contactId,
      phone: PHONE,
      email: person.email,
      document: person.document,
    });
    expect(data.addresses).toHaveLength(1);
    expect(data.identities.map((i: { external_user_id: string }) => i.external_user_id)).toEqual([
      'BR.LGPD123456',
    ]);
    expect(data.orders).toEqual([expect.objectContaining({ id: orderId, total_cents: 3590 })]);
    expect(data.messages).toBe(1);
    expect(data.recovery.state).toMatchObject({ opt_out_source: 'chat' });
    expect(data.recovery.reminders).toEqual([
      expect.objectContaining({ kind: 'cart', step: 1, state: 'skipped', reason: 'opted_out' }),
      expect.objectContaining({ kind: 'cart', step: 2, state: 'scheduled' }),
    ]);
    const csv = await call(
      c,
      'GET',
      `/api/platform/shops/${slug}/contacts/data?userId=BR.LGPD123456&format=csv`,
    );
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toContain('seção');
    expect(csv.body).toContain(person.email);

    for (const needle of [PHONE, person.email, person.document, person.name, person.street, 'BR.LGPD123456'])
      expect((await tablesHolding(c, needle)).length, needle).toBeGreaterThan(0);
    const erased = await call(c, 'POST', `/api/platform/shops/${slug}/contacts/erase`, { phone: PHONE });
    expect(erased.statusCode).toBe(200);
    expect(erased.json().data).toEqual({ contacts: 1, orders: 1, messages: 1 });
    for (const needle of [
      PHONE,
      '11977771234',
      person.email,
      person.document,
      person.name,
      person.street,
      'BR.LGPD123456',
    ])
      expect(await tablesHolding(c, needle), needle).toEqual([]);

    const [order] = await c.db.query<{ total_cents: number; lines: number }>(
      `select total_cents, (select count(*)::int from order_items where order_id = o.id) as lines from orders o where id = $1`,
      [orderId],
    );
    expect(order).toEqual({ total_cents: 3590, lines: 1 });
    const [outbox] = await c.db.query<{ status: string }>('select status from outbox where order_id = $1', [
      orderId,
    ]);
    expect(outbox!.status).toBe('failed'); // never sent after the erasure
    const recovery = await c.db.query<{ state: string }>(
      `select state from recovery_reminders where contact_id = $1
       union all select 'contact' from recovery_contacts where contact_id = $1`,
      [contactId],
    );
    expect(recovery).toEqual([{ state: 'skipped' }]); // the opt-out row and the scheduled reminder are gone
    const audit = await c.db.query<{ action: string; actor_label: string }>(
      `select action, actor_label from audit_log where target = $1`,
      [contactId],
    );
    expect(audit).toEqual([{ action: 'contact.erased', actor_label: 'Plataforma' }]);
    expect(
      (await call(c, 'GET', `/api/platform/shops/${slug}/contacts/data?phone=${PHONE}`)).statusCode,
    ).toBe(404);
  });

  it('keepInvoiceData keeps the name, CPF and the orders’ address, and nothing else', async () => {
    const c = ctx();
    const { slug } = await contactWithEverything(c);
    const erased = await call(c, 'POST', `/api/platform/shops/${slug}/contacts/erase`, {
      userId: 'BR.LGPD123456',
      keepInvoiceData: true,
    });
    expect(erased.statusCode).toBe(200);
    expect(await tablesHolding(c, person.name)).toEqual(['contacts']);
    expect(await tablesHolding(c, person.document)).toEqual(['contacts']);
    expect(await tablesHolding(c, person.street)).toEqual(['orders']);
    for (const needle of [PHONE, person.email, 'BR.LGPD123456'])
      expect(await tablesHolding(c, needle), needle).toEqual([]);
  });

  it('bad input is a pt-BR 4xx and changes nothing', async () => {
    const c = ctx();
    const { slug } = await contactWithEverything(c);
    const none = await call(c, 'POST', `/api/platform/shops/${slug}/contacts/erase`, {});
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(none.json())).toContain('Informe o telefone');
    const unknown = await call(c, 'POST', `/api/platform/shops/${slug}/contacts/erase`, {
      phone: '5511900000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].message).toBe('Contato não encontrado nesta loja.');
    const wrongKey = await call(
      c,
      'POST',
      `/api/platform/shops/${slug}/contacts/erase`,
      { phone: PHONE },
      'x'.repeat(40),
    );
    expect(wrongKey.statusCode).toBe(401);
    expect(
      (await call(c, 'GET', `/api/platform/shops/nao-existe/contacts/data?phone=${PHONE}`)).statusCode,
    ).toBe(404);
    expect((await tablesHolding(c, person.email)).length).toBeGreaterThan(0); // nothing erased
  });

  it('every personal-looking column of the schema is covered by the erasure or named as staff/shop data', async () => {
    const c = ctx();
    const columns = await c.db.query<{ t: string; col: string }>(
      `select table_name as t, column_name as col from information_schema.columns
        where table_schema = current_schema() order by 1, 2`,
    );
    const uncovered = columns
      .filter(({ col }) => PERSONAL_COLUMN.test(col))
      .map(({ t, col }) => `${t}.${col}`)
      .filter(
        (name) =>
          !(name in PERSONAL_DATA) &&
          !(`${name.split('.')[0]}.*` in PERSONAL_DATA) &&
          !NOT_CONTACT_DATA.has(name),
      );
    expect(uncovered).toEqual([]);
  });
});
