import type { Queryable } from '../../db/client.ts';
import { productJsonSql, type ProductJson } from './product-sql.ts';

/** A variant of the catalogue's product JSON plus its row id (order lines reference it). */
export type VariantRow = ProductJson['variants'][number] & { id: string };

/** One product with everything its detail page and an order line need (the catalogue's product JSON). */
export type ProductRow = Omit<ProductJson, 'variants'> & { variants: VariantRow[] };

// The catalogue's product object (same shape its listings serialise) plus variant providerId → row id.
const PRODUCT_SQL = `select ${productJsonSql(
  `'variant_ids', (select coalesce(json_object_agg(v.provider_id, v.id), '{}') from product_variants v
                    where v.product_id = p.id)`,
)} as product
  from products p
 where p.shop_id = $1 and p.provider_id = $2`;

type Raw = ProductJson & { variant_ids: Record<string, string> };

/** The shop's product with that provider id, with images, attributes, variants, specifications and offers. */
export async function findProductByProviderId(
  db: Queryable,
  shopId: string,
  providerId: string,
): Promise<ProductRow | null> {
  const [row] = await db.query<{ product: Raw }>(PRODUCT_SQL, [shopId, providerId]);
  if (!row) return null;
  const { variant_ids: ids, ...product } = row.product;
  return {
    ...product,
    amount_in_kilo: product.amount_in_kilo === null ? null : Number(product.amount_in_kilo),
    variants: product.variants.map((v) => ({ ...v, id: ids[v.provider_id] ?? '' })),
  };
}
