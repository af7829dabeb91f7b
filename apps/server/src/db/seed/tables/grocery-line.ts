/**
 * A line of packaged goods of the grocery demo shop, combined as `${base} ${brand} ${size}`
 * (e.g. 'Açúcar Cristal União 1kg'). Prices are the reference price of each size in centavos;
 * each brand shifts it a little.
 */
export interface GroceryLine {
  category: string;
  base: string;
  brands: readonly string[];
  sizes: readonly (readonly [label: string, priceCents: number])[];
  /** Offered as a subscription (weekly and monthly). */
  subscription?: boolean;
  highlights?: readonly string[];
  offer?: string;
  allergens?: readonly string[];
}

export const line = (
  category: string,
  base: string,
  brands: readonly string[],
  sizes: readonly (readonly [string, number])[],
  extra: Partial<GroceryLine> = {},
): GroceryLine => ({ category, base, brands, sizes, ...extra });

export const GLUTEN = ['Contém glúten'];
export const MILK = ['Contém leite e derivados'];
export const MILK_GLUTEN = ['Contém glúten', 'Contém leite e derivados', 'Pode conter soja'];
