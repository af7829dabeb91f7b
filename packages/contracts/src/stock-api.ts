/**
 * The inventory API of the platform key (issue 31, decision 0044): `GET /api/platform/shops/{shop}/inventory?sku=…`
 * and `PUT …/inventory` with absolute counts. Units of kilo products count grams.
 */
import { z } from 'zod';

export const MAX_INVENTORY_ROWS = 10_000;

const sku = z
  .string('Informe o SKU.')
  .trim()
  .min(1, 'Informe o SKU.')
  .max(100, 'SKU longo demais (máximo 100).');

export const inventoryQuery = z
  .object({
    sku: z
      .string('Informe ao menos um SKU.')
      .trim()
      .min(1, 'Informe ao menos um SKU.')
      .max(5_000, 'Lista de SKUs longa demais.')
      .describe('One SKU, or several separated by commas (at most 100)'),
  })
  .strict();

export const inventoryItem = z
  .object({
    sku,
    onHand: z
      .number('O estoque deve ser um número inteiro.')
      .int('O estoque deve ser um número inteiro.')
      .min(0, 'O estoque não pode ser negativo.')
      .max(1_000_000_000, 'Estoque grande demais.')
      .describe('Absolute quantity on hand: units, or grams for products sold by the kilo'),
    track: z
      .boolean('"track" deve ser verdadeiro ou falso.')
      .optional()
      .describe("Turns the product's stock tracking on or off (absent: kept as the shop set it)"),
  })
  .strict();

export const inventoryPutBody = z
  .object({
    items: z
      .array(inventoryItem, 'Envie a lista de itens.')
      .min(1, 'Envie ao menos um item.')
      .max(MAX_INVENTORY_ROWS, 'Envie no máximo 10.000 itens por vez.'),
  })
  .strict();
export type InventoryPutBody = z.infer<typeof inventoryPutBody>;

export const inventoryUnit = z.object({
  sku: z.string(),
  name: z.string(),
  productId: z.string().describe("The product's provider id"),
  variantId: z.string().nullable().describe("The variant's provider id (null: a product without variants)"),
  tracked: z.boolean().describe('Whether the shop counts this product (off: unlimited)'),
  allowBackorder: z.boolean(),
  measure: z.enum(['unit', 'gram']),
  onHand: z.number().int(),
  held: z.number().int().describe('Held by confirmed orders not yet finalized'),
  available: z.number().int(),
});
export type InventoryUnit = z.infer<typeof inventoryUnit>;

export const inventoryPage = z.object({ items: z.array(inventoryUnit) });

export const inventoryPutResult = z.object({
  applied: z.number().int().describe('Units whose on hand changed'),
  unchanged: z.number().int().describe('Units already at the count sent'),
});
export type InventoryPutResult = z.infer<typeof inventoryPutResult>;
