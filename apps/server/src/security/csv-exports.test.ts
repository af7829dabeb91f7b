/**
 * Attacker's suite — CSV injection (issue 39, item 3; decision 0051): formulas stored in every text a shop can
 * type (product, category, highlights, specifications, attributes, variants, brand, a contact's name, a price
 * table's product) and every CSV the console offers downloaded — found from the route table, so a new CSV route
 * fails here until it is covered. Pass: no cell of any file begins with =, +, -, @, a tab or a carriage return
 * (a plain number excepted), the formulas are there (as text), and importing the catalogue export changes nothing.
 */
import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import type { CatalogImport } from '@vitrine/contracts/catalog-sheet';
import { neutralised } from '../lib/csv.ts';
import { placeTestOrder } from '../test/board-kit.ts';
import { catalogCall, createdCategory, shirtBody } from '../test/catalog-kit.ts';
import { asStaff, shopWithOwner, type Staff } from '../test/console-kit.ts';
import { describeEachDb } from '../test/test-app.ts';

const FORMULAS = ['=HYPERLINK("http://x.example","Categoria")', '+1+cmd', '-2+3', '@SUM(A1)', '\t=1', '\r=2'];
const LIVE = /^[=+\-@\t\r]/;
const NUMBER = /^-?(\d{1,3}(\.\d{3})+|\d+)(,\d+)?$/;
const cellsOf = (text: string, delimiter = ';') =>
  (parse(text, { delimiter, bom: true, relax_column_count: true }) as string[][]).flat();

it('the writer neutralises formulas, keeps numbers, and quotes an already quoted formula once more', () => {
  expect(FORMULAS.map(neutralised)).toEqual(FORMULAS.map((f) => `'${f}`));
  expect(['1.234,56', '-3', '0,00', 'Arroz', "'texto"].map(neutralised)).toEqual([
    '1.234,56',
    '-3',
    '0,00',
    'Arroz',
    "'texto",
  ]);
  expect(neutralised("'=1")).toBe("''=1");
});

describeEachDb('attacker: formulas in every CSV the console writes', (ctx) => {
  let owner: Staff;
  const shop = 'formulas';
  const get = (url: string) => asStaff(ctx().app, owner, { url });

  it('every CSV route is covered; no cell of any file is a live formula', async () => {
    const { app, db } = ctx();
    const created = await shopWithOwner(app, shop);
    owner = created.owner;
    const [formula, plus, minus, at, tab, cr] = FORMULAS as [string, string, string, string, string, string];
    const category = await createdCategory(app, owner, shop, formula);
    const body = shirtBody('FORMULA-1', category);
    const product = await catalogCall<{ id: string }>(app, owner, shop, 'POST', '/products', {
      ...body,
      name: minus,
      brandName: plus,
      clusterHighlights: [at, formula],
      specifications: [{ name: at, values: [plus] }], // a name holds no colon (the cell is name: value)
      offerDescription: `${tab} texto`, // trimmed by the contract: '=1 texto'
      attributes: body.attributes!.map((a, i) => (i === 0 ? { ...a, name: `=${a.name}` } : a)),
      variants: body.variants!.map((v) => ({
        ...v,
        options: Object.fromEntries(
          Object.entries(v.options).map(([k, o]) => [k === 'Tamanho' ? '=Tamanho' : k, o]),
        ),
      })),
    });
    expect(product.status, product.message).toBe(201);
    // Importing the export changes nothing: the `'` the writer adds is read back (before the orders add
    // products of their own).
    const again = await asStaff(app, owner, {
      method: 'POST',
      url: `/api/console/shops/${shop}/catalog/imports?name=export.csv`,
      headers: { 'content-type': 'text/csv' },
      payload: (await get(`/api/console/shops/${shop}/catalog/sheet/export.csv`)).rawPayload,
    });
    expect(again.json().data, again.body).toMatchObject({
      refusedCount: 0,
      preview: { created: 0, changed: 0, unchanged: 1 },
    });
    await placeTestOrder(db, created.shop.id, {
      name: formula,
      phone: '5511900000001',
      confirmedAt: '2026-11-21T12:00:00Z',
    });
    await placeTestOrder(db, created.shop.id, {
      name: cr,
      phone: '5511900000002',
      confirmedAt: '2026-11-21T13:00:00Z',
    });
    const tables = `/api/console/shops/${shop}/price-tables`;
    const table = (
      await asStaff(app, owner, { method: 'POST', url: tables, payload: { name: 'Atacado' } })
    ).json().data as { id: string };
    const upload = await asStaff(app, owner, {
      method: 'POST',
      url: `/api/console/shops/${shop}/catalog/imports?name=ruim.csv`,
      headers: { 'content-type': 'text/csv' },
      payload: `Código;Nome;SKU;Preço\nRUIM-1;${at};RUIM-1;=1+1\n`,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const refusedImport = upload.json().data as CatalogImport;
    expect(refusedImport.refusedCount).toBe(1);

    // The catalogue feed for Meta (decision 0054) lists the product once it has a photo and a description.
    await db.query(`update products set description = $2 where shop_id = $1`, [created.shop.id, formula]);
    await db.query(
      `insert into product_images (id, shop_id, product_id, url, position)
       select 'img-formula-' || id, shop_id, id, '/media/p/formula.svg?bg=fde68a&fg=1f2933', 0
         from products where shop_id = $1`,
      [created.shop.id],
    );
    const feeds = (await get(`/api/console/shops/${shop}/integrations/feeds`)).json().data as {
      metaUrl: string;
    };
    const dayFromNow = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const csvUrls: Record<string, string> = {
      'GET /feeds/:shop/:token/meta.csv': new URL(feeds.metaUrl).pathname,
      'GET /api/console/shops/:shop/orders.csv': `/api/console/shops/${shop}/orders.csv`,
      'GET /api/console/shops/:shop/reports/funnel.csv': `/api/console/shops/${shop}/reports/funnel.csv?from=${dayFromNow(-2)}&to=${dayFromNow(2)}&table=channels`,
      'GET /api/console/shops/:shop/reports/products.csv': `/api/console/shops/${shop}/reports/products.csv?from=${dayFromNow(-2)}&to=${dayFromNow(2)}&table=value`,
      'GET /api/console/shops/:shop/reports/sales.csv': `/api/console/shops/${shop}/reports/sales.csv?from=${dayFromNow(-2)}&to=${dayFromNow(2)}&chart=store`,
      'GET /api/console/shops/:shop/catalog/sheet/export.csv': `/api/console/shops/${shop}/catalog/sheet/export.csv`,
      'GET /api/console/shops/:shop/catalog/sheet/sample.csv': `/api/console/shops/${shop}/catalog/sheet/sample.csv`,
      'GET /api/console/shops/:shop/price-tables/:tableId/prices.csv': `${tables}/${table.id}/prices.csv`,
      'GET /api/console/shops/:shop/catalog/imports/:importId/refused.csv': `/api/console/shops/${shop}/catalog/imports/${refusedImport.id}/refused.csv`,
    };
    const declared = app.routeTable
      .filter(
        (r) =>
          r.method === 'GET' &&
          (r.url.endsWith('.csv') ||
            ((r.options.schema as { produces?: string[] } | undefined)?.produces ?? []).includes('text/csv')),
      )
      .map((r) => `${r.method} ${r.url}`);
    expect(declared.sort()).toEqual(Object.keys(csvUrls).sort());

    const files: Record<string, string[]> = {};
    for (const [route, url] of Object.entries(csvUrls)) {
      const res = await get(url);
      expect(res.statusCode, `${route}: ${res.body}`).toBe(200);
      const cells = cellsOf(res.rawPayload.toString('utf8'), route.startsWith('GET /feeds/') ? ',' : ';');
      files[route] = cells;
      const live = cells.filter((cell) => LIVE.test(cell) && !NUMBER.test(cell));
      expect(live, route).toEqual([]);
    }
    // The formulas reached the files, as text.
    const exported = files['GET /api/console/shops/:shop/catalog/sheet/export.csv']!;
    for (const f of [formula, plus, minus, at])
      expect(
        exported.some((c) => c.startsWith(`'${f}`)),
        f,
      ).toBe(true);
    expect(exported.some((c) => c.startsWith("'=Tamanho: P"))).toBe(true);
    const orders = files['GET /api/console/shops/:shop/orders.csv']!;
    expect(orders).toEqual(expect.arrayContaining([`'${formula}`, `'${cr}`]));
    expect(files['GET /api/console/shops/:shop/price-tables/:tableId/prices.csv']).toContain(`'${minus}`);
    const feed = files['GET /feeds/:shop/:token/meta.csv']!;
    expect(feed).toEqual(expect.arrayContaining([`'${formula}`, `'${plus}`]));
    expect(feed.some((cell) => cell.startsWith(`'${minus} — `))).toBe(true);
  });
});
