/**
 * The spreadsheet's 'Estoque' column (issue 31, decision 0044): the preview lists the stock it would change and
 * refuses a bad count by row and value; the import job writes counts as 'import' ledger rows in the transaction of
 * its batch (a count below what confirmed orders hold refuses that product whole); a blank cell leaves the stock
 * alone; the export writes tracked units' on hand, and importing it changes nothing.
 */
import { expect, it } from 'vitest';
import type { CatalogImport } from '@vitrine/contracts/catalog-sheet';
import { blankProduct, productInput } from '@vitrine/contracts/console-catalog';
import { runCatalogImportSlice } from '../../flows/catalog/run-import.ts';
import { productRows, sheetHeader, sheetLines } from '../../modules/catalog-import/sheet-write.ts';
import { caller, mintSession } from '../../modules/order/order-test-kit.ts';
import { unitStock } from '../../modules/stock/service.ts';
import { shirtBody } from '../../test/catalog-kit.ts';
import { asStaff, shopWithOwner, type Staff } from '../../test/console-kit.ts';
import { describeEachDb } from '../../test/test-app.ts';

const simple = (code: string, priceCents = 1000) =>
  productInput.parse(blankProduct({ code, sku: `SKU-${code}`, name: `Produto ${code}`, priceCents }));
const shirt = productInput.parse({ ...shirtBody('CAMISA', null), description: null });

describeEachDb('catalogue spreadsheet: the Estoque column', (ctx) => {
  let owner: Staff;
  let shop: { id: string; slug: string };
  const base = () => `/api/console/shops/${shop.slug}/catalog`;
  const upload = async (csv: string) => {
    const res = await asStaff(ctx().app, owner, {
      method: 'POST',
      url: `${base()}/imports?name=estoque.csv`,
      headers: { 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as CatalogImport;
  };
  /** Previews, confirms and runs a sheet; answers the preview and the finished job. */
  const importing = async (csv: string) => {
    const preview = await upload(csv);
    const start = await asStaff(ctx().app, owner, {
      method: 'POST',
      url: `${base()}/imports/${preview.id}/start`,
    });
    expect(start.statusCode, start.body).toBe(200);
    await runCatalogImportSlice({ db: ctx().db, forgetShop: () => undefined, owner: 'teste' });
    const done = await asStaff(ctx().app, owner, { url: `${base()}/imports/${preview.id}` });
    return { preview, done: done.json().data as CatalogImport };
  };
  const productId = async (code: string) =>
    (
      await ctx().db.query<{ id: string }>(
        'select id from products where shop_id = $1 and provider_id = $2',
        [shop.id, code],
      )
    )[0]?.id;
  const stockOf = async (code: string) =>
    (await unitStock(ctx().db, shop.id, [(await productId(code))!])).map((u) => ({
      sku: u.sku,
      track: u.track,
      onHand: u.on_hand,
      held: u.held,
    }));
  const ledger = async () =>
    ctx().db.query<{ sku: string; reason: string; actor: string; on_hand_delta: number }>(
      `select coalesce(v.sku, p.sku) as sku, m.reason, m.actor, m.on_hand_delta
         from stock_movements m join products p on p.id = m.product_id
         left join product_variants v on v.id = m.variant_id
        where m.shop_id = $1 and m.reason = 'import' order by m.id`,
      [shop.id],
    );
  const sheet = (...products: [ReturnType<typeof simple>, (sku: string | null) => number | null][]) =>
    sheetHeader() + sheetLines(products.flatMap(([p, stock]) => productRows(p, [], [], stock)));

  it('writes the counts as import movements, tracking on, and lists them in the preview', async () => {
    ({ shop, owner } = await shopWithOwner(ctx().app, `planilha-estoque-${ctx().kind}`));
    const { preview, done } = await importing(
      sheet([simple('AZEITE'), () => 12], [shirt, (sku) => (sku === 'SKU-CAMISA-0' ? 3 : null)]),
    );
    expect(preview.refusedCount).toBe(0);
    expect(preview.preview.stock).toEqual({
      count: 2,
      changes: [
        { row: 2, sku: 'SKU-AZEITE', name: 'Produto AZEITE', from: null, to: 12 },
        {
          row: 3,
          sku: 'SKU-CAMISA-0',
          name: 'Camiseta Algodão Orgânico (P, Azul Marinho)',
          from: null,
          to: 3,
        },
      ],
    });
    // nothing moves before the job runs
    expect(done).toMatchObject({ status: 'done', result: { created: 2 } });
    expect(await stockOf('AZEITE')).toEqual([{ sku: 'SKU-AZEITE', track: true, onHand: 12, held: 0 }]);
    const shirtStock = await stockOf('CAMISA');
    expect(shirtStock.find((u) => u.sku === 'SKU-CAMISA-0')).toEqual({
      sku: 'SKU-CAMISA-0',
      track: true,
      onHand: 3,
      held: 0,
    });
    expect(shirtStock.filter((u) => u.onHand === 0)).toHaveLength(shirtStock.length - 1);
    expect(await ledger()).toEqual([
      { sku: 'SKU-AZEITE', reason: 'import', actor: 'system', on_hand_delta: 12 },
      { sku: 'SKU-CAMISA-0', reason: 'import', actor: 'system', on_hand_delta: 3 },
    ]);
  });

  it('a blank cell leaves the stock alone; a new count moves only its difference', async () => {
    const { preview } = await importing(
      sheet([simple('AZEITE'), () => null], [shirt, (sku) => (sku === 'SKU-CAMISA-0' ? 5 : null)]),
    );
    expect(preview.preview.stock.changes).toEqual([
      { row: 3, sku: 'SKU-CAMISA-0', name: 'Camiseta Algodão Orgânico (P, Azul Marinho)', from: 3, to: 5 },
    ]);
    // the product list of the preview says it too: on hand before → after (issue 38)
    expect(preview.preview.products).toEqual([
      {
        row: 3,
        code: 'CAMISA',
        name: 'Camiseta Algodão Orgânico',
        kind: 'changed',
        fields: [{ field: 'Estoque (SKU-CAMISA-0)', from: '3', to: '5' }],
      },
    ]);
    expect(await stockOf('AZEITE')).toEqual([{ sku: 'SKU-AZEITE', track: true, onHand: 12, held: 0 }]);
    expect((await ledger()).map((m) => [m.sku, m.on_hand_delta])).toEqual([
      ['SKU-AZEITE', 12],
      ['SKU-CAMISA-0', 3],
      ['SKU-CAMISA-0', 2],
    ]);
  });

  it('refuses a negative, fractional or garbage count at the preview by row and value; nothing is written', async () => {
    const preview = await upload(
      sheet(
        [simple('NEG'), () => null],
        [simple('FRAC'), () => null],
        [simple('LIXO'), () => null],
        [simple('BOM'), () => 7],
      )
        .replace(/^(NEG;.*);$/m, '$1;-3')
        .replace(/^(FRAC;.*);$/m, '$1;"1,5"')
        .replace(/^(LIXO;.*);$/m, '$1;doze'),
    );
    const why = (value: string) =>
      `Estoque inválido: '${value}'. Use um número inteiro de 0 em diante (em gramas nos produtos vendidos por kg).`;
    expect(preview.refused).toEqual([
      { row: 2, column: 'Estoque', message: why('-3') },
      { row: 3, column: 'Estoque', message: why('1,5') },
      { row: 4, column: 'Estoque', message: why('doze') },
    ]);
    expect(preview).toMatchObject({ total: 1, preview: { created: 1, stock: { count: 1 } } });
    expect(await productId('NEG')).toBeUndefined();
  });

  it('a count below what confirmed orders hold refuses that product whole; the rest of the batch is written', async () => {
    const order = caller(ctx().app, await mintSession(ctx().app, { shop: shop.slug }));
    await order.item({ providerId: 'AZEITE', quantity: 4 });
    const confirmed = await order.confirm();
    expect(confirmed.status, JSON.stringify(confirmed.body.errors)).toBe(200);
    expect(await stockOf('AZEITE')).toEqual([{ sku: 'SKU-AZEITE', track: true, onHand: 12, held: 4 }]);

    const { done } = await importing(sheet([simple('AZEITE', 2500), () => 2], [simple('OLEO'), () => 9]));
    expect(done.refused).toEqual([
      {
        row: 2,
        column: 'Estoque',
        message:
          'O estoque não pode ficar abaixo das unidades já reservadas por pedidos confirmados: cancele ou finalize os pedidos, ou permita vender sem estoque.',
      },
    ]);
    expect(done.result).toMatchObject({ created: 1 });
    // the refused product's other cells were not written either: one transaction with its stock
    const [price] = await ctx().db.query<{ price_cents: number }>(
      'select price_cents from products where id = $1',
      [await productId('AZEITE')],
    );
    expect(price!.price_cents).toBe(1000);
    expect(await stockOf('AZEITE')).toEqual([{ sku: 'SKU-AZEITE', track: true, onHand: 12, held: 4 }]);
    expect(await stockOf('OLEO')).toEqual([{ sku: 'SKU-OLEO', track: true, onHand: 9, held: 0 }]);
  });

  it('exports tracked on hand in Estoque (blank when untracked); importing the export moves nothing', async () => {
    await importing(sheet([simple('SEM-CONTROLE'), () => null]));
    const exported = await asStaff(ctx().app, owner, { url: `${base()}/sheet/export.csv` });
    expect(exported.statusCode).toBe(200);
    const lines = exported.body.split('\n');
    const cell = (code: string, sku = '') =>
      lines
        .find((l) => l.startsWith(`${code};`) && l.includes(sku))!
        .split(';')
        .at(-1);
    expect(lines[0]!.split(';').at(-1)).toBe('Estoque');
    expect(cell('AZEITE')).toBe('12');
    expect(cell('OLEO')).toBe('9');
    expect(cell('CAMISA', 'SKU-CAMISA-0')).toBe('5');
    expect(cell('CAMISA', 'SKU-CAMISA-1')).toBe('0');
    expect(cell('SEM-CONTROLE')).toBe('');
    const before = (await ledger()).length;
    const { preview } = await importing(exported.body);
    expect(preview.preview.stock).toEqual({ count: 0, changes: [] });
    expect(await ledger()).toHaveLength(before);
    expect(await stockOf('SEM-CONTROLE')).toEqual([
      { sku: 'SKU-SEM-CONTROLE', track: false, onHand: 0, held: 0 },
    ]);
  });
});
