/**
 * Console 'Vendas › Tabelas de preço' (issue 18, decision 0039): a shop's price tables, the price of each product
 * or variant in a table (null: none, the catalogue's price applies) and the CSV import's answer. Money in centavos.
 */
import { z } from 'zod';
import { sheetRefusal } from './catalog-sheet.ts';

const MAX_CENTS = 100_000_000;

export const priceTableBody = z
  .object({
    name: z
      .string({ error: 'Informe o nome da tabela.' })
      .trim()
      .min(1, 'Informe o nome da tabela.')
      .max(60, 'No máximo 60 caracteres.'),
  })
  .strict();
export type PriceTableBody = z.infer<typeof priceTableBody>;

/** A table as the console lists it: how many prices it has and the stores that name it. */
export const consolePriceTable = z.object({
  id: z.string(),
  name: z.string(),
  prices: z.number().int(),
  /** stores (sellers) that allow it or have it as their default */
  stores: z.array(z.string()),
});
export type ConsolePriceTable = z.infer<typeof consolePriceTable>;
export const priceTableList = z.object({ tables: z.array(consolePriceTable) });

/** Any short text: an unknown id is the shop's 404 (after the caller's role is checked), not a 400. */
export const priceTableParams = z.object({ tableId: z.string().min(1).max(80) });

/** One line of the prices editor: a product (variantId null) or one of its variants. */
export const priceRow = z.object({
  productId: z.string(),
  variantId: z.string().nullable(),
  code: z.string(),
  sku: z.string(),
  name: z.string(),
  /** the variant's options ('Tamanho: G'), null on the product's line */
  variant: z.string().nullable(),
  catalogueCents: z.number().int(),
  tableCents: z.number().int().nullable(),
});
export type PriceRow = z.infer<typeof priceRow>;

export const PRICE_PAGE_SIZE = 25;
export const pricesQuery = z
  .object({
    q: z.string().trim().max(100, 'No máximo 100 caracteres.').default(''),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .strict();
/** A page of products (each with its variants' lines) matching the search, by name. */
export const pricePage = z.object({
  table: consolePriceTable,
  rows: z.array(priceRow),
  /** products matching the search */
  total: z.number().int(),
  nextOffset: z.number().int().nullable(),
});
export type PricePage = z.infer<typeof pricePage>;

export const tablePrice = z
  .object({
    productId: z.string().min(1).max(80),
    variantId: z.string().min(1).max(80).nullable(),
    priceCents: z
      .number({ error: 'Informe o preço.' })
      .int('Valor inválido.')
      .min(0, 'O valor não pode ser negativo.')
      .max(MAX_CENTS, 'Valor alto demais.')
      .nullable(),
  })
  .strict();
export type TablePrice = z.infer<typeof tablePrice>;
export const pricesBody = z
  .object({ prices: z.array(tablePrice).min(1, 'Nenhum preço a salvar.').max(500, 'No máximo 500 preços.') })
  .strict();
export type PricesBody = z.infer<typeof pricesBody>;
export const pricesSaved = z.object({ changed: z.number().int() });

/**
 * A CSV import of a table's prices: all or nothing. With any row refused nothing is written (`applied` false)
 * and `refused` says which rows and why; else every price is written at once.
 */
export const priceImportResult = z.object({
  applied: z.boolean(),
  rowCount: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  refused: z.array(sheetRefusal),
});
export type PriceImportResult = z.infer<typeof priceImportResult>;
