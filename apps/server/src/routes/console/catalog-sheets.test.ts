import sharp from 'sharp';
import { expect, it } from 'vitest';
import type { CatalogImport } from '@vitrine/contracts/catalog-sheet';
import { productInput, type ProductInput } from '@vitrine/contracts/console-catalog';
import { runCatalogImportSlice } from '../../flows/catalog/run-import.ts';
import { productRows, sheetHeader, sheetLines } from '../../modules/catalog-import/sheet-write.ts';
import { catalogCall, createdCategory, pendingSearchPages, shirtBody } from '../../test/catalog-kit.ts';
import { asStaff, inviteAndAccept, shopWithOwner, type Staff } from '../../test/console-kit.ts';
import { describeEachDb } from '../../test/test-app.ts';

/** A sheet of `count` simple products coded P0001… in `path`. */
function bulkSheet(count: number, path = ['Mercearia', 'Grãos']) {
  const rows = Array.from({ length: count }, (_, i) => {
    const code = `P${String(i + 1).padStart(4, '0')}`;
    const p = productInput.parse({
      ...shirtBody(code, null, 1000 + i),
      attributes: [],
      variants: [],
      description: null,
    });
    return productRows(p, path);
  });
  return sheetHeader() + sheetLines(rows.flat());
}

describeEachDb('console catalogue spreadsheets', (ctx) => {
  let owner: Staff;
  let other: Staff;
  const base = (shop: string) => `/api/console/shops/${shop}/catalog`;
  const get = (path: string, staff = owner, shop = 'mercado') =>
    asStaff(ctx().app, staff, { method: 'GET', url: `${base(shop)}${path}` });
  const upload = async (csv: string | Buffer, name = 'planilha.csv', staff = owner, shop = 'mercado') => {
    const res = await asStaff(ctx().app, staff, {
      method: 'POST',
      url: `${base(shop)}/imports?name=${encodeURIComponent(name)}`,
      headers: { 'content-type': 'text/csv' },
      payload: csv,
    });
    return {
      status: res.statusCode,
      data: res.json().data as CatalogImport,
      message: res.json().errors?.[0]?.message,
    };
  };
  const confirm = async (id: string, staff = owner, shop = 'mercado') => {
    const res = await asStaff(ctx().app, staff, { method: 'POST', url: `${base(shop)}/imports/${id}/start` });
    return {
      status: res.statusCode,
      data: res.json().data as CatalogImport,
      message: res.json().errors?.[0]?.message,
    };
  };
  const deps = (owner = 'instancia-a', leaseMs?: number) => ({
    db: ctx().db,
    forgetShop: (shopId: string) => ctx().app.forgetShop(shopId),
    owner,
    ...(leaseMs ? { leaseMs } : {}),
  });
  const job = async (id: string) => (await get(`/imports/${id}`)).json().data as CatalogImport;
  const productCount = async () =>
    (
      await ctx().db.query<{ n: number }>(
        `select count(*)::int as n from products p join shops s on s.id = p.shop_id where s.slug = 'mercado'`,
      )
    )[0]!.n;

  it('previews the sample file without writing, imports it in the background, and again changes nothing', async () => {
    ({ owner } = await shopWithOwner(ctx().app, 'mercado'));
    ({ owner: other } = await shopWithOwner(ctx().app, 'outra'));
    const sample = await get('/sheet/sample.csv');
    expect(sample.statusCode).toBe(200);
    expect(sample.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(sample.headers['content-disposition']).toContain('modelo-catalogo.csv');
    expect(sample.body.startsWith('\uFEFFCódigo;Nome;SKU;Categoria')).toBe(true);

    const preview = await upload(sample.rawPayload, 'modelo.csv');
    expect(preview.status).toBe(201);
    expect(preview.data).toMatchObject({
      status: 'preview',
      fileName: 'modelo.csv',
      total: 4,
      done: 0,
      preview: {
        created: 4,
        changed: 0,
        unchanged: 0,
        stock: {
          count: 2,
          changes: [
            { row: 2, sku: '7891234500011', name: 'Arroz Agulhinha Tipo 1 5 kg', from: null, to: 24 },
            { row: 4, sku: 'QMF-001', name: 'Queijo Minas Frescal', from: null, to: 5000 },
          ],
        },
      },
      refusedCount: 0,
    });
    expect(preview.data.preview.products.map((p) => [p.row, p.code, p.kind])).toEqual([
      [2, 'ARROZ-5KG', 'created'],
      [3, 'FEIJAO-1KG', 'created'],
      [4, 'QUEIJO-MINAS', 'created'],
      [5, 'CAMISETA-BASICA', 'created'],
    ]);
    expect(await productCount()).toBe(0);

    const started = await confirm(preview.data.id);
    expect(started).toMatchObject({ status: 200, data: { status: 'queued' } });
    expect((await get('/imports/latest')).json().data).toMatchObject({
      id: preview.data.id,
      status: 'queued',
    });
    expect(await runCatalogImportSlice(deps())).not.toBeNull();
    expect(await job(preview.data.id)).toMatchObject({
      status: 'done',
      done: 4,
      result: { created: 4, changed: 0, unchanged: 0 },
    });
    expect(await productCount()).toBe(4);
    const shirt = await catalogCall<ProductInput>(
      ctx().app,
      owner,
      'mercado',
      'GET',
      '/products/CAMISETA-BASICA',
    );
    expect(shirt.data.variants).toHaveLength(6);
    const rice = await asStaff(ctx().app, owner, {
      url: '/api/console/shops/mercado/products/ARROZ-5KG/photos',
    });
    // the sample names no photo address, so importing it as it is shows no broken image
    expect(rice.json().data.photos).toEqual([]);
    const categories = (
      await catalogCall<{ categories: { name: string; parentCode: string | null }[] }>(
        ctx().app,
        owner,
        'mercado',
        'GET',
        '/categories',
      )
    ).data.categories.map((c) => c.name);
    expect(categories).toEqual(
      expect.arrayContaining(['Mercearia', 'Grãos', 'Frios e Laticínios', 'Moda', 'Camisetas']),
    );

    const again = await upload(sample.rawPayload);
    expect(again.data.preview).toEqual({
      created: 0,
      changed: 0,
      unchanged: 4,
      stock: { count: 0, changes: [] },
      products: [],
    });
    await confirm(again.data.id);
    await runCatalogImportSlice(deps());
    expect((await job(again.data.id)).result).toEqual({ created: 0, changed: 0, unchanged: 4 });
  });

  it('counts and writes only the products whose rows changed', async () => {
    const sample = (await get('/sheet/sample.csv')).body.replace(
      'FEIJAO-1KG;Feijão Carioca 1 kg;7891234500028;Mercearia > Grãos;Tio Grão;;8,99',
      'FEIJAO-1KG;Feijão Carioca 1 kg;7891234500028;Mercearia > Grãos;Tio Grão;;9,49',
    );
    expect(sample).toContain(';9,49;');
    const preview = await upload(sample);
    expect(preview.data.preview).toEqual({
      created: 0,
      changed: 1,
      unchanged: 3,
      stock: { count: 0, changes: [] },
      products: [
        {
          row: 3,
          code: 'FEIJAO-1KG',
          name: 'Feijão Carioca 1 kg',
          kind: 'changed',
          fields: [{ field: 'Preço', from: '8,99', to: '9,49' }],
        },
      ],
    });
    await confirm(preview.data.id);
    await runCatalogImportSlice(deps());
    expect((await job(preview.data.id)).result).toEqual({ created: 0, changed: 1, unchanged: 3 });
    const beans = await catalogCall<ProductInput>(ctx().app, owner, 'mercado', 'GET', '/products/FEIJAO-1KG');
    expect(beans.data.priceCents).toBe(949);
  });

  it('refuses bad rows with their row, column and reason, and the report CSV names them', async () => {
    const csv = [
      'Código;Nome;SKU;Preço;Categoria;Ativo',
      'BOM-1;Feijão Preto;FP1;8,90;Mercearia > Grãos;sim',
      'RUIM-1;Sem preço certo;RP1;12.34;;sim',
      'RUIM-2;;RP2;5,00;;sim',
      'RUIM-3;Ativo estranho;RP3;5,00;;talvez',
    ].join('\n');
    const preview = await upload(csv, 'com-erros.csv');
    expect(preview.data).toMatchObject({ total: 1, preview: { created: 1 }, refusedCount: 3 });
    expect(preview.data.refused).toEqual([
      { row: 3, column: 'Preço', message: "'12.34' não é um preço: use o formato 1.234,56." },
      { row: 4, column: 'Nome', message: 'Informe o nome do produto.' },
      { row: 5, column: 'Ativo', message: "'talvez' não é 'sim' nem 'não'." },
    ]);
    await confirm(preview.data.id);
    await runCatalogImportSlice(deps());
    expect(await job(preview.data.id)).toMatchObject({
      status: 'done',
      result: { created: 1 },
      refusedCount: 3,
    });
    const report = await get(`/imports/${preview.data.id}/refused.csv`);
    expect(report.statusCode).toBe(200);
    expect(report.body).toBe(
      "\uFEFFLinha;Coluna;Motivo\n3;Preço;'12.34' não é um preço: use o formato 1.234,56.\n4;Nome;Informe o nome do produto.\n5;Ativo;'talvez' não é 'sim' nem 'não'.\n",
    );
  });

  it('refuses what it cannot read, a second confirmation and another shop, in pt-BR', async () => {
    const xlsx = await upload(Buffer.from('PK\u0003\u0004xlsx', 'latin1'), 'planilha.xlsx');
    expect(xlsx).toMatchObject({ status: 422, message: expect.stringContaining('Envie a planilha em CSV') });
    expect(await upload('Código;Nome\nA;B')).toMatchObject({
      status: 422,
      message: 'Colunas obrigatórias ausentes: SKU, Preço.',
    });
    const empty = await upload('Código;Nome;SKU;Preço\nX;;X;1,00');
    expect(await confirm(empty.data.id)).toMatchObject({
      status: 422,
      message: expect.stringContaining('Nenhum produto'),
    });

    const preview = await upload('Código;Nome;SKU;Preço\nX1;Xarope;X1;10,00');
    expect((await get(`/imports/${preview.data.id}`, other, 'outra')).statusCode).toBe(404);
    expect((await confirm(preview.data.id, other, 'outra')).status).toBe(404);
    expect((await get(`/imports/${preview.data.id}/refused.csv`, other, 'outra')).statusCode).toBe(404);
    const agent = await inviteAndAccept(
      ctx().app,
      ctx().db,
      'mercado',
      owner,
      'agente@mercado.example',
      'agent',
    );
    expect((await upload('Código;Nome;SKU;Preço\nX1;X;X1;1,00', 'a.csv', agent)).status).toBe(403);

    expect((await confirm(preview.data.id)).status).toBe(200);
    expect(await confirm(preview.data.id)).toMatchObject({
      status: 409,
      message: 'Esta importação já foi confirmada ou cancelada.',
    });
    const second = await upload('Código;Nome;SKU;Preço\nX2;Xampu;X2;10,00');
    expect(await confirm(second.data.id)).toMatchObject({
      status: 409,
      message: 'Já há uma importação em andamento nesta loja. Aguarde ela terminar.',
    });
    await runCatalogImportSlice(deps());
    expect((await confirm(second.data.id)).status).toBe(200);
    await runCatalogImportSlice(deps());
  });

  it('exports the whole catalogue in the same format: importing the export changes nothing', async () => {
    const moda = await createdCategory(ctx().app, owner, 'mercado', 'Moda Praia');
    const created = await catalogCall(ctx().app, owner, 'mercado', 'POST', '/products', {
      ...shirtBody('SUNGA-1', moda),
      specifications: [{ name: 'Tecido', values: ['Poliamida'] }],
      subscriptionOffers: [{ recurrenceType: 20, frequency: 2 }],
      listPriceCents: 9990,
    });
    expect(created.status).toBe(201);
    const exported = await get('/sheet/export.csv');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/catalogo-mercado-\d{4}-\d{2}-\d{2}\.csv/);
    expect(exported.body).toContain('SUNGA-1;Camiseta Algodão Orgânico;SKU-SUNGA-1;Moda Praia;');
    const preview = await upload(exported.rawPayload);
    expect(preview.data).toMatchObject({
      refusedCount: 0,
      preview: { created: 0, changed: 0, unchanged: preview.data.total },
    });
    expect(preview.data.total).toBe(await productCount());
    await confirm(preview.data.id);
    await runCatalogImportSlice(deps());
    expect((await job(preview.data.id)).result).toEqual({
      created: 0,
      changed: 0,
      unchanged: preview.data.total,
    });
    expect((await get('/sheet/export.csv')).body).toBe(exported.body);
  });

  it('exports descriptions as text the shop edits, lists what changes, and reads paragraphs and lists back (issue 38)', async () => {
    const created = await catalogCall(ctx().app, owner, 'mercado', 'POST', '/products', {
      ...shirtBody('CAFE-1', null, 12990),
      description: '<p>Café <b>forte</b></p><ul><li>Torra média</li><li>500 g</li></ul>',
    });
    expect(created.status).toBe(201);
    const exported = (await get('/sheet/export.csv')).body;
    expect(exported).toContain(';"Café **forte**\n\n- Torra média\n- 500 g";');
    const edited = exported
      .replace('- 500 g";', '- 500 g\n\nMoído na hora, _fresco_.";')
      .replace(/^(CAFE-1;[^;]*;SKU-CAFE-1;[^;]*;[^;]*;[^;]*;)[^;]*;/m, '$1abc;');
    const refused = await upload(edited);
    expect(refused.data.refused).toEqual([
      { row: expect.any(Number), column: 'Preço', message: "'abc' não é um preço: use o formato 1.234,56." },
    ]);
    const preview = await upload(
      edited.replace(/^(CAFE-1;[^;]*;SKU-CAFE-1;[^;]*;[^;]*;[^;]*;)abc;/m, '$1199,90;'),
    );
    expect(preview.data.preview).toMatchObject({ created: 0, changed: 1 });
    expect(preview.data.preview.products).toEqual([
      expect.objectContaining({
        code: 'CAFE-1',
        kind: 'changed',
        fields: [
          { field: 'Preço', from: '129,90', to: '199,90' },
          {
            field: 'Descrição',
            from: 'Café **forte** - Torra média - 500 g',
            to: 'Café **forte** - Torra média - 500 g Moído na hora, _fresco_.',
          },
        ],
      }),
    ]);
    await confirm(preview.data.id);
    await runCatalogImportSlice(deps());
    const cafe = await catalogCall<ProductInput>(ctx().app, owner, 'mercado', 'GET', '/products/CAFE-1');
    expect(cafe.data.description).toBe(
      '<p>Café <strong>forte</strong></p><ul><li>Torra média</li><li>500 g</li></ul><p>Moído na hora, <em>fresco</em>.</p>',
    );
  });

  it("imports photos by URL from 'Imagens' beside uploaded ones, and the export round-trips both", async () => {
    const created = await catalogCall(
      ctx().app,
      owner,
      'mercado',
      'POST',
      '/products',
      shirtBody('FOTO-1', null),
    );
    expect(created.status).toBe(201);
    const photosUrl = '/api/console/shops/mercado/products/FOTO-1/photos';
    const bytes = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#1565c0' } })
      .jpeg()
      .toBuffer();
    const uploaded = await asStaff(ctx().app, owner, {
      method: 'POST',
      url: photosUrl,
      payload: bytes,
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const own = uploaded.json().data.url as string;
    const photos = async () =>
      ((await asStaff(ctx().app, owner, { url: photosUrl })).json().data.photos as { url: string }[]).map(
        (p) => p.url,
      );
    const importing = async (csv: string) => {
      const preview = await upload(csv);
      await confirm(preview.data.id);
      await runCatalogImportSlice(deps());
      return { preview: preview.data, done: await job(preview.data.id) };
    };

    const exported = (await get('/sheet/export.csv')).body;
    expect(exported).toContain(`;${own};`);
    const a = 'https://cdn.loja.com.br/foto-a.jpg';
    const b = 'https://cdn.loja.com.br/foto-b.webp';
    const withUrls = exported.replaceAll(`;${own};`, `;${a} | ${own} | ${b};`);
    const first = await importing(withUrls);
    expect(first.preview).toMatchObject({ refusedCount: 0, preview: { changed: 1 } });
    expect(first.done.result).toMatchObject({ created: 0, changed: 1 });
    expect(await photos()).toEqual([a, own, b]);
    expect((await get('/sheet/export.csv')).body).toBe(withUrls);

    // The same sheet again writes nothing.
    const again = await importing(withUrls);
    expect(again.preview.preview.changed).toBe(0);
    expect(again.done.result).toMatchObject({ created: 0, changed: 0 });

    // A list without the uploaded photo keeps it after the URLs; a URL left out is removed.
    const onlyB = await importing(withUrls.replaceAll(`;${a} | ${own} | ${b};`, `;${b};`));
    expect(onlyB.done.result.changed).toBe(1);
    expect(await photos()).toEqual([b, own]);

    // Someone else's uploaded photo and a file name are refused in pt-BR, and nothing changes.
    const stranger = `/media/photos/${'f'.repeat(32)}-800.jpg`;
    const foreign = await importing(withUrls.replaceAll(`;${a} | ${own} | ${b};`, `;${stranger};`));
    expect(foreign.done.refused).toEqual([
      {
        row: expect.any(Number),
        column: 'Imagens',
        message: `A foto ${stranger} não é deste produto: envie-a no editor do produto ou informe o endereço https da imagem.`,
      },
    ]);
    const named = await upload(withUrls.replaceAll(`;${a} | ${own} | ${b};`, ';foto-frente.jpg;'));
    expect(named.data.refused).toEqual([
      {
        row: expect.any(Number),
        column: 'Imagens',
        message:
          "'foto-frente.jpg' é um nome de arquivo: envie essa foto no editor do produto ou informe o endereço https da imagem.",
      },
    ]);
    expect(await photos()).toEqual([b, own]);
  });

  it('runs a job on one instance only, and resumes after a crash from its cursor', async () => {
    const first = await upload(bulkSheet(250), 'lote.csv');
    await confirm(first.data.id);
    // Two instances ask at once: one takes the job, the other finds nothing to do.
    const claims = await Promise.all(
      ['instancia-a', 'instancia-b'].map(async (name) => ({
        name,
        job: await runCatalogImportSlice(deps(name), { batchSize: 100, maxBatches: 1 }),
      })),
    );
    const holders = claims.filter((c) => c.job !== null);
    expect(holders).toHaveLength(1);
    const survivor = claims.find((c) => c.job === null)!.name;
    // the holder "crashed" after one batch of 100: its lease still stands, so no one else may take the job
    expect(await job(first.data.id)).toMatchObject({
      status: 'running',
      done: 100,
      result: { created: 100 },
    });
    expect(await runCatalogImportSlice(deps(survivor))).toBeNull();
    await ctx().db.query(
      `update catalog_import_jobs set lease_until = now() - interval '1 second' where id = $1`,
      [first.data.id],
    );
    const resumed = await runCatalogImportSlice(deps(survivor), { batchSize: 100 });
    expect(resumed?.next_index).toBe(100);
    expect(await job(first.data.id)).toMatchObject({
      status: 'done',
      done: 250,
      result: { created: 250, changed: 0, unchanged: 0 },
    });
    const [{ attempts }] = (await ctx().db.query<{ attempts: number }>(
      'select attempts from catalog_import_jobs where id = $1',
      [first.data.id],
    )) as [{ attempts: number }];
    expect(attempts).toBe(2);
    // Issue 41: every search reads the search indexes' pending lists; the job empties them when it ends.
    expect(await pendingSearchPages(ctx().db)).toBe(0);
  });

  it('a claim takes one job even when several are due', async () => {
    for (const [shop, staff] of [
      ['mercado', owner],
      ['outra', other],
    ] as const) {
      const preview = await upload('Código;Nome;SKU;Preço\nY1;Iogurte;Y1;3,00', 'y.csv', staff, shop);
      expect((await confirm(preview.data.id, staff, shop)).status).toBe(200);
    }
    const running = async () =>
      (
        await ctx().db.query<{ n: number }>(
          `select count(*)::int as n from catalog_import_jobs where status = 'running'`,
        )
      )[0]!.n;
    expect(await runCatalogImportSlice(deps('instancia-a'), { maxBatches: 0 })).not.toBeNull();
    expect(await running()).toBe(1);
    await ctx().db.query(`update catalog_import_jobs set lease_until = now() - interval '1 second'`);
    while (await runCatalogImportSlice(deps('instancia-b'))) {
      // runs both to the end
    }
    expect(await running()).toBe(0);
  });
});
