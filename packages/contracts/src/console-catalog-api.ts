/**
 * The console's catalogue calls (issue 17, decision 0031): the category tree, the product list with its filters
 * and keyset pages, and bulk edits. The product itself is `productInput` (console-catalog.ts).
 */
import { z } from 'zod';
import { catalogCode } from './console-catalog.ts';

const categoryName = z
  .string({ error: 'Informe o nome da categoria.' })
  .trim()
  .min(1, 'Informe o nome da categoria.')
  .max(80, 'No máximo 80 caracteres.');

/**
 * Google's product category for a Vitrine category (issue 35): the taxonomy's id ('2073') or its path ('Alimentos,
 * bebidas e tabaco > Bebidas'); blank clears it. The feeds write it as `google_product_category`.
 */
export const GOOGLE_CATEGORY_MAX = 750;
const googleCategoryMessage =
  'Informe o número da categoria do Google (até 6 dígitos) ou o caminho, como “Alimentos, bebidas e tabaco > Bebidas”.';
// eslint-disable-next-line no-control-regex -- control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;
export const googleCategoryInput = z
  .string({ error: googleCategoryMessage })
  .trim()
  .max(GOOGLE_CATEGORY_MAX, `No máximo ${GOOGLE_CATEGORY_MAX} caracteres.`)
  .refine(
    (text) => text === '' || (!CONTROL.test(text) && (/^\d{1,6}$/.test(text) || /\D/.test(text))),
    googleCategoryMessage,
  )
  .transform((text) => (text === '' ? null : text))
  .nullable();

export const consoleCategory = z.object({
  code: z.string(),
  name: z.string(),
  parentCode: z.string().nullable(),
  position: z.number().int(),
  isHidden: z.boolean(),
  /** Google's product category (id or path), or null. */
  googleCategory: z.string().nullable(),
  productCount: z.number().int(),
});
export type ConsoleCategory = z.infer<typeof consoleCategory>;
export const consoleCategories = z.object({ categories: z.array(consoleCategory) });

export const categoryCreateBody = z
  .object({ name: categoryName, parentCode: catalogCode.nullable() })
  .strict();
export type CategoryCreateBody = z.infer<typeof categoryCreateBody>;
/** `googleCategory` left out keeps the category's; null or blank clears it. */
export const categoryUpdateBody = z
  .object({ name: categoryName, isHidden: z.boolean(), googleCategory: googleCategoryInput.optional() })
  .strict();
export type CategoryUpdateBody = z.infer<typeof categoryUpdateBody>;
/** Moves a category under `parentCode` (null: top level) at `position` among its new siblings (0 = first). */
export const categoryPlaceBody = z
  .object({
    parentCode: catalogCode.nullable(),
    position: z
      .number()
      .int('Posição inválida.')
      .min(0, 'Posição inválida.')
      .max(10_000, 'Posição inválida.'),
  })
  .strict();
export type CategoryPlaceBody = z.infer<typeof categoryPlaceBody>;
export const categoryCodeParam = catalogCode;

/** The product list's filters; `after` is the last code of the previous page (by name, then code). */
export const productListQuery = z
  .object({
    q: z.string().trim().max(100, 'Pesquisa longa demais.').optional(),
    category: catalogCode.optional(),
    brand: z.string().trim().max(100, 'Marca longa demais.').optional(),
    active: z.enum(['true', 'false']).optional(),
    after: z.string().max(400, 'Página inválida: recarregue a lista.').optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();
export type ProductListQuery = z.infer<typeof productListQuery>;

export const consoleProductRow = z.object({
  code: z.string(),
  sku: z.string(),
  name: z.string(),
  brandName: z.string().nullable(),
  categoryCode: z.string().nullable(),
  categoryName: z.string().nullable(),
  priceCents: z.number().int(),
  promotionalPriceCents: z.number().int().nullable(),
  /** A kilo product: its portion (kg) and price per kg, what the list shows (issue 38); null when sold by the unit. */
  kilo: z.object({ amountInKilo: z.number(), kilogramPriceCents: z.number().int().nullable() }).nullable(),
  isActive: z.boolean(),
  variantCount: z.number().int(),
  imageUrl: z.string().nullable(),
});
export type ConsoleProductRow = z.infer<typeof consoleProductRow>;
export const consoleProductPage = z.object({
  products: z.array(consoleProductRow),
  /** pass as `after` for the next page; null: this was the last */
  next: z.string().nullable(),
  /** the products the filters match, counted on the first page ('289 produtos', 'página 1 de 6'); null after it */
  total: z.number().int().nullable(),
  brands: z.array(z.string()),
});
export type ConsoleProductPage = z.infer<typeof consoleProductPage>;

export const bulkAction = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('pricePercent'),
      /** +10 = 10 % more; -15 = 15 % less */
      percent: z
        .number({ error: 'Informe o percentual.' })
        .min(-90, 'Reduza no máximo 90%.')
        .max(1000, 'Aumente no máximo 1000%.')
        .refine((v) => v !== 0, 'Informe um percentual diferente de zero.'),
    })
    .strict(),
  z
    .object({
      kind: z.literal('priceValue'),
      /** centavos added to every price (negative: less) */
      cents: z
        .number({ error: 'Informe o valor.' })
        .int('Valor inválido.')
        .min(-100_000_000, 'Valor inválido.')
        .max(100_000_000, 'Valor inválido.')
        .refine((v) => v !== 0, 'Informe um valor diferente de zero.'),
    })
    .strict(),
  z.object({ kind: z.literal('activate') }).strict(),
  z.object({ kind: z.literal('deactivate') }).strict(),
  z.object({ kind: z.literal('category'), categoryCode: catalogCode.nullable() }).strict(),
]);
export type BulkAction = z.infer<typeof bulkAction>;
export const bulkEditBody = z
  .object({
    codes: z
      .array(catalogCode)
      .min(1, 'Selecione ao menos um produto.')
      .max(500, 'Selecione no máximo 500 produtos por vez.'),
    action: bulkAction,
  })
  .strict();
export type BulkEditBody = z.infer<typeof bulkEditBody>;
export const bulkEditResult = z.object({ selected: z.number().int(), changed: z.number().int() });
export type BulkEditResult = z.infer<typeof bulkEditResult>;
