/**
 * What every agent send shares: the storefront link whose NEW contact session the outbox worker mints at
 * delivery (so no session code is ever stored), and queuing for the session's contact (the outbox module's
 * contactTarget: always the session's own contact, on the session's channel) under the order row lock.
 */
import { linkCatalogQuery, type LinkCatalog } from '@vitrine/contracts/catalog-link';
import type { MessagePart, SendResult } from '@vitrine/contracts/messaging';
import type { Config } from '../../config.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { enqueueForContact, KIND_BY_CHANNEL, type Target } from '../../modules/outbox/service.ts';
import { lockOrder, getOrCreateCurrentOrderRow } from '../../modules/order/service.ts';
import { contactLinkQuery, type SessionContext } from '../../modules/session/service.ts';
import { getShop } from '../../modules/shop/service.ts';

export type SendContext = { db: Db; config: Config; session: SessionContext; idempotencyKey: string | null };

/**
 * The storefront link of a message, as a path: `{path}?shop=<slug>&channel=<name>`; a catalogue choice goes both
 * in that query and in the hash query (`…&catalogType=…&catalogId=…#?catalogType=…&catalogId=…`). The shop,
 * channel and choice let the server answer with the page already drawn (decisions 0019, 0025, 0028); the web app
 * reads the choice from the hash as always. At delivery the worker makes the link absolute and puts the code of
 * a new session of the contact right after the `#` (delivery-links.ts).
 */
export async function contactLink(
  ctx: SendContext,
  path: string,
  catalog: LinkCatalog | null = null,
): Promise<string> {
  const { slug } = await getShop(ctx.db, ctx.session.shopId);
  const channel = KIND_BY_CHANNEL[ctx.session.channelType];
  const link = `${path}${contactLinkQuery({ shop: slug, channel, catalog })}`;
  return catalog ? `${link}#?${linkCatalogQuery(catalog)}` : link;
}

/** The shop's display name. */
export async function shopName(db: Queryable, shopId: string): Promise<string> {
  return (await getShop(db, shopId)).name;
}

/**
 * Queues `parts` for the session's contact in one transaction with the current order row locked
 * (`for update`), so concurrent identical sends serialise and the double-click guard holds.
 */
export async function queueForContact(
  ctx: SendContext,
  target: Target,
  type: string,
  parts: MessagePart[],
  contentKey: unknown,
): Promise<SendResult> {
  const { session } = ctx;
  return ctx.db.transaction(async (tx) => {
    const order = await getOrCreateCurrentOrderRow(tx, session);
    await lockOrder(tx, session.shopId, order.id);
    // The part linking to the storefront gets its session at delivery.
    const sessionLinkPart = parts.findLastIndex((part) => part.button?.url.startsWith('/'));
    return enqueueForContact(tx, session, target, {
      type,
      orderId: order.id,
      parts,
      contentKey,
      idempotencyKey: ctx.idempotencyKey,
      ...(sessionLinkPart < 0 ? {} : { sessionLinkPart }),
    });
  });
}
