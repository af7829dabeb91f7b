import type { Product } from '@vitrine/contracts/catalog';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { serializeProduct } from './serialize.ts';
import type { SessionContext } from '../session/service.ts';
import { getShop, settingsOf } from '../shop/service.ts';
import { findProductByProviderId, type ProductRow } from './product-repository.ts';
import { variantWithOption } from './variants.ts';

/** `{productProviderId}Variant={optionProviderId}`: the id a redirectable option reloads the product under. */
const VARIANT_ID = /^(.+?)Variant=(.+)$/;

/** The shop's product by provider id; 404 'Produto não encontrado.' when the shop has none. */
export async function findShopProduct(
  db: Queryable,
  shopId: string,
  providerId: string,
): Promise<ProductRow> {
  const product = await findProductByProviderId(db, shopId, providerId);
  if (!product) throw notFound('productNotFound');
  return product;
}

/** Specifications without empty values; a specification left with no value is dropped. */
function nonEmptySpecifications(specification: Product['specification']): Product['specification'] {
  return specification
    .map((s) => ({ name: s.name, value: s.value.filter((v) => typeof v === 'string' && v.trim() !== '') }))
    .filter((s) => s.value.length > 0);
}

/**
 * The product detail of spec §2: the catalogue's wire product, specifications without empty values, the
 * shop's shipping-restriction message as fallback and, for the `…Variant={option}` form, the variant carrying
 * that option as currentDimension with its image first. Inactive products are 404 when the shop hides them.
 */
export async function getProductDetail(db: Queryable, session: SessionContext, id: string): Promise<Product> {
  return getShopProductDetail(db, session.shopId, id);
}

/** The same product detail for a shop by id (nothing in it depends on the session): the server's first view. */
export async function getShopProductDetail(db: Queryable, shopId: string, id: string): Promise<Product> {
  const [shop, direct] = await Promise.all([getShop(db, shopId), findProductByProviderId(db, shopId, id)]);
  const match = direct ? null : VARIANT_ID.exec(id);
  const row = direct ?? (match?.[1] ? await findProductByProviderId(db, shopId, match[1]) : null);
  const settings = settingsOf(shop);
  if (!row || (!row.is_active && settings.hiddenInactiveProducts)) throw notFound('productNotFound');

  const current = match?.[2] ? variantWithOption(row, match[2]) : null;
  if (match && !current) throw notFound('productNotFound');

  const product = serializeProduct(row);
  product.specification = nonEmptySpecifications(product.specification);
  product.shippingRestrictionMessage = row.has_shipping_restriction
    ? (row.shipping_restriction_message ?? settings.shippingRestrictionMessage)
    : null;
  if (current) {
    product.currentDimension = product.dimensions.find((d) => d.providerId === current.provider_id) ?? null;
    const image = current.image_url;
    if (image) {
      product.images = [{ url: image }, ...product.images.filter((i) => i.url !== image)];
      product.variantImagesSrc = [image, ...product.variantImagesSrc.filter((url) => url !== image)];
    }
  }
  return product;
}
