/**
 * Send-product (spec §4, §7 `POST /api/order/send/product/{id}`): the product's name, price in BRL (the chosen
 * variant's when the options pick one), image and a link to its page `/product/{id}` opened with a new
 * contact session. 404 'Produto não encontrado.' for an unknown product of the session's shop.
 */
import type { SendProductBody, SendResult } from '@vitrine/contracts/messaging';
import { findShopProduct } from '../../modules/catalog/service.ts';
import { absoluteUrl, productParts } from '../../modules/messaging/service.ts';
import { contactTarget } from '../../modules/outbox/service.ts';
import { contactLink, queueForContact, type SendContext } from './send-common.ts';

export async function sendProductToContact(
  ctx: SendContext,
  providerId: string,
  body: SendProductBody,
): Promise<SendResult> {
  const target = contactTarget(ctx.session);
  const product = await findShopProduct(ctx.db, ctx.session.shopId, providerId);
  const chosen = new Map(body.attributes.map((a) => [a.providerId, a.optionProviderId]));
  const options = product.attributes.flatMap((attribute) => {
    const option = attribute.options.find((o) => o.providerId === chosen.get(attribute.providerId));
    return option ? [`${attribute.name}: ${option.name}`] : [];
  });
  const variant = chosen.size
    ? product.variants.find((v) =>
        [...chosen].every(([attribute, option]) => v.options[attribute] === option),
      )
    : undefined;
  const link = await contactLink(ctx, `/product/${encodeURIComponent(product.provider_id)}`);
  const parts = productParts(
    {
      name: product.name,
      priceCents: variant?.price_cents ?? product.price_cents,
      promotionalPriceCents: variant ? variant.promotional_price_cents : product.promotional_price_cents,
      soldInKilo: product.sold_in_kilo,
      brand: product.brand_name,
      options,
      imageUrl: absoluteUrl(ctx.config.publicUrl, variant?.image_url ?? product.images[0]),
      link,
    },
    target.limit,
  );
  return queueForContact(ctx, target, 'product', parts, {
    product: product.provider_id,
    options: [...chosen].sort(),
  });
}
