/**
 * What a save would change (decision 0031): the input as the writer stores it (`normalised`) and the parts of a
 * product that differ from the stored copy (`changedParts`) — nothing differing, nothing written. Pure: the
 * statements are product-writer.ts's.
 */
import { slugify, type ProductChange, type ProductInput } from '@vitrine/contracts/console-catalog';
import { sanitizeDescription } from './rich-text.ts';

/** The input as it will be stored, so comparing it with the stored copy finds only real changes. */
export function normalised(p: ProductInput): ProductInput {
  const offers = new Map(p.subscriptionOffers.map((o) => [`${o.recurrenceType}:${o.frequency}`, o]));
  const blank = (text: string | null) => (text === '' ? null : text);
  return {
    ...p,
    brandName: blank(p.brandName),
    sellerName: blank(p.sellerName),
    shippingRestrictionMessage: blank(p.shippingRestrictionMessage),
    offerDescription: blank(p.offerDescription),
    description: sanitizeDescription(p.description),
    amountInKilo: p.soldInKilo ? p.amountInKilo : null,
    kilogramPriceCents: p.soldInKilo ? p.kilogramPriceCents : null,
    subscriptionOffers: [...offers.values()].sort(
      (a, b) => a.recurrenceType - b.recurrenceType || a.frequency - b.frequency,
    ),
  };
}

const PARTS: Record<Exclude<ProductChange, 'created'>, (p: ProductInput) => unknown> = {
  price: (p) => [p.priceCents, p.listPriceCents, p.promotionalPriceCents, p.kilogramPriceCents],
  category: (p) => p.categoryCode,
  active: (p) => p.isActive,
  description: (p) => p.description,
  fields: (p) => [
    p.sku,
    p.name,
    p.brandName,
    p.sellerName,
    p.isRestrictedSale,
    p.hasShippingRestriction,
    p.shippingRestrictionMessage,
    p.soldInKilo,
    p.amountInKilo,
    p.clusterHighlights,
    p.offerDescription,
  ],
  attributes: (p) => p.attributes,
  variants: (p) =>
    p.variants.map((v) => [
      p.attributes.map((a) => [a.name, optionOf(v.options, a.name)]),
      v.sku,
      v.priceCents,
      v.promotionalPriceCents,
      v.isAvailable,
      v.imageUrl,
    ]),
  specifications: (p) => p.specifications,
  subscriptionOffers: (p) => p.subscriptionOffers,
};

/** The parts of `next` that differ from `stored`. */
export function changedParts(stored: ProductInput, next: ProductInput): ProductChange[] {
  return (Object.keys(PARTS) as (keyof typeof PARTS)[]).filter(
    (part) => JSON.stringify(PARTS[part](stored)) !== JSON.stringify(PARTS[part](next)),
  );
}

/** The option a variant names for `attribute` (matched by slug), or null. */
export const optionOf = (options: Record<string, string>, attribute: string) =>
  Object.entries(options).find(([a]) => slugify(a) === slugify(attribute))?.[1] ?? null;
