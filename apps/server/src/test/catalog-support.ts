/** Helpers for the catalogue test files: demo data, sessions and typed calls through `app.inject`. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Facet, PagedProducts, Product } from '@vitrine/contracts/catalog';
import type { Db } from '../db/client.ts';
import { seedBench } from '../db/seed/bench.ts';
import { seedDemo } from '../db/seed/demo.ts';
import { TEST_PLATFORM_KEY, type TestContext } from './test-app.ts';

/** Demo shops plus a small bench shop whose providerIds (P1…P600) overlap hortifruti's (P1001…). */
export async function seedCatalog(db: Db): Promise<void> {
  await seedDemo(db);
  await seedBench(db, { products: 600, slug: 'bench' });
}

let phone = 11_900_000_000;

export type Reply<T> = { status: number; data: T; message: string | undefined };

/** A client of one session: `get`/`post` answer the status, `data` and the first error message. */
export type CatalogClient = {
  code: string;
  get<T = PagedProducts>(url: string): Promise<Reply<T>>;
  post<T = PagedProducts>(url: string, body: unknown): Promise<Reply<T>>;
};

/** Mints a contact (or agent) session in `shop` and returns a client that calls the app with it. */
export async function client(
  ctx: () => TestContext,
  shop: string,
  sessionType = 'contact',
): Promise<CatalogClient> {
  phone += 1;
  const minted = await ctx().app.inject({
    method: 'POST',
    url: '/api/platform/sessions',
    headers: { authorization: `Bearer ${TEST_PLATFORM_KEY}` },
    payload: {
      shop,
      sessionType,
      channelType: 'whatsapp',
      contact: { name: 'Cliente Teste', phone: String(phone) },
    },
  });
  expect(minted.statusCode).toBe(201);
  const code = minted.json().data.code as string;
  const call = async <T>(app: FastifyInstance, method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const res = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${code}` },
      payload: payload as object,
    });
    const body = res.json();
    return {
      status: res.statusCode,
      data: body.data as T,
      message: body.errors?.[0]?.message as string | undefined,
    };
  };
  return {
    code,
    get: (url) => call(ctx().app, 'GET', url),
    post: (url, body) => call(ctx().app, 'POST', url, body),
  };
}

export const names = (products: Product[]) => products.map((p) => p.name);
export const ids = (products: Product[]) => products.map((p) => p.providerId);

/** Text search over the whole shop. */
export async function searchText(c: CatalogClient, searchQuery: string, extra: object = {}) {
  const res = await c.post('/api/catalog/products/searchText', { searchQuery, perPage: 100, ...extra });
  expect(res.status, res.message).toBe(200);
  return res.data;
}

/** Every page of a listing, following tokens; `fetchPage` gets the page number and the token. */
export async function allPages(
  fetchPage: (pageNumber: number, token: string | null) => Promise<Reply<PagedProducts>>,
  max = 200,
): Promise<Product[]> {
  const out: Product[] = [];
  let token: string | null = null;
  for (let page = 0; page < max; page++) {
    const res = await fetchPage(page, token);
    expect(res.status, res.message).toBe(200);
    out.push(...res.data.data);
    if (!res.data.hasMore) return out;
    token = res.data.token;
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  }
  throw new Error('listing did not end');
}

export const facetByKey = (facets: Facet[], key: string) => facets.find((f) => f.key === key);

export async function shopId(db: Db, slug: string): Promise<string> {
  const [row] = await db.query<{ id: string }>('select id from shops where slug = $1', [slug]);
  return row!.id;
}
