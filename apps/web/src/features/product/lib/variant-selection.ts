/**
 * Variant choice on the product page (spec §4 "Product page"), as pure functions over the wire product.
 *
 * - A selection maps attribute providerId → option providerId.
 * - Options narrow the variants: an option is enabled only when some available variant carries it together
 *   with every other selected option (attributes no variant is keyed on never narrow anything).
 * - Clicking a selected option deselects it; clicking a redirectable option (not selected) reloads the
 *   product under `{productId}Variant={optionProviderId}`; any other enabled option is selected.
 * - Only when every visible attribute is chosen and a matching available variant exists does that variant
 *   become current (image, price / promotional price, sku).
 */
import type { Product } from '@vitrine/contracts/catalog';

export type Selection = Readonly<Record<string, string>>;
export type Dimension = Product['dimensions'][number];
export type Attribute = Product['attributes'][number];
export type AttributeOption = Attribute['options'][number];

/** What a click on an option does. */
export type OptionClick =
  | { kind: 'select'; selection: Selection }
  | { kind: 'deselect'; selection: Selection }
  | { kind: 'redirect'; productId: string }
  | { kind: 'ignore' };

/** The attribute ids the variants are keyed on (every key of any dimension map). */
export function variantKeys(dimensions: readonly Dimension[]): Set<string> {
  const keys = new Set<string>();
  for (const dimension of dimensions) for (const key of Object.keys(dimension.map)) keys.add(key);
  return keys;
}

/** Whether `dimension` agrees with every selected option it is keyed on (`except` is left out). */
function agrees(dimension: Dimension, selection: Selection, except?: string): boolean {
  return Object.entries(selection).every(
    ([attribute, option]) =>
      attribute === except || !(attribute in dimension.map) || dimension.map[attribute] === option,
  );
}

/** The variants that agree with the selection (available or not). */
export function narrowVariants(dimensions: readonly Dimension[], selection: Selection): Dimension[] {
  return dimensions.filter((dimension) => agrees(dimension, selection));
}

/**
 * Whether option `optionId` of `attributeId` can be chosen with the rest of the selection: some available
 * variant carries it and agrees with the other selected options. Options of attributes no variant is keyed
 * on (and every option of a product without variants) are always enabled.
 */
export function isOptionEnabled(
  dimensions: readonly Dimension[],
  selection: Selection,
  attributeId: string,
  optionId: string,
): boolean {
  if (!variantKeys(dimensions).has(attributeId)) return true;
  return dimensions.some(
    (dimension) =>
      dimension.isAvailable &&
      dimension.map[attributeId] === optionId &&
      agrees(dimension, selection, attributeId),
  );
}

/** The attributes the shopper picks from: none when the shop hides attributes. */
export function visibleAttributes(
  product: Pick<Product, 'attributes'>,
  hideAttributes: boolean,
): Attribute[] {
  return hideAttributes ? [] : product.attributes.filter((attribute) => attribute.options.length > 0);
}

/**
 * The current variant: null until every visible attribute is chosen; then the available variant matching
 * the selection (the product's currentDimension first when it matches), or null when none does.
 */
export function currentVariant(
  product: Pick<Product, 'dimensions' | 'currentDimension'>,
  attributes: readonly Attribute[],
  selection: Selection,
): Dimension | null {
  if (product.dimensions.length === 0) return null;
  if (!attributes.every((attribute) => selection[attribute.providerId] !== undefined)) return null;
  const matches = narrowVariants(product.dimensions, selection).filter((dimension) => dimension.isAvailable);
  const preferred = product.currentDimension?.providerId;
  return matches.find((dimension) => dimension.providerId === preferred) ?? matches[0] ?? null;
}

/** The selection a freshly loaded product starts with: its currentDimension's options (visible ones). */
export function initialSelection(
  product: Pick<Product, 'currentDimension'>,
  attributes: readonly Attribute[],
): Selection {
  const map = product.currentDimension?.map ?? {};
  const visible = new Set(attributes.map((attribute) => attribute.providerId));
  return Object.fromEntries(Object.entries(map).filter(([attribute]) => visible.has(attribute)));
}

/** The product id a redirectable option reloads the product under. */
export function variantProductId(productId: string, optionProviderId: string): string {
  return `${productId}Variant=${optionProviderId}`;
}

/** What clicking `option` of `attributeId` does, given the selection and the variants. */
export function clickOption(
  product: Pick<Product, 'providerId' | 'dimensions'>,
  selection: Selection,
  attributeId: string,
  option: AttributeOption,
): OptionClick {
  if (selection[attributeId] === option.providerId) {
    const { [attributeId]: _dropped, ...rest } = selection;
    return { kind: 'deselect', selection: rest };
  }
  if (!isOptionEnabled(product.dimensions, selection, attributeId, option.providerId)) {
    return { kind: 'ignore' };
  }
  if (option.redirectable) {
    return { kind: 'redirect', productId: variantProductId(product.providerId, option.providerId) };
  }
  return { kind: 'select', selection: { ...selection, [attributeId]: option.providerId } };
}

/** The order-line attributes of a selection, in the product's attribute order. */
export function selectionAttributes(
  attributes: readonly Attribute[],
  selection: Selection,
): { providerId: string; optionProviderId: string; redirectable: boolean }[] {
  return attributes.flatMap((attribute) => {
    const optionId = selection[attribute.providerId];
    const option = attribute.options.find((candidate) => candidate.providerId === optionId);
    return option
      ? [
          {
            providerId: attribute.providerId,
            optionProviderId: option.providerId,
            redirectable: option.redirectable,
          },
        ]
      : [];
  });
}
