import type { SeedCategory, SeedProduct } from './types.ts';

/** A top category with its subcategories; `palette` colours the placeholder images of its products. */
export interface TreeNode {
  providerId: string;
  name: string;
  description: string | null;
  palette: readonly string[];
  children: readonly { providerId: string; name: string; blurb: string }[];
}

/** Parents first, then their children, with positions in listing order. */
export function flattenTree(tree: readonly TreeNode[]): SeedCategory[] {
  const out: SeedCategory[] = [];
  tree.forEach((top, position) => {
    out.push({
      providerId: top.providerId,
      name: top.name,
      description: top.description,
      parentProviderId: null,
      position,
    });
    top.children.forEach((child, childPosition) =>
      out.push({
        providerId: child.providerId,
        name: child.name,
        description: child.blurb,
        parentProviderId: top.providerId,
        position: childPosition,
      }),
    );
  });
  return out;
}

/** Looks up the top node and subcategory of a subcategory providerId. */
export function subcategory(tree: readonly TreeNode[], providerId: string) {
  for (const top of tree) {
    const child = top.children.find((c) => c.providerId === providerId);
    if (child) return { top, child };
  }
  throw new Error(`Subcategoria desconhecida: ${providerId}`);
}

/** A product with every optional field at its default. */
export function product(
  required: Pick<SeedProduct, 'providerId' | 'sku' | 'name' | 'categoryProviderId' | 'priceCents'> &
    Partial<SeedProduct>,
): SeedProduct {
  return {
    description: null,
    brandName: null,
    sellerName: null,
    promotionalPriceCents: null,
    isActive: true,
    isRestrictedSale: false,
    shippingRestrictionMessage: null,
    kilo: null,
    clusterHighlights: [],
    offerDescription: null,
    ranking: 0,
    images: [],
    attributes: [],
    variants: [],
    specifications: [],
    subscriptions: [],
    ...required,
  };
}
