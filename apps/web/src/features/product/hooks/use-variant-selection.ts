/**
 * The attribute pickers' state for one product (rules in lib/variant-selection.ts): the selection starts from
 * the product's currentDimension and resets whenever another product (or variant id) is loaded; a click
 * selects, deselects, or navigates to the redirectable variant's id.
 */
import { useCallback, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import type { Product } from '@vitrine/contracts/catalog';
import {
  clickOption,
  currentVariant,
  initialSelection,
  selectionAttributes,
  visibleAttributes,
  type Attribute,
  type AttributeOption,
  type Dimension,
  type Selection,
} from '../lib/variant-selection';

export interface VariantSelection {
  attributes: Attribute[];
  selection: Selection;
  /** The chosen variant, once every visible attribute is chosen and an available variant matches. */
  variant: Dimension | null;
  /** Order-line attributes of the selection. */
  lineAttributes: ReturnType<typeof selectionAttributes>;
  click: (attributeId: string, option: AttributeOption) => void;
}

/** `/product/{id}` for a product id; '=' of a variant id stays readable (wouter decodes with decodeURI). */
export function productPath(id: string): string {
  return `/product/${encodeURIComponent(id).replace(/%3D/gi, '=')}`;
}

export function useVariantSelection(product: Product | null, hideAttributes: boolean): VariantSelection {
  const [, navigate] = useLocation();
  const attributes = useMemo(
    () => (product ? visibleAttributes(product, hideAttributes) : []),
    [product, hideAttributes],
  );
  const [state, setState] = useState<{ product: Product | null; selection: Selection }>({
    product: null,
    selection: {},
  });
  // A new product object (first load, another id) starts from its own currentDimension.
  let selection = state.selection;
  if (state.product !== product) {
    selection = product ? initialSelection(product, attributes) : {};
    setState({ product, selection });
  }

  const click = useCallback(
    (attributeId: string, option: AttributeOption) => {
      if (!product) return;
      const result = clickOption(product, selection, attributeId, option);
      if (result.kind === 'redirect') navigate(productPath(result.productId));
      else if (result.kind !== 'ignore') setState({ product, selection: result.selection });
    },
    [product, selection, navigate],
  );

  const variant = product ? currentVariant(product, attributes, selection) : null;
  const lineAttributes = useMemo(() => selectionAttributes(attributes, selection), [attributes, selection]);
  return { attributes, selection, variant, lineAttributes, click };
}
