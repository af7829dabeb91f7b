/**
 * Catalogue freshness across instances (decision 0031): a price changed in the console through instance A reaches
 * the storefront and a new cart line on instance B at once — B had the product cached, and drops it on the NOTIFY
 * the change sent in its transaction — well inside CATALOG_CACHE_SECONDS. A product saved through A is found by a
 * search through B at once, and A's search index flusher merges what the save queued (decision 0072).
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Product } from '@vitrine/contracts/catalog';
import { caller } from '../../modules/order/order-test-kit.ts';
import { searchIndexesFlushed } from '../../modules/catalog/service.ts';
import { catalogCall, pendingSearchPages, shirtBody } from '../../test/catalog-kit.ts';
import { shopWithOwner } from '../../test/console-kit.ts';
import { TEST_PLATFORM_KEY } from '../../test/test-app.ts';
import { twoInstancesOnPostgres } from '../../test/two-instances.ts';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('console catalogue across two instances [postgres]', () => {
  const { apps, dbs } = twoInstancesOnPostgres();

  it('a product saved on instance A is found by a search on instance B at once; A’s flusher merges its entries', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const { owner } = await shopWithOwner(a, 'busca-ab');
    const created = await catalogCall(a, owner, 'busca-ab', 'POST', '/products', shirtBody('BUS-1', null));
    expect(created.status, created.message).toBe(201);
    const minted = await b.inject({
      method: 'POST',
      url: '/api/platform/sessions',
      headers: { authorization: `Bearer ${TEST_PLATFORM_KEY}` },
      payload: {
        shop: 'busca-ab',
        sessionType: 'contact',
        channelType: 'whatsapp',
        contact: { name: 'Ana', phone: '5511966660008' },
      },
    });
    expect(minted.statusCode, minted.body).toBe(201);
    const found = async () =>
      (
        await b.inject({
          method: 'POST',
          url: '/api/catalog/products/searchText',
          headers: { authorization: `Bearer ${minted.json().data.code}` },
          payload: { searchQuery: 'camizeta algodao' },
        })
      )
        .json()
        .data.data.map((p: Product) => p.providerId);
    expect(await found(), 'B finds it before any merge waits').toEqual(['BUS-1']);
    await searchIndexesFlushed(dbs[0]!);
    expect(await pendingSearchPages(dbs[1]!), 'nothing left pending for B’s searches').toBe(0);
    expect(await found()).toEqual(['BUS-1']);
  });

  it('a bulk price change on instance A shows on instance B and prices B’s next cart line', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const { owner } = await shopWithOwner(a, 'frescor');
    const created = await catalogCall(
      a,
      owner,
      'frescor',
      'POST',
      '/products',
      shirtBody('FRE-1', null, 1000),
    );
    expect(created.status, created.message).toBe(201);
    const minted = await b.inject({
      method: 'POST',
      url: '/api/platform/sessions',
      headers: { authorization: `Bearer ${TEST_PLATFORM_KEY}` },
      payload: {
        shop: 'frescor',
        sessionType: 'contact',
        channelType: 'whatsapp',
        contact: { name: 'Lia', phone: '5511966660006' },
      },
    });
    expect(minted.statusCode, minted.body).toBe(201);
    const code = minted.json().data.code as string;
    const price = async () =>
      (
        (
          await b.inject({ url: '/api/catalog/products/FRE-1', headers: { authorization: `Bearer ${code}` } })
        ).json().data as Product
      ).price;
    expect(await price()).toBe(10);
    const shopper = caller(b, code);
    await shopper.item({
      providerId: 'FRE-1',
      quantity: 1,
      attributes: [
        { providerId: 'tamanho', optionProviderId: 'p' },
        { providerId: 'cor', optionProviderId: 'azul-marinho' },
      ],
    });

    const bulk = await catalogCall(a, owner, 'frescor', 'POST', '/products/bulk', {
      codes: ['FRE-1'],
      action: { kind: 'priceValue', cents: 250 },
    });
    expect(bulk.status, bulk.message).toBe(200);
    const started = performance.now();
    await expect.poll(price, { timeout: 5_000, interval: 50 }).toBe(12.5);
    console.log(
      `[postgres] A's price change → B's storefront: ${(performance.now() - started).toFixed(0)} ms`,
    );
    const order = await shopper.item({
      providerId: 'FRE-1',
      quantity: 1,
      attributes: [
        { providerId: 'tamanho', optionProviderId: 'm' },
        { providerId: 'cor', optionProviderId: 'verde' },
      ],
    });
    expect(order.items.map((i) => i.unitPrice)).toEqual([10, 15.5]);
  });

  it('a collection reordered on instance A shows in that order on instance B’s storefront at once', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const { owner } = await shopWithOwner(a, 'vitrine-colecao');
    for (const code of ['COL-1', 'COL-2']) {
      const made = await catalogCall(a, owner, 'vitrine-colecao', 'POST', '/products', {
        ...shirtBody(code, null, 1000),
        name: `Produto ${code}`,
      });
      expect(made.status, made.message).toBe(201);
    }
    const collection = await catalogCall<{ code: string }>(
      a,
      owner,
      'vitrine-colecao',
      'POST',
      '/collections',
      {
        name: 'Ofertas',
      },
    );
    expect(collection.status).toBe(201);
    const set = (codes: string[]) =>
      catalogCall(a, owner, 'vitrine-colecao', 'PUT', '/collections/ofertas/products', { codes });
    expect((await set(['COL-1', 'COL-2'])).status).toBe(200);
    const minted = await b.inject({
      method: 'POST',
      url: '/api/platform/sessions',
      headers: { authorization: `Bearer ${TEST_PLATFORM_KEY}` },
      payload: {
        shop: 'vitrine-colecao',
        sessionType: 'contact',
        channelType: 'whatsapp',
        contact: { name: 'Rui', phone: '5511966660007' },
      },
    });
    const code = minted.json().data.code as string;
    const order = async () =>
      (
        (
          await b.inject({
            url: '/api/catalog/products/collections/ofertas',
            headers: { authorization: `Bearer ${code}` },
          })
        ).json().data.data as Product[]
      ).map((p) => p.providerId);
    expect(await order()).toEqual(['COL-1', 'COL-2']);
    expect((await set(['COL-2', 'COL-1'])).status).toBe(200);
    const started = performance.now();
    await expect.poll(order, { timeout: 5_000, interval: 50 }).toEqual(['COL-2', 'COL-1']);
    console.log(
      `[postgres] A's collection order → B's storefront: ${(performance.now() - started).toFixed(0)} ms`,
    );
  });
});
