/** Console catalogue calls for tests: a Tamanho × Cor product body and typed staff calls (decision 0031). */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { blankProduct, optionCombinations, type ProductInputDraft } from '@vitrine/contracts/console-catalog';
import type { Queryable } from '../db/client.ts';
import { asStaff, type Staff } from './console-kit.ts';

const attributes = [
  { name: 'Tamanho', options: [{ name: 'P' }, { name: 'M' }] },
  { name: 'Cor', options: [{ name: 'Azul Marinho', redirectable: true }, { name: 'Verde' }] },
];

/** A shirt with a Tamanho × Cor grid (4 variants, prices from `priceCents` up by R$ 1 each). */
export function shirtBody(code: string, categoryCode: string | null, priceCents = 5990): ProductInputDraft {
  return {
    ...blankProduct({ code, sku: `SKU-${code}`, name: 'Camiseta Algodão Orgânico', priceCents }),
    description: '<p>Macia</p><script>alert(1)</script>',
    brandName: 'Malharia Sul',
    categoryCode,
    attributes,
    variants: optionCombinations(
      attributes.map((a) => ({ ...a, options: a.options.map((o) => ({ redirectable: false, ...o })) })),
    ).map((options, i) => ({
      options,
      sku: `SKU-${code}-${i}`,
      priceCents: priceCents + i * 100,
      promotionalPriceCents: null,
      isAvailable: true,
    })),
  };
}

/** A console call on `/api/console/shops/{shop}/catalog…` answering status, data and the first message. */
export async function catalogCall<T = unknown>(
  app: FastifyInstance,
  staff: Staff,
  shop: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: unknown,
) {
  const res = await asStaff(app, staff, {
    method,
    url: `/api/console/shops/${shop}/catalog${path}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  const body = res.json();
  return {
    status: res.statusCode,
    data: body.data as T,
    message: body.errors?.[0]?.message as string | undefined,
  };
}

/** Creates a category through the console and answers its code. */
export async function createdCategory(
  app: FastifyInstance,
  staff: Staff,
  shop: string,
  name: string,
  parentCode: string | null = null,
): Promise<string> {
  const res = await catalogCall<{ code: string }>(app, staff, shop, 'POST', '/categories', {
    name,
    parentCode,
  });
  expect(res.status, res.message).toBe(201);
  return res.data.code;
}

/** Pages the search indexes' GIN pending lists held, emptying them: every search reads them (decision 0067). */
export async function pendingSearchPages(db: Queryable): Promise<number> {
  const [row] = await db.query<{ pages: number }>(
    `select coalesce(sum(gin_clean_pending_list(i::regclass)), 0)::int as pages
       from unnest(array['products_search_vector_idx', 'products_search_attributes_idx',
                         'catalog_search_words_trgm_idx']) as i`,
  );
  return row!.pages;
}
