/**
 * The console's stock (issue 31, decision 0044): a product's units with on hand, held and available, its settings,
 * its movement history, counts and adjustments with a reason, and the shop's low-stock list. Kilo products count
 * grams.
 */
import { z } from 'zod';
import { STOCK_REASONS } from './stock.ts';

export const stockSettingsBody = z
  .object({
    track: z.boolean('Informe se o estoque é controlado.'),
    allowBackorder: z.boolean('Informe se vende sem estoque.'),
    lowThreshold: z
      .number('O estoque baixo deve ser um número inteiro.')
      .int('O estoque baixo deve ser um número inteiro.')
      .min(0, 'O estoque baixo não pode ser negativo.')
      .max(1_000_000_000, 'Estoque baixo grande demais.'),
  })
  .strict();
export type StockSettingsBody = z.infer<typeof stockSettingsBody>;

const amount = z
  .number('A quantidade deve ser um número inteiro.')
  .int('A quantidade deve ser um número inteiro.')
  .min(-1_000_000_000, 'Quantidade grande demais.')
  .max(1_000_000_000, 'Quantidade grande demais.');

export const stockAdjustBody = z
  .object({
    items: z
      .array(
        z
          .object({
            unitId: z
              .string()
              .min(1, 'Produto ou variação inválido.')
              .max(80, 'Produto ou variação inválido.'),
            delta: amount.optional(),
            onHand: amount.min(0, 'O estoque não pode ser negativo.').optional(),
          })
          .strict()
          .refine((i) => (i.delta === undefined) !== (i.onHand === undefined), {
            message: 'Informe a quantidade a somar ou o novo estoque.',
          }),
      )
      .min(1, 'Escolha ao menos um produto.')
      .max(1000, 'Ajuste no máximo 1.000 itens por vez.'),
    note: z.string().trim().min(3, 'Informe o motivo do ajuste.').max(500, 'Motivo longo demais.'),
  })
  .strict();
export type StockAdjustBody = z.infer<typeof stockAdjustBody>;

export const stockUnit = z.object({
  unitId: z.string(),
  productId: z.string().describe("The product's provider id"),
  variantId: z.string().nullable(),
  sku: z.string(),
  name: z.string(),
  measure: z.enum(['unit', 'gram']),
  onHand: z.number().int(),
  held: z.number().int(),
  available: z.number().int(),
  low: z.boolean().describe('Tracked and at or below the low threshold'),
});
export type StockUnit = z.infer<typeof stockUnit>;

export const stockMovement = z.object({
  id: z.number().int(),
  unitId: z.string(),
  reason: z.enum(STOCK_REASONS),
  onHandDelta: z.number().int(),
  heldDelta: z.number().int(),
  orderId: z.string().nullable(),
  actor: z.enum(['shopper', 'agent', 'staff', 'platform', 'system']),
  note: z.string().nullable(),
  at: z.string(),
  /** The staff member who moved it (name, else e-mail); null for the others. */
  staffName: z.string().nullable(),
  /** The shop's number of the order that moved it (`orderId` links to it). */
  orderNumber: z.number().int().nullable(),
});
export type StockMovement = z.infer<typeof stockMovement>;

/** A page of a product's movements, newest first; `more` when older ones remain (ask again with `?before=`). */
export const STOCK_MOVEMENTS_PAGE = 50;

export const productStock = z.object({
  settings: z.object({ track: z.boolean(), allowBackorder: z.boolean(), lowThreshold: z.number().int() }),
  units: z.array(stockUnit),
  movements: z.array(stockMovement),
  more: z.boolean().describe('Older movements remain: GET …/movements?before=<the last id>'),
});
export type ProductStock = z.infer<typeof productStock>;

export const stockMovementsPage = z.object({ movements: z.array(stockMovement), more: z.boolean() });
export type StockMovementsPage = z.infer<typeof stockMovementsPage>;

/** `?before=<id>`: the movements older than that one. */
export const stockMovementsQuery = z.object({
  before: z.coerce
    .number('Informe a movimentação a partir da qual continuar.')
    .int('Informe a movimentação a partir da qual continuar.')
    .positive('Informe a movimentação a partir da qual continuar.')
    .max(Number.MAX_SAFE_INTEGER, 'Informe a movimentação a partir da qual continuar.'),
});

export const lowStockList = z.object({ units: z.array(stockUnit) });
export type LowStockList = z.infer<typeof lowStockList>;

/** At most this many products' stock is read at once (a page of Catálogo › Produtos is at most 100). */
export const STOCK_SUMMARY_MAX = 100;

/** `?codes=A,B`: the products (by code) whose stock a console list shows. */
export const stockSummaryQuery = z.object({
  codes: z
    .string('Informe os códigos dos produtos.')
    .max(20_000, 'Códigos demais.')
    .transform((v) => [...new Set(v.split(',').filter(Boolean))])
    .refine((codes) => codes.length >= 1, 'Informe os códigos dos produtos.')
    .refine((codes) => codes.length <= STOCK_SUMMARY_MAX, `Informe no máximo ${STOCK_SUMMARY_MAX} produtos.`),
});

/** A product's stock in a list: its settings, the sums of its units, and the units. */
export const productStockSummary = z.object({
  code: z.string(),
  track: z.boolean(),
  allowBackorder: z.boolean(),
  lowThreshold: z.number().int(),
  measure: z.enum(['unit', 'gram']),
  onHand: z.number().int(),
  held: z.number().int(),
  available: z.number().int(),
  low: z.boolean().describe('Tracked and a unit at or below the low threshold'),
  units: z.array(stockUnit),
});
export type ProductStockSummary = z.infer<typeof productStockSummary>;
export const stockSummaries = z.object({ products: z.array(productStockSummary) });
export type StockSummaries = z.infer<typeof stockSummaries>;
