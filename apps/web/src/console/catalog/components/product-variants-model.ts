/**
 * The variant grid follows the attributes (decision 0031, "Editor and collections"): the grid is the cartesian
 * product of the options; a row already in the grid keeps what the person typed (matched by its options' codes),
 * a new row starts from the product's SKU and price. Renaming an option or an attribute renames it in the rows
 * first, so the rows keep their cells.
 */
import {
  optionCombinations,
  slugify,
  variantCode,
  type ProductAttributeInput,
  type ProductInputDraft,
} from '@vitrine/contracts/console-catalog';

type Attribute = ProductInputDraft['attributes'][number];
type Variant = ProductInputDraft['variants'][number];

const named = (attributes: Attribute[]) =>
  attributes.map((a) => ({
    name: a.name,
    options: a.options.map((o) => ({ name: o.name, redirectable: o.redirectable ?? false })),
  })) satisfies ProductAttributeInput[];

/** The grid for `attributes`, keeping the rows of `variants` whose options still exist. */
export function syncVariants(
  attributes: Attribute[],
  variants: Variant[],
  product: { sku: string; priceCents: number | null },
): Variant[] {
  // An attribute still without options does not empty the grid: it joins it with its first option.
  const usable = named(attributes).filter((a) => a.options.length > 0);
  if (usable.length === 0) return [];
  const complete = variants.filter((v) => Object.keys(v.options).length === usable.length);
  const byCode = new Map(complete.map((v) => [variantCode(v.options, usable), v]));
  return optionCombinations(usable).map((options) => {
    const code = variantCode(options, usable);
    const same = byCode.get(code);
    if (same) return { ...same, options };
    const fresh: Variant = {
      options,
      sku: autoSku(product.sku, options, usable),
      priceCents: product.priceCents ?? (null as unknown as number),
      promotionalPriceCents: null,
      isAvailable: true,
      imageUrl: null,
    };
    // A row from before an attribute was added lends its price and availability to the rows it became.
    const before = variants.find((v) => narrower(v.options, options));
    if (!before) return fresh;
    const { priceCents, promotionalPriceCents, isAvailable, imageUrl } = before;
    return { ...fresh, priceCents, promotionalPriceCents, isAvailable, imageUrl };
  });
}

/** Whether `row` names fewer attributes than `combo` and agrees with it on each (a row before an attribute was added). */
function narrower(row: Record<string, string>, combo: Record<string, string>) {
  const entries = Object.entries(row);
  const wanted = new Map(Object.entries(combo).map(([a, o]) => [slugify(a), slugify(o)]));
  return entries.length < wanted.size && entries.every(([a, o]) => wanted.get(slugify(a)) === slugify(o));
}

/** The SKU a new row gets: the product's SKU and the row's code, in one case ('TEN-40-AZUL'). */
export function autoSku(productSku: string, options: Record<string, string>, attributes: Attribute[]) {
  const code = variantCode(options, attributes);
  return (productSku ? `${productSku}-${code}` : code).toUpperCase();
}

type Rename =
  | { attribute: string }
  | {
      option: { from: string; to: string };
      sku: { product: string; before: Attribute[]; after: Attribute[] };
    };

/**
 * The rows with attribute `attribute` renamed, or its option `from` called `to`; a row whose SKU is still the
 * one it was given follows the option's new name.
 */
export function renameInVariants(variants: Variant[], attribute: string, change: Rename): Variant[] {
  const key = slugify(attribute);
  return variants.map((v) => {
    const options: Record<string, string> = {};
    for (const [name, value] of Object.entries(v.options)) {
      if (slugify(name) !== key) options[name] = value;
      else if ('attribute' in change) options[change.attribute] = value;
      else options[name] = slugify(value) === slugify(change.option.from) ? change.option.to : value;
    }
    if ('attribute' in change) return { ...v, options };
    const { product, before, after } = change.sku;
    const generated = v.sku === autoSku(product, v.options, before);
    return { ...v, options, sku: generated ? autoSku(product, options, after) : v.sku };
  });
}

/** The row's label: its options in the attributes' order ('P / Azul'). */
export const variantLabel = (variant: Variant, attributes: Attribute[]) =>
  attributes.map((a) => variant.options[a.name] ?? '—').join(' / ');
