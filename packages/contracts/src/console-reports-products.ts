/**
 * The console's 'Relatórios › Produtos' (issue 37, docs/decisions/0058-product-reports.md): best sellers by value,
 * by units and by weight (kilo products), products viewed but rarely bought, sold-out days from the stock ledger
 * and the searches that found nothing, over a range of the shop's days. Money in centavos.
 */
import { z } from 'zod';
import { salesReportQuery } from './console-reports.ts';

export const productsReportQuery = salesReportQuery.pick({ from: true, to: true }).strict();
export type ProductsReportQuery = z.infer<typeof productsReportQuery>;

/** Each table of the report, with its CSV file's name. */
export const PRODUCT_TABLES = ['value', 'units', 'weight', 'viewed', 'soldout', 'searches'] as const;
export type ProductTable = (typeof PRODUCT_TABLES)[number];
export const PRODUCT_TABLE_FILES: Record<ProductTable, string> = {
  value: 'mais-vendidos-por-valor',
  units: 'mais-vendidos-por-quantidade',
  weight: 'mais-vendidos-por-peso',
  viewed: 'vistos-pouco-comprados',
  soldout: 'dias-esgotados',
  searches: 'buscas-sem-resultado',
};
export const productTableQuery = productsReportQuery.extend({
  table: z.enum(PRODUCT_TABLES, 'Tabela inválida'),
});

/** The most lines each list shows (its CSV has the same). */
export const PRODUCT_LIST_SIZE = 20;
/** 'Rarely bought': fewer orders than one in this many views. */
export const RARELY_BOUGHT_VIEWS = 10;

const cents = z.number().int();
export const productSales = z.object({
  productId: z.string(),
  name: z.string(),
  soldInKilo: z.boolean(),
  orders: z.number().int(),
  valueCents: cents,
  /** Units sold (products sold by the unit). */
  units: z.number(),
  /** Kilos sold (products sold by the kilo). */
  weightKg: z.number(),
});
export type ProductSales = z.infer<typeof productSales>;

export const productsReport = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  totals: z.object({
    productsSold: z.number().int(),
    valueCents: cents,
    views: z.number().int(),
    searchMisses: z.number().int(),
  }),
  byValue: z.array(productSales),
  byUnits: z.array(productSales),
  byWeight: z.array(productSales),
  viewed: z.array(
    z.object({ productId: z.string(), name: z.string(), views: z.number().int(), orders: z.number().int() }),
  ),
  soldOut: z.array(z.object({ productId: z.string(), name: z.string(), days: z.number().int() })),
  searchMisses: z.array(
    z.object({ term: z.string(), searches: z.number().int(), days: z.number().int(), lastDay: z.string() }),
  ),
});
export type ProductsReport = z.infer<typeof productsReport>;
