import { AppError } from '../../lib/app-error.ts';
import type { ProductRow, VariantRow } from './product-repository.ts';

export type VariantChoice = {
  attributes?: { providerId: string; optionProviderId: string }[] | null;
  sku?: string | null;
};

/** The attribute providerIds a variant must be chosen by: every attribute any variant is keyed on. */
function variantKeys(product: ProductRow): Set<string> {
  const keys = new Set<string>();
  for (const variant of product.variants) for (const key of Object.keys(variant.options)) keys.add(key);
  return keys;
}

/** The variant named by a full attribute selection; 400 for an unknown option, a partial selection or no match. */
function matchAttributes(product: ProductRow, chosen: NonNullable<VariantChoice['attributes']>): VariantRow {
  const selection = new Map<string, string>();
  for (const { providerId, optionProviderId } of chosen) {
    const attribute = product.attributes.find((a) => a.providerId === providerId);
    const known = attribute?.options.some((o) => o.providerId === optionProviderId) ?? false;
    if (!known || selection.has(providerId)) throw new AppError('validation', 'variantNotFound');
    selection.set(providerId, optionProviderId);
  }
  for (const key of variantKeys(product)) {
    if (!selection.has(key)) throw new AppError('validation', 'variantRequired');
  }
  const variant = product.variants.find((v) => {
    const entries = Object.entries(v.options);
    return (
      entries.length === selection.size && entries.every(([key, option]) => selection.get(key) === option)
    );
  });
  if (!variant) throw new AppError('validation', 'variantNotFound');
  return variant;
}

/**
 * The variant an order line buys (null for a product without variants). Chosen by all of its attributes or by
 * its SKU (both must agree when both are sent); 400 'Selecione as opções do produto.' when none is chosen,
 * 400 for an unknown option/SKU, 422 when the variant is unavailable (unless `requireAvailable` is false).
 */
export function resolveVariant(
  product: ProductRow,
  choice: VariantChoice,
  requireAvailable = true,
): VariantRow | null {
  const attributes = choice.attributes ?? [];
  const sku = choice.sku && choice.sku !== product.sku ? choice.sku : null;
  if (product.variants.length === 0) {
    if (attributes.length > 0 || sku !== null) throw new AppError('validation', 'variantNotFound');
    return null;
  }
  const byAttributes = attributes.length > 0 ? matchAttributes(product, attributes) : null;
  const bySku = sku === null ? null : product.variants.find((v) => v.sku === sku);
  if (bySku === undefined) throw new AppError('validation', 'variantNotFound');
  const variant = byAttributes ?? bySku;
  if (!variant) throw new AppError('validation', 'variantRequired');
  if (byAttributes && bySku && byAttributes.id !== bySku.id)
    throw new AppError('validation', 'variantNotFound');
  if (requireAvailable && !variant.is_available) throw new AppError('unprocessable', 'variantUnavailable');
  return variant;
}

/** The first variant (available ones first) carrying `optionProviderId` for some attribute, or null. */
export function variantWithOption(product: ProductRow, optionProviderId: string): VariantRow | null {
  const matches = product.variants.filter((v) => Object.values(v.options).includes(optionProviderId));
  return matches.find((v) => v.is_available) ?? matches[0] ?? null;
}
