import { z } from 'zod';

const reais = z.number();

export type Category = {
  providerId: string;
  name: string;
  description: string | null;
  shopId: string;
  children: Category[];
};
export const category: z.ZodType<Category> = z.lazy(() =>
  z.object({
    providerId: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    shopId: z.string(),
    children: z.array(category),
  }),
);

export const productAttribute = z.object({
  providerId: z.string(),
  name: z.string(),
  options: z.array(z.object({ providerId: z.string(), name: z.string(), redirectable: z.boolean() })),
});

export const productDimension = z.object({
  providerId: z.string(),
  /** attribute providerId → option providerId */
  map: z.record(z.string(), z.string()),
  image: z.object({ url: z.string() }).nullable(),
  priceDefault: reais,
  promotionalPrice: reais.nullable(),
  sku: z.string(),
  isAvailable: z.boolean(),
  /** Units (grams for kilo products) left of a tracked variant without backorder; null or absent: unlimited. */
  stockLeft: z.number().int().nullable().optional(),
});

export const subscriptionOffer = z.object({ recurrenceType: z.number().int(), frequency: z.number().int() });

/** Product of spec §3. */
export const product = z.object({
  providerId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  brand: z.object({ name: z.string() }).nullable(),
  sellerName: z.string().nullable(),
  images: z.array(z.object({ url: z.string() })),
  attributes: z.array(productAttribute),
  dimensions: z.array(productDimension),
  currentDimension: productDimension.nullable(),
  variantImagesSrc: z.array(z.string()),
  sku: z.string(),
  price: reais,
  listPrice: reais,
  promotionalPrice: reais.nullable(),
  minPrice: reais,
  maxPrice: reais,
  isActive: z.boolean(),
  hasVariants: z.boolean(),
  isRestrictedSale: z.boolean(),
  hasShippingRestriction: z.boolean(),
  shippingRestrictionMessage: z.string().nullable(),
  soldInKilo: z.boolean(),
  amountInKilo: z.number().nullable(),
  kilogramPrice: reais.nullable(),
  clusterHighlights: z.array(z.string()),
  offerDescription: z.string().nullable(),
  specification: z.array(z.object({ name: z.string(), value: z.array(z.string()) })),
  subscriptionOffers: z.array(subscriptionOffer),
  /**
   * Units (grams for kilo products) left of a tracked product without variants and without backorder (issue 31);
   * null or absent: unlimited. 0 shows 'Indisponível'.
   */
  stockLeft: z.number().int().nullable().optional(),
});
export type Product = z.infer<typeof product>;

export const pagedProducts = z.object({
  data: z.array(product),
  page: z.number().int(),
  perPage: z.number().int(),
  hasMore: z.boolean(),
  hasData: z.boolean().optional(),
  total: z.number().int().optional(),
  token: z.string().nullable(),
});
export type PagedProducts = z.infer<typeof pagedProducts>;

export const facet = z.object({
  key: z.string(),
  name: z.string(),
  hidden: z.boolean(),
  values: z.array(
    z.object({
      value: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      range: z.object({ from: reais, to: reais }).optional(),
    }),
  ),
});
export type Facet = z.infer<typeof facet>;
