import { expect, it } from 'vitest';
import type { Category, PagedProducts } from '@vitrine/contracts/catalog';
import type { ConsoleCollection, ConsoleCollectionDetail } from '@vitrine/contracts/console-collections';
import { client, names } from '../../test/catalog-support.ts';
import { catalogCall, shirtBody } from '../../test/catalog-kit.ts';
import { inviteAndAccept, shopWithOwner, type Staff } from '../../test/console-kit.ts';
import { describeEachDb } from '../../test/test-app.ts';

describeEachDb('console collections (Catálogo › Coleções)', (ctx) => {
  let owner: Staff;
  const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
    catalogCall<T>(ctx().app, owner, 'flores', method, path, payload);
  const list = async () =>
    (await call<{ collections: ConsoleCollection[] }>('GET', '/collections')).data.collections.map(
      (c) => `${c.code}:${c.name}:${c.productCount}${c.isShown ? ' (na loja)' : ''}`,
    );
  const audit = async () =>
    (
      await ctx().db.query<{ action: string; target: string }>(
        `select a.action, a.target from audit_log a join shops s on s.id = a.shop_id
          where s.slug = 'flores' and a.action like 'collection.%' order by a.created_at, a.id`,
      )
    ).map((a) => `${a.action} ${a.target}`);

  it('creates, renames, reorders, fills in order and deletes collections, each write in the audit log', async () => {
    ({ owner } = await shopWithOwner(ctx().app, 'flores'));
    for (const [code, price] of [
      ['ROSA', 1000],
      ['LIRIO', 2000],
      ['TULIPA', 3000],
    ] as const) {
      const made = await call('POST', '/products', {
        ...shirtBody(code, null, price),
        name: `Buquê ${code}`,
      });
      expect(made.status, made.message).toBe(201);
    }
    expect((await call<{ code: string }>('POST', '/collections', { name: 'Dia das Mães' })).data.code).toBe(
      'dia-das-maes',
    );
    expect((await call('POST', '/collections', { name: 'Namorados' })).status).toBe(201);
    const again = await call<{ code: string }>('POST', '/collections', { name: 'Dia das mães' });
    expect(again.data.code).toMatch(/^dia-das-maes-[0-9a-z]{6}$/);
    expect(await list()).toEqual([
      'dia-das-maes:Dia das Mães:0',
      'namorados:Namorados:0',
      `${again.data.code}:Dia das mães:0`,
    ]);

    expect((await call('PUT', '/collections/namorados', { name: 'Dia dos Namorados' })).status).toBe(200);
    expect((await call('PUT', '/collections/namorados/place', { position: 0 })).status).toBe(200);
    expect((await call('DELETE', `/collections/${again.data.code}`)).status).toBe(200);
    const put = await call('PUT', '/collections/namorados/products', { codes: ['TULIPA', 'ROSA'] });
    expect(put.status, put.message).toBe(200);
    expect(await list()).toEqual(['namorados:Dia dos Namorados:2', 'dia-das-maes:Dia das Mães:0']);
    const detail = await call<ConsoleCollectionDetail>('GET', '/collections/namorados');
    expect(detail.data.products.map((p) => [p.code, p.priceCents, p.isActive])).toEqual([
      ['TULIPA', 3000, true],
      ['ROSA', 1000, true],
    ]);
    // the same list again changes nothing and leaves no audit entry
    expect((await call('PUT', '/collections/namorados/products', { codes: ['TULIPA', 'ROSA'] })).status).toBe(
      200,
    );
    expect(await audit()).toEqual([
      'collection.created dia-das-maes',
      'collection.created namorados',
      `collection.created ${again.data.code}`,
      'collection.renamed namorados',
      'collection.moved namorados',
      `collection.deleted ${again.data.code}`,
      'collection.products namorados',
    ]);
  });

  it('refuses bad input in pt-BR and changes nothing', async () => {
    const before = await list();
    const unknown = await call('PUT', '/collections/namorados/products', { codes: ['ROSA', 'NAO-EXISTE'] });
    expect(unknown).toMatchObject({
      status: 422,
      message: '1 produto(s) da lista não existem mais nesta loja. Recarregue a coleção e tente de novo.',
    });
    const twice = await call('PUT', '/collections/namorados/products', { codes: ['ROSA', 'ROSA'] });
    expect(twice.status).toBe(400);
    expect(twice.message).toContain('Um produto aparece duas vezes na coleção.');
    const blank = await call('POST', '/collections', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.message).toContain('Informe o nome da coleção.');
    const missing = await call('PUT', '/collections/nao-existe', { name: 'Outra' });
    expect(missing).toMatchObject({ status: 404, message: 'Coleção não encontrada nesta loja.' });
    expect((await call('DELETE', '/collections/nao-existe')).status).toBe(404);
    expect(await list()).toEqual(before);
  });

  it('is for owners and managers of the shop only', async () => {
    const { app, db } = ctx();
    const manager = await inviteAndAccept(app, db, 'flores', owner, 'gerente@flores.example', 'manager');
    const agent = await inviteAndAccept(app, db, 'flores', owner, 'atendente@flores.example', 'agent');
    const { owner: stranger } = await shopWithOwner(app, 'outra-floricultura');
    expect((await catalogCall(app, manager, 'flores', 'GET', '/collections')).status).toBe(200);
    expect((await catalogCall(app, agent, 'flores', 'GET', '/collections')).status).toBe(403);
    expect(
      (await catalogCall(app, agent, 'flores', 'PUT', '/collections/namorados', { name: 'X' })).status,
    ).toBe(403);
    expect((await catalogCall(app, stranger, 'flores', 'DELETE', '/collections/namorados')).status).toBe(404);
    // another shop's owner cannot reach this shop's collection through their own shop either
    expect(
      (await catalogCall(app, stranger, 'outra-floricultura', 'GET', '/collections/namorados')).status,
    ).toBe(404);
    expect(await list()).toEqual(['namorados:Dia dos Namorados:2', 'dia-das-maes:Dia das Mães:0']);
  });

  it('shows on the storefront at once: the tab under its current name, the products in the chosen order', async () => {
    const { db } = ctx();
    await db.query(
      `update shops set settings = jsonb_set(settings, '{showCollections}', $1::jsonb) where slug = 'flores'`,
      [JSON.stringify([{ providerId: 'namorados', name: 'Namorados' }])],
    );
    expect(await list()).toEqual(['namorados:Dia dos Namorados:2 (na loja)', 'dia-das-maes:Dia das Mães:0']);
    const shopper = await client(ctx, 'flores');
    const tabs = await shopper.get<Category[]>('/api/catalog/categories');
    expect(tabs.data.map((c) => [c.providerId, c.name])).toContainEqual([
      'COLLECTION_namorados',
      'Dia dos Namorados',
    ]);
    const first = await shopper.get<PagedProducts>('/api/catalog/products/collections/namorados');
    expect(names(first.data.data)).toEqual(['Buquê TULIPA', 'Buquê ROSA']);

    expect(
      (await call('PUT', '/collections/namorados/products', { codes: ['LIRIO', 'TULIPA'] })).status,
    ).toBe(200);
    const next = await shopper.get<PagedProducts>('/api/catalog/products/collections/namorados');
    expect(names(next.data.data)).toEqual(['Buquê LIRIO', 'Buquê TULIPA']);
    expect((await call('PUT', '/collections/namorados', { name: 'Amor' })).status).toBe(200);
    const renamed = await shopper.get<Category[]>('/api/catalog/categories');
    expect(renamed.data.map((c) => [c.providerId, c.name])).toContainEqual(['COLLECTION_namorados', 'Amor']);

    expect((await call('DELETE', '/collections/namorados')).status).toBe(200);
    const gone = await shopper.get<Category[]>('/api/catalog/categories');
    expect(gone.data.map((c) => c.providerId)).not.toContain('COLLECTION_namorados');
    expect((await shopper.get('/api/catalog/products/collections/namorados')).status).toBe(404);
    // the products stay in the catalogue
    expect((await shopper.get('/api/catalog/products/ROSA')).status).toBe(200);
  });
});
