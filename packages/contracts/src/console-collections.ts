/**
 * The console's collections (issue 17, decision 0031 "Editor and collections"): named lists of hand-picked
 * products in the shop's order. The storefront shows those ticked in Configurações › Coleções exibidas as tabs.
 */
import { z } from 'zod';
import { catalogCode } from './console-catalog.ts';

const collectionName = z
  .string({ error: 'Informe o nome da coleção.' })
  .trim()
  .min(1, 'Informe o nome da coleção.')
  .max(80, 'No máximo 80 caracteres.');

export const MAX_COLLECTION_PRODUCTS = 500;

export const consoleCollection = z.object({
  code: z.string(),
  name: z.string(),
  productCount: z.number().int(),
  /** ticked in Configurações › Coleções exibidas: a tab of the storefront */
  isShown: z.boolean(),
});
export type ConsoleCollection = z.infer<typeof consoleCollection>;
export const consoleCollections = z.object({ collections: z.array(consoleCollection) });

export const collectionProduct = z.object({
  code: z.string(),
  name: z.string(),
  priceCents: z.number().int(),
  isActive: z.boolean(),
  imageUrl: z.string().nullable(),
});
export type CollectionProduct = z.infer<typeof collectionProduct>;
export const consoleCollectionDetail = consoleCollection.extend({ products: z.array(collectionProduct) });
export type ConsoleCollectionDetail = z.infer<typeof consoleCollectionDetail>;

export const collectionNameBody = z.object({ name: collectionName }).strict();
export type CollectionNameBody = z.infer<typeof collectionNameBody>;
/** Moves a collection to `position` among the shop's collections (0 = first). */
export const collectionPlaceBody = z
  .object({
    position: z
      .number()
      .int('Posição inválida.')
      .min(0, 'Posição inválida.')
      .max(10_000, 'Posição inválida.'),
  })
  .strict();
export type CollectionPlaceBody = z.infer<typeof collectionPlaceBody>;
/** The collection's products, in order: every code once. */
export const collectionProductsBody = z
  .object({
    codes: z
      .array(catalogCode)
      .max(MAX_COLLECTION_PRODUCTS, `No máximo ${MAX_COLLECTION_PRODUCTS} produtos por coleção.`)
      .refine((codes) => new Set(codes).size === codes.length, 'Um produto aparece duas vezes na coleção.'),
  })
  .strict();
export type CollectionProductsBody = z.infer<typeof collectionProductsBody>;
export const collectionCodeParam = catalogCode;
