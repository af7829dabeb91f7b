import { expect, it } from 'vitest';
import { describeEachDb } from '../../test/test-app.ts';
import { client, seedCatalog, type CatalogClient } from '../../test/catalog-support.ts';

const long = 'x'.repeat(201);
const tenKb = 'arroz '.repeat(1700);

/** [label, body, status, message pattern] for POST /api/catalog/products/search. */
const badBodies: [string, unknown, number, RegExp][] = [
  ['negative page', { pageNumber: -1 }, 400, /página começa em 0/],
  ['fractional page', { pageNumber: 1.5 }, 400, /Dados inválidos/],
  ['page as text', { pageNumber: 'um' }, 400, /Dados inválidos/],
  ['perPage over 100', { perPage: 101 }, 400, /No máximo 100 produtos/],
  ['perPage 0', { perPage: 0 }, 400, /Dados inválidos/],
  ['search of 201 chars', { searchQuery: long }, 400, /no máximo 200 caracteres/],
  ['search of 10 KB', { searchQuery: tenKb }, 400, /no máximo 200 caracteres/],
  ['extra field', { sort: 'price' }, 400, /Dados inválidos/],
  [
    'unknown filter key',
    { filters: [{ key: 'cor', values: ['Azul'] }] },
    400,
    /Chave de filtro desconhecida/,
  ],
  ['filter without values', { filters: [{ key: 'brand' }] }, 400, /exige ao menos um valor/],
  ['filter with empty values', { filters: [{ key: 'seller', values: [] }] }, 400, /exige ao menos um valor/],
  ['price without range', { filters: [{ key: 'price', values: ['10'] }] }, 400, /exige range/],
  [
    'inverted price range',
    { filters: [{ key: 'price', range: { from: 50, to: 10 } }] },
    400,
    /faixa de preço/,
  ],
  ['negative price', { filters: [{ key: 'price', range: { from: -1, to: 10 } }] }, 400, /Dados inválidos/],
  [
    'range on brand',
    { filters: [{ key: 'brand', values: ['A'], range: { from: 1, to: 2 } }] },
    400,
    /Apenas o filtro de preço/,
  ],
  ['extra filter field', { filters: [{ key: 'brand', values: ['A'], op: 'or' }] }, 400, /Dados inválidos/],
  [
    'repeated filter key',
    {
      filters: [
        { key: 'brand', values: ['A'] },
        { key: 'brand', values: ['B'] },
      ],
    },
    400,
    /uma única vez/,
  ],
  ['filters not a list', { filters: 'brand=A' }, 400, /Dados inválidos/],
  ['token not text', { pageToken: 12 }, 400, /Dados inválidos/],
  ['three category levels', { category: 'C10,C11,C12' }, 400, /subcategoria/],
  [
    'subcategory of a collection',
    { category: 'COLLECTION_ofertas-da-semana,C11' },
    400,
    /não tem subcategorias/,
  ],
  ['unknown category', { category: 'C999' }, 404, /^Categoria não encontrada\.$/],
  ['subcategory of another category', { category: 'C20,C11' }, 404, /^Categoria não encontrada\.$/],
  ['unknown collection', { category: 'COLLECTION_nao-existe' }, 404, /^Coleção não encontrada\.$/],
];

/** [label, url, status, message pattern] for GET endpoints. */
const badUrls: [string, string, number, RegExp][] = [
  ['top: negative page', '/api/catalog/top?pageNumber=-1', 400, /página começa em 0/],
  ['top: perPage over 100', '/api/catalog/top?perPage=500', 400, /No máximo 100/],
  ['top: perPage not a number', '/api/catalog/top?perPage=dez', 400, /Dados inválidos/],
  ['top: unknown parameter', '/api/catalog/top?order=price', 400, /Dados inválidos/],
  [
    'top: forged token',
    '/api/catalog/top?pageNumber=1&pageToken=eyJ2IjoxfQ.AAAAAAAAAAAAAAAAAAAAAA',
    400,
    /token/,
  ],
  ['categories: perPage 0', '/api/catalog/categories?perPage=0', 400, /Dados inválidos/],
  ['collection: unknown', '/api/catalog/products/collections/nao-existe', 404, /^Coleção não encontrada\.$/],
  [
    'collection: 10 KB search',
    `/api/catalog/products/collections/ofertas-da-semana?searchQuery=${tenKb}`,
    400,
    /200 caracteres/,
  ],
  ['facets: filters not JSON', '/api/catalog/products/facets?filters=brand%3DA', 400, /JSON válido/],
  [
    'facets: bad filter',
    `/api/catalog/products/facets?filters=${encodeURIComponent('[{"key":"x"}]')}`,
    400,
    /Chave de filtro/,
  ],
  ['facets: 10 KB search', `/api/catalog/products/facets?searchQuery=${tenKb}`, 400, /200 caracteres/],
  ['facets: unknown category', '/api/catalog/products/facets?category=C999', 404, /Categoria não encontrada/],
  ['byids: none', '/api/catalog/products/byids/', 400, /ao menos um id/],
  ['byids: only commas', '/api/catalog/products/byids/,,,', 400, /ao menos um id/],
  [
    'byids: 101 ids',
    `/api/catalog/products/byids/${Array.from({ length: 101 }, (_, i) => `P${i}`).join(',')}`,
    400,
    /No máximo 100 ids/,
  ],
  ['byids: long id', `/api/catalog/products/byids/${'P'.repeat(201)}`, 400, /longo demais/],
];

describeEachDb(
  'catalogue input validation',
  (ctx) => {
    let horti: CatalogClient;

    it('opens a session', async () => {
      horti = await client(ctx, 'hortifruti');
    });

    for (const [label, body, status, message] of badBodies) {
      it(`search: ${label} → ${status}`, async () => {
        for (const url of ['/api/catalog/products/search', '/api/catalog/products/searchText']) {
          if ('category' in (body as object) && url.endsWith('searchText')) continue;
          const res = await horti.post(url, body);
          expect(res.status, url).toBe(status);
          expect(res.message).toMatch(message);
        }
      });
    }

    for (const [label, url, status, message] of badUrls) {
      it(`${label} → ${status}`, async () => {
        const res = await horti.get(url);
        expect(res.status).toBe(status);
        expect(res.message).toMatch(message);
      });
    }

    it('answers a body that is not JSON with 400', async () => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/catalog/products/search',
        headers: { authorization: `Bearer ${horti.code}`, 'content-type': 'application/json' },
        payload: '{"category":',
      });
      expect(res.statusCode).toBe(400);
    });

    it('requires a session on every endpoint', async () => {
      const calls: [string, string][] = [
        ['GET', '/api/catalog/categories'],
        ['GET', '/api/catalog/top'],
        ['POST', '/api/catalog/products/search'],
        ['POST', '/api/catalog/products/searchText'],
        ['GET', '/api/catalog/products/collections/ofertas-da-semana'],
        ['GET', '/api/catalog/products/byids/P1001'],
        ['GET', '/api/catalog/products/facets'],
      ];
      for (const [method, url] of calls) {
        const res = await ctx().app.inject({
          method: method as 'GET',
          url,
          payload: method === 'POST' ? {} : undefined,
        });
        expect(res.statusCode, url).toBe(401);
        expect(res.json().errors[0].message).toMatch(/Sessão/);
      }
    });

    it('accepts the documented defaults and nulls', async () => {
      const ok = await horti.post('/api/catalog/products/search', {
        category: null,
        pageNumber: 0,
        perPage: 10,
        pageToken: null,
        searchQuery: null,
        filters: null,
      });
      expect(ok.status, ok.message).toBe(200);
      expect(ok.data.perPage).toBe(10);
      const empty = await horti.post('/api/catalog/products/searchText', {});
      expect(empty.status, empty.message).toBe(200);
      const facets = await horti.get('/api/catalog/products/facets?searchQuery=&category=&filters=%5B%5D');
      expect(facets.status, facets.message).toBe(200);
    });
  },
  { setup: seedCatalog },
);
