/**
 * Orders placed from WhatsApp's own catalogue (issue 35, decision 0054's last section). A queued `messages` change
 * (whatsapp-webhook.ts) may carry `order` messages: each becomes a placed order of the contact who sent it — found
 * or created by its WhatsApp number and user id as every inbound message keys contacts — with its items named by
 * the feeds' retailer ids (`findRetailerUnits`), placed by the order module through the cart's own code at our
 * prices, stock held by the confirm. In the same transaction: the message claimed (once per shop and wamid, across
 * redeliveries and instances), the notes the agent reads on the order (items not found, sold out, prices that
 * differed), the chatbot's `order.confirmed`, and the contact's order summary with the link ('Ver pedido') to choose
 * the delivery (placed-delivery.ts), or to pay when the order has its option already.
 * A message of which nothing can be placed (every item unknown or sold out, a shop minimum) is claimed with why,
 * for the console's list, and the contact is told so with a link to the catalogue.
 * A message that cannot be an order (malformed, 500 items, a quantity below 1, an unknown currency) places
 * nothing: its reason is logged and kept on the job.
 */
import type { FastifyBaseLogger } from 'fastify';
import { ChannelType, SessionType } from '@vitrine/contracts/enums';
import { catalogOrdersOf, type CatalogOrderMessage } from '../../adapters/channels/whatsapp-catalog-order.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findRetailerUnits } from '../../modules/catalog/service.ts';
import { contactForIdentity } from '../../modules/customer/service.ts';
import {
  enqueueOrderEvent,
  notPlacedParts,
  resumeParts,
  type NotPlaced,
} from '../../modules/messaging/service.ts';
import {
  claimCatalogOrder,
  placeCatalogOrder,
  recordCatalogOrder,
  serializeOrder,
  type CatalogLine,
  type CatalogPlacement,
} from '../../modules/order/service.ts';
import { contactTarget, enqueueForContact } from '../../modules/outbox/service.ts';
import { contactLinkQuery, type SessionContext } from '../../modules/session/service.ts';
import { getShop } from '../../modules/shop/service.ts';

type Readable = Extract<CatalogOrderMessage, { refused: null }>;

/** The contact's own message acts as the contact buying on WhatsApp (no session row: nobody holds a code). */
function contactContext(shopId: string, contactId: string, message: Readable): SessionContext {
  return {
    id: `whatsapp-order:${message.messageId}`,
    shopId,
    sessionType: SessionType.Contact,
    channelType: ChannelType.WhatsApp,
    channelId: (message.phone ?? message.userId)!,
    userId: contactId,
    contactId,
    agentId: null,
    expiresAt: new Date(),
  };
}

/** The sender's contact, found or created by its WhatsApp number and user id, acting as itself. */
async function contactOf(tx: Queryable, shopId: string, message: Readable) {
  const contactId = await contactForIdentity(tx, shopId, {
    channelType: ChannelType.WhatsApp,
    name: message.name,
    phone: message.phone,
    userId: message.userId,
  });
  return { contactId, session: contactContext(shopId, contactId, message) };
}

/**
 * Tells the contact, once per WhatsApp message (the dedupe key names its wamid), that nothing of the order could
 * be placed and why, with a link to the shop's catalogue (a new session of theirs at delivery).
 */
async function tellNotPlaced(tx: Queryable, session: SessionContext, messageId: string, why: NotPlaced) {
  const shop = await getShop(tx, session.shopId);
  const target = contactTarget(session);
  const link = `/catalog${contactLinkQuery({ shop: shop.slug, channel: target.channel })}`;
  const parts = notPlacedParts(shop.name, why, target.limit, link);
  await enqueueForContact(tx, session, target, {
    type: 'catalog',
    orderId: null,
    parts,
    contentKey: parts.map((part) => part.text),
    idempotencyKey: null,
    dedupeKey: `whatsapp-order-not-placed:${messageId}`.slice(0, 200),
    sessionLinkPart: 0,
  });
}

/** What the agent reads on the order: what was left out, what was priced differently, the contact's text. */
function notesOf(message: Readable, missing: string[], placement: CatalogPlacement | null): string[] {
  const notes: string[] = [];
  if (missing.length) notes.push(`Itens não encontrados no catálogo da loja: ${missing.join(', ')}`);
  if (placement?.unavailable.length) notes.push(`Itens indisponíveis: ${placement.unavailable.join(', ')}`);
  if (placement?.soldOut.length) notes.push(`Sem estoque: ${placement.soldOut.join(' ')}`);
  if (placement?.repriced.length)
    notes.push(`Preço diferente no WhatsApp, cobrado o da loja: ${placement.repriced.join('; ')}`);
  const foreign = [...new Set(message.items.map((i) => i.currency).filter((c) => c !== 'BRL'))];
  if (foreign.length)
    notes.push(`Preços do WhatsApp em ${foreign.join(', ')}: cobrados os preços da loja em reais.`);
  if (message.text.trim()) notes.push(`Mensagem do cliente: ${message.text.trim()}`);
  return notes;
}

/** The lines of a message in our catalogue (a retailer id sent twice adds up) and the ids we do not sell. */
async function linesOf(db: Queryable, shopId: string, message: Readable) {
  const quantities = new Map<string, { quantity: number; priceCents: number | null }>();
  for (const item of message.items) {
    const seen = quantities.get(item.retailerId);
    quantities.set(item.retailerId, {
      quantity: (seen?.quantity ?? 0) + item.quantity,
      priceCents: item.currency === 'BRL' ? item.priceCents : null,
    });
  }
  const units = await findRetailerUnits(db, shopId, [...quantities.keys()]);
  const lines: CatalogLine[] = [];
  const missing: string[] = [];
  for (const [retailerId, { quantity, priceCents }] of quantities) {
    const unit = units.get(retailerId);
    if (!unit) missing.push(retailerId);
    else lines.push({ ...unit, quantity, whatsAppPriceCents: priceCents });
  }
  return { lines, missing };
}

/** Places one readable message in one transaction; the note for the job. */
async function placeMessage(db: Db, shopId: string, message: Readable): Promise<string> {
  const { lines, missing } = await linesOf(db, shopId, message);
  return db.transaction(async (tx) => {
    if (!(await claimCatalogOrder(tx, shopId, message.messageId, message.catalogId)))
      return `pedido do catálogo ${message.messageId}: já recebido`;
    const { contactId, session } = await contactOf(tx, shopId, message);
    const placement = await placeCatalogOrder(tx, session, lines);
    const notes = notesOf(message, missing, placement);
    const { placed } = placement;
    if (!placed) {
      await recordCatalogOrder(tx, shopId, message.messageId, contactId, null, [
        'Nenhum item pôde ser pedido.',
        ...notes,
      ]);
      await tellNotPlaced(tx, session, message.messageId, {
        unknown: missing.length,
        unavailable: placement.unavailable,
        soldOut: placement.soldOut,
        refusal: null,
      });
      return `pedido do catálogo ${message.messageId}: nenhum item pôde ser pedido`;
    }
    await recordCatalogOrder(tx, shopId, message.messageId, contactId, placed.order.id, notes);
    await enqueueOrderEvent(tx, 'order.confirmed', placed.order, session);
    const shop = await getShop(tx, shopId);
    const target = contactTarget(session);
    // Without a delivery option (the message has none), the link opens the contact's choice of it first.
    const page = placed.order.checkout?.logistic ? '/order/payment' : `/order/delivery/${placed.order.id}`;
    const link = `${page}${contactLinkQuery({ shop: shop.slug, channel: target.channel })}`;
    const parts = resumeParts(shop.name, serializeOrder(placed), target.limit, link);
    await enqueueForContact(tx, session, target, {
      type: 'resume',
      orderId: placed.order.id,
      parts,
      contentKey: parts.map((part) => part.text),
      idempotencyKey: null,
      dedupeKey: `whatsapp-order:${placed.order.id}`,
      sessionLinkPart: parts.length - 1,
    });
    return `pedido do catálogo ${message.messageId}: pedido ${placed.order.id}`;
  });
}

/** A message the confirm refused (a shop minimum not reached): claimed with the reason, no order; the contact told. */
async function recordRefusal(db: Db, shopId: string, message: Readable, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await claimCatalogOrder(tx, shopId, message.messageId, message.catalogId))) return;
    const { contactId, session } = await contactOf(tx, shopId, message);
    await recordCatalogOrder(tx, shopId, message.messageId, contactId, null, [
      `Pedido não criado: ${reason}`,
    ]);
    await tellNotPlaced(tx, session, message.messageId, {
      unknown: 0,
      unavailable: [],
      soldOut: [],
      refusal: reason,
    });
  });
}

/** Places the `order` messages of a queued change; one note per message (refused ones logged with their reason). */
export async function receiveCatalogOrders(
  db: Db,
  log: FastifyBaseLogger | null,
  shopId: string,
  value: Record<string, unknown>,
): Promise<string[]> {
  const notes: string[] = [];
  for (const message of catalogOrdersOf(value)) {
    if (message.refused !== null) {
      log?.warn({ shopId, messageId: message.messageId, reason: message.refused }, 'whatsapp order refused');
      notes.push(`pedido do catálogo ${message.messageId || '?'} recusado: ${message.refused}`);
      continue;
    }
    try {
      notes.push(await placeMessage(db, shopId, message));
    } catch (error) {
      if (!(error instanceof AppError) || error.kind !== 'unprocessable') throw error;
      log?.warn({ shopId, messageId: message.messageId, code: error.code }, 'whatsapp order not placed');
      await recordRefusal(db, shopId, message, error.message);
      notes.push(`pedido do catálogo ${message.messageId} não criado: ${error.message}`);
    }
  }
  return notes;
}
