import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { insertFixtureProduct } from '../../modules/order/order-test-kit.ts';
import { createPlatformSession } from '../../modules/session/service.ts';
import { asStaff, inviteAndAccept, shopWithOwner, type Staff } from '../../test/console-kit.ts';
import { deliveryCalls, storeBody } from '../../test/delivery-kit.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { describeEachDb } from '../../test/test-app.ts';

const latestAudit = async (app: FastifyInstance, owner: Staff, slug: string) =>
  (await asStaff(app, owner, { url: `/api/console/shops/${slug}/audit` })).json().data.entries[0];

/** Two products: 'Arroz' (SKU ARZ, R$ 20,00) and 'Camiseta' (SKU CAM, R$ 50,00) sized P and G. */
async function catalogue(db: Db, shopId: string) {
  const rice = await insertFixtureProduct(db, shopId, { providerId: 'ARZ', priceCents: 2000 });
  const shirt = await insertFixtureProduct(db, shopId, { providerId: 'CAM', priceCents: 5000 });
  await db.query(
    `update products set name = case id when $1 then 'Arroz 5 kg' else 'Camiseta' end,
            sku = case id when $1 then 'ARZ' else 'CAM' end where id in ($1, $2)`,
    [rice, shirt],
  );
  await db.query(
    `insert into product_attributes (id, shop_id, product_id, provider_id, name) values ($1 || '-tam', $2, $1, 'tam', 'Tamanho')`,
    [shirt, shopId],
  );
  await db.query(
    `insert into attribute_options (id, shop_id, attribute_id, provider_id, name)
     values ($1 || '-p', $2, $1 || '-tam', 'p', 'P'), ($1 || '-g', $2, $1 || '-tam', 'g', 'G')`,
    [shirt, shopId],
  );
  await db.query(
    `insert into product_variants (id, shop_id, product_id, provider_id, sku, options, price_cents, position)
     values ($1 || '-vp', $2, $1, 'p', 'CAM-P', '{"tam":"p"}', 5000, 0),
            ($1 || '-vg', $2, $1, 'g', 'CAM-G', '{"tam":"g"}', 5500, 1)`,
    [shirt, shopId],
  );
  return { rice, shirt, shirtG: `${shirt}-vg` };
}

describeEachDb('console price tables', (ctx) => {
  it('a manager creates, renames and lists tables; an agent is refused; names are unique per shop', async () => {
    const { app, db } = ctx();
    const { owner } = await shopWithOwner(app, 'tabelas-a');
    const manager = await inviteAndAccept(
      app,
      db,
      'tabelas-a',
      owner,
      'gerente@tabelas-a.example',
      'manager',
    );
    const agent = await inviteAndAccept(app, db, 'tabelas-a', owner, 'agente@tabelas-a.example', 'agent');
    const url = '/api/console/shops/tabelas-a/price-tables';
    const created = await asStaff(app, manager, { method: 'POST', url, payload: { name: ' Atacado ' } });
    expect(created.statusCode, created.body).toBe(201);
    const table = created.json().data;
    expect(table).toMatchObject({ name: 'Atacado', prices: 0, stores: [] });
    expect(await latestAudit(app, owner, 'tabelas-a')).toMatchObject({
      actor: 'gerente@tabelas-a.example',
      action: 'price-table.created',
      target: table.id,
      detail: { changes: [{ label: 'Nome', before: '—', after: 'Atacado' }] },
    });
    const taken = await asStaff(app, manager, { method: 'POST', url, payload: { name: 'atacado' } });
    expect(expectRefusal(taken, 409).message).toBe('Já existe uma tabela de preço com este nome.');
    expect(
      expectRefusal(await asStaff(app, manager, { method: 'POST', url, payload: { name: '' } }), 400).message,
    ).toMatch(/Informe o nome da tabela\./);

    const renamed = await asStaff(app, manager, {
      method: 'PUT',
      url: `${url}/${table.id}`,
      payload: { name: 'Atacado SP' },
    });
    expect(renamed.json().data.name).toBe('Atacado SP');
    expect((await latestAudit(app, owner, 'tabelas-a')).detail.changes).toEqual([
      { label: 'Nome', before: 'Atacado', after: 'Atacado SP' },
    ]);
    expect(
      (await asStaff(app, manager, { url })).json().data.tables.map((t: { name: string }) => t.name),
    ).toEqual(['Atacado SP']);
    expectRefusal(await asStaff(app, agent, { url }), 403);
    expectRefusal(await asStaff(app, agent, { method: 'POST', url, payload: { name: 'Outra' } }), 403);
    expectRefusal(
      await asStaff(app, manager, { method: 'PUT', url: `${url}/ptb-nada`, payload: { name: 'X' } }),
      404,
    );
  });

  it('sets prices by product and by variant, searches, clears a price, and audits old → new', async () => {
    const { app, db } = ctx();
    const { owner, shop } = await shopWithOwner(app, 'tabelas-b');
    const { rice, shirt, shirtG } = await catalogue(db, shop.id);
    const url = '/api/console/shops/tabelas-b/price-tables';
    const table = (await asStaff(app, owner, { method: 'POST', url, payload: { name: 'Atacado' } })).json()
      .data;
    const prices = `${url}/${table.id}/prices`;

    const page = (await asStaff(app, owner, { url: prices })).json().data;
    expect(page.total).toBe(2);
    expect(page.nextOffset).toBeNull();
    expect(page.rows.map((r: { sku: string; variant: string | null }) => [r.sku, r.variant])).toEqual([
      ['ARZ', null],
      ['CAM', null],
      ['CAM-P', 'Tamanho: P'],
      ['CAM-G', 'Tamanho: G'],
    ]);
    const found = (await asStaff(app, owner, { url: `${prices}?q=cam-g` })).json().data;
    expect(found.rows.map((r: { sku: string }) => r.sku)).toEqual(['CAM', 'CAM-P', 'CAM-G']);

    const saved = await asStaff(app, owner, {
      method: 'PUT',
      url: prices,
      payload: {
        prices: [
          { productId: rice, variantId: null, priceCents: 1800 },
          { productId: shirt, variantId: shirtG, priceCents: 4990 },
        ],
      },
    });
    expect(saved.json().data).toEqual({ changed: 2 });
    const audit = await latestAudit(app, owner, 'tabelas-b');
    expect(audit).toMatchObject({ action: 'price-table.prices.changed', target: table.id });
    expect(audit.detail.changes).toEqual([
      { label: 'Arroz 5 kg (SKU ARZ)', before: 'Preço do catálogo', after: 'R$\u00a018,00' },
      { label: 'Camiseta — Tamanho: G (SKU CAM-G)', before: 'Preço do catálogo', after: 'R$\u00a049,90' },
    ]);
    const after = (await asStaff(app, owner, { url: prices })).json().data.rows;
    expect(after.map((r: { tableCents: number | null }) => r.tableCents)).toEqual([1800, null, null, 4990]);

    const cleared = await asStaff(app, owner, {
      method: 'PUT',
      url: prices,
      payload: { prices: [{ productId: rice, variantId: null, priceCents: null }] },
    });
    expect(cleared.json().data).toEqual({ changed: 1 });
    expect((await latestAudit(app, owner, 'tabelas-b')).detail.changes).toEqual([
      { label: 'Arroz 5 kg (SKU ARZ)', before: 'R$\u00a018,00', after: 'Preço do catálogo' },
    ]);

    // Another shop's product, a variant of another product, a negative price: refused, nothing written.
    const other = await shopWithOwner(app, 'tabelas-b2');
    const foreign = await catalogue(db, other.shop.id);
    const refused = await asStaff(app, owner, {
      method: 'PUT',
      url: prices,
      payload: { prices: [{ productId: foreign.rice, variantId: null, priceCents: 100 }] },
    });
    expect(expectRefusal(refused, 404).message).toMatch(/não existem mais nesta loja/);
    const mismatched = await asStaff(app, owner, {
      method: 'PUT',
      url: prices,
      payload: { prices: [{ productId: rice, variantId: shirtG, priceCents: 100 }] },
    });
    expectRefusal(mismatched, 404);
    const negative = await asStaff(app, owner, {
      method: 'PUT',
      url: prices,
      payload: { prices: [{ productId: rice, variantId: null, priceCents: -1 }] },
    });
    expect(expectRefusal(negative, 400).message).toMatch(/negativo/);
    // Another shop's table is not found from this shop.
    const theirs = (
      await asStaff(app, other.owner, {
        method: 'POST',
        url: '/api/console/shops/tabelas-b2/price-tables',
        payload: { name: 'Deles' },
      })
    ).json().data;
    expectRefusal(await asStaff(app, owner, { url: `${url}/${theirs.id}/prices` }), 404);
    const [row] = await db.query<{ n: number }>(
      'select count(*)::int as n from price_table_prices where price_table_id = $1',
      [table.id],
    );
    expect(row?.n).toBe(1);
  });

  it('exports the prices as CSV in the catalogue conventions and imports them back, all or nothing', async () => {
    const { app, db } = ctx();
    const { owner, shop } = await shopWithOwner(app, 'tabelas-c');
    const { rice, shirt, shirtG } = await catalogue(db, shop.id);
    const url = '/api/console/shops/tabelas-c/price-tables';
    const table = (await asStaff(app, owner, { method: 'POST', url, payload: { name: 'Atacado' } })).json()
      .data;
    await asStaff(app, owner, {
      method: 'PUT',
      url: `${url}/${table.id}/prices`,
      payload: { prices: [{ productId: shirt, variantId: shirtG, priceCents: 123456 }] },
    });
    const exported = await asStaff(app, owner, { url: `${url}/${table.id}/prices.csv` });
    expect(exported.headers['content-type']).toMatch(/^text\/csv/);
    expect(exported.headers['content-disposition']).toBe('attachment; filename="tabela-atacado.csv"');
    expect(exported.body.split('\n').slice(0, 5).join('\n')).toBe(
      [
        '\uFEFFCódigo;Nome;SKU;Preço;Variação;SKU da variação;Preço da variação;Preço na tabela',
        'ARZ;Arroz 5 kg;ARZ;20,00;;;;',
        'CAM;Camiseta;CAM;50,00;;;;',
        'CAM;Camiseta;;;Tamanho: P;CAM-P;50,00;',
        'CAM;Camiseta;;;Tamanho: G;CAM-G;55,00;1.234,56',
      ].join('\n'),
    );

    const upload = (csv: string) =>
      asStaff(app, owner, {
        method: 'POST',
        url: `${url}/${table.id}/prices.csv`,
        headers: { 'content-type': 'text/csv' },
        payload: csv,
      });
    const tableRows = () =>
      db.query<{ product_id: string; variant_id: string | null; price_cents: number }>(
        'select product_id, variant_id, price_cents from price_table_prices where price_table_id = $1 order by price_cents',
        [table.id],
      );
    // A bad price and an unknown SKU: nothing written, every refused row said.
    const bad = await upload(
      exported.body
        .replace('ARZ;20,00;;;;', 'ARZ;20,00;;;;19.9')
        .replace('CAM;50,00;;;;', 'CAM;50,00;;;;45') + 'X;Nada;NAO-EXISTE;;;;;1,00\n',
    );
    expect(bad.statusCode, bad.body).toBe(200);
    expect(bad.json().data).toEqual({
      applied: false,
      rowCount: 5,
      changed: 0,
      unchanged: 0,
      refused: [
        { row: 2, column: 'Preço na tabela', message: "'19.9' não é um preço: use o formato 1.234,56." },
        { row: 6, column: 'SKU', message: 'SKU não encontrado no catálogo: NAO-EXISTE.' },
      ],
    });
    expect(await tableRows()).toEqual([{ product_id: shirt, variant_id: shirtG, price_cents: 123456 }]);

    // The round trip with two prices changed: written at once, the G price removed, audited.
    const good = await upload(
      exported.body
        .replace('ARZ;20,00;;;;', 'ARZ;20,00;;;;18,50')
        .replace('CAM-P;50,00;', 'CAM-P;50,00;47,00')
        .replace('CAM-G;55,00;1.234,56', 'CAM-G;55,00;'),
    );
    expect(good.json().data).toEqual({ applied: true, rowCount: 4, changed: 3, unchanged: 1, refused: [] });
    expect(await tableRows()).toEqual([
      { product_id: rice, variant_id: null, price_cents: 1850 },
      { product_id: shirt, variant_id: `${shirt}-vp`, price_cents: 4700 },
    ]);
    expect(await latestAudit(app, owner, 'tabelas-c')).toMatchObject({
      action: 'price-table.imported',
      detail: { count: 3 },
    });
    // A comma-separated file with only the two columns it needs reads too; a repeated SKU is refused.
    const minimal = await upload('SKU,Preço na tabela\nARZ,"17,00"\nARZ,"16,00"\n');
    expect(minimal.json().data.refused).toEqual([
      { row: 3, column: 'SKU', message: 'SKU repetido: já está na linha 2.' },
    ]);
    expect(expectRefusal(await upload('Nome;Preço\nArroz;1,00\n'), 400).message).toBe(
      'Colunas obrigatórias ausentes: SKU, Preço na tabela.',
    );
    expectRefusal(await upload(''), 400);
  });

  it('refuses to delete a table a store names, then deletes it with its prices', async () => {
    const { app, db } = ctx();
    const { owner, shop } = await shopWithOwner(app, 'tabelas-d');
    const { rice } = await catalogue(db, shop.id);
    const url = '/api/console/shops/tabelas-d/price-tables';
    const table = (await asStaff(app, owner, { method: 'POST', url, payload: { name: 'Varejo' } })).json()
      .data;
    await asStaff(app, owner, {
      method: 'PUT',
      url: `${url}/${table.id}/prices`,
      payload: { prices: [{ productId: rice, variantId: null, priceCents: 1000 }] },
    });
    await db.query(
      `insert into sellers (id, shop_id, provider_id, name, street, number, neighborhood, city, state, zip_code,
         default_price_table_id, use_default_price_table)
       values ('sel-td', $1, 'sel-td', 'Loja Centro', 'Rua A', '1', 'Centro', 'São Paulo', 'SP', '01001000', $2, true)`,
      [shop.id, table.id],
    );
    expect((await asStaff(app, owner, { url })).json().data.tables[0]).toMatchObject({
      prices: 1,
      stores: ['Loja Centro'],
    });
    const refused = await asStaff(app, owner, { method: 'DELETE', url: `${url}/${table.id}` });
    expect(expectRefusal(refused, 409).message).toBe(
      'A tabela é usada pelas lojas Loja Centro: tire-a delas em Entrega › Lojas antes de excluir.',
    );
    await db.query(`update sellers set default_price_table_id = null where id = 'sel-td'`);
    const removed = await asStaff(app, owner, { method: 'DELETE', url: `${url}/${table.id}` });
    expect(removed.json().data).toEqual({ removed: true });
    expect((await asStaff(app, owner, { url })).json().data.tables).toEqual([]);
    expect(await latestAudit(app, owner, 'tabelas-d')).toMatchObject({
      action: 'price-table.removed',
      detail: { changes: [{ label: 'Tabela', before: 'Varejo (1 preço(s))', after: '—' }] },
    });
    const [row] = await db.query<{ n: number }>(
      'select count(*)::int as n from price_table_prices where shop_id = $1',
      [shop.id],
    );
    expect(row?.n).toBe(0);
  });

  it('a store allows tables and applies its default: an agent choosing it gets the table price on the cart', async () => {
    const { app, db } = ctx();
    const { owner, shop } = await shopWithOwner(app, 'tabelas-e');
    const { shirtG } = await catalogue(db, shop.id);
    const url = '/api/console/shops/tabelas-e/price-tables';
    const create = async (name: string) =>
      (await asStaff(app, owner, { method: 'POST', url, payload: { name } })).json().data.id as string;
    const [retail, wholesale] = [await create('Varejo'), await create('Atacado')];
    const [shirt] = await db.query<{ product_id: string }>(
      'select product_id from product_variants where id = $1',
      [shirtG],
    );
    await asStaff(app, owner, {
      method: 'PUT',
      url: `${url}/${wholesale}/prices`,
      payload: { prices: [{ productId: shirt!.product_id, variantId: shirtG, priceCents: 4000 }] },
    });
    const delivery = deliveryCalls(app, 'tabelas-e');
    const created = await delivery.call(owner, 'POST', '/stores', storeBody({ name: 'Loja Centro' }));
    expect(created.json().data.priceTables).toEqual({ allowed: [], defaultId: null, useDefault: false });
    const storeId = created.json().data.id as string;

    // The default must be among the allowed ones, and a table of the shop.
    const outside = await delivery.call(
      owner,
      'PUT',
      `/stores/${storeId}`,
      storeBody({
        name: 'Loja Centro',
        priceTables: { allowed: [retail], defaultId: wholesale, useDefault: true },
      }),
    );
    expect(expectRefusal(outside, 400).message).toMatch(
      /A tabela padrão precisa estar entre as permitidas\./,
    );
    const foreign = await delivery.call(
      owner,
      'PUT',
      `/stores/${storeId}`,
      storeBody({
        name: 'Loja Centro',
        priceTables: { allowed: ['ptb-de-outra'], defaultId: null, useDefault: false },
      }),
    );
    expect(expectRefusal(foreign, 404).message).toBe(
      'Tabela de preço não encontrada nesta loja: recarregue a página e escolha de novo.',
    );

    const saved = await delivery.call(
      owner,
      'PUT',
      `/stores/${storeId}`,
      storeBody({
        name: 'Loja Centro',
        priceTables: { allowed: [retail, wholesale], defaultId: wholesale, useDefault: true },
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.priceTables).toEqual({
      allowed: [retail, wholesale],
      defaultId: wholesale,
      useDefault: true,
    });
    expect((await latestAudit(app, owner, 'tabelas-e')).detail.changes).toEqual([
      {
        label: 'Tabelas de preço',
        before: 'Todas; padrão: nenhuma',
        after: 'Varejo, Atacado; padrão: Atacado (aplicada ao escolher a loja)',
      },
    ]);
    // A save without the field (an older screen) leaves the tables as they are.
    const kept = await delivery.call(owner, 'PUT', `/stores/${storeId}`, storeBody({ name: 'Loja Centro' }));
    expect(kept.json().data.priceTables.defaultId).toBe(wholesale);
    expect((await asStaff(app, owner, { url })).json().data.tables[1]).toMatchObject({
      name: 'Atacado',
      stores: ['Loja Centro'],
    });

    // An agent chooses the store: the cart takes Atacado's price for the variant line.
    const session = await createPlatformSession(db, 60_000, {
      shop: 'tabelas-e',
      sessionType: 'agent',
      channelType: 'whatsapp',
      contact: { name: 'Cliente', phone: '5511955550301' },
    });
    const call = (path: string, payload: object = {}) =>
      app.inject({
        method: 'POST',
        url: path,
        headers: { authorization: `Bearer ${session.code}` },
        payload,
      });
    await db.query(`update products set ranking = 1 where shop_id = $1`, [shop.id]);
    const added = await call('/api/order/items/', { providerId: 'CAM', sku: 'CAM-G', quantity: 1 });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.items[0].unitPrice).toBe(55);
    const tables = await app.inject({
      method: 'GET',
      url: '/api/order/price-tables',
      headers: { authorization: `Bearer ${session.code}` },
    });
    expect(tables.json().data).toEqual([
      { id: retail, name: 'Varejo' },
      { id: wholesale, name: 'Atacado' },
    ]);
    const chosen = await call('/api/order/seller/', { providerId: storeId });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().data).toMatchObject({ providerPriceTableId: wholesale, itemsAmout: 40 });
  });
});
