/**
 * Messaging contracts (docs/decisions/0009-outbox-and-channels.md): the agent's send calls, what they answer
 * (the message is queued, not yet delivered), the delivery record of an order's messages, the chatbot events
 * and the demo inbox.
 */
import { z } from 'zod';
import { itemAttribute } from './order.ts';

/** `POST /api/order/send/product/{id}` body (spec §7): the product and the chosen options. */
export const sendProductBody = z
  .object({
    providerId: z.string().min(1).max(400).optional(),
    attributes: z
      .array(itemAttribute.partial({ redirectable: true }))
      .max(20)
      .default([]),
  })
  .strict();
export type SendProductBody = z.infer<typeof sendProductBody>;

export const CATALOG_SEARCH_MAX = 200;

/**
 * `GET /api/order/send/catalog` query (spec §3 "Catalogue settings"): at most one of categoryId, collectionId,
 * searchTerm; all empty = standard. `catalogType=ShowQuery` (optional) says the agent chose Busca, so an empty
 * term is refused instead of sending the standard catalogue.
 */
export const sendCatalogQuery = z
  .object({
    categoryId: z.string().max(200).default(''),
    collectionId: z.string().max(200).default(''),
    searchTerm: z.string().max(CATALOG_SEARCH_MAX).default(''),
    catalogType: z.enum(['Standard', 'ShowCategory', 'ShowCollection', 'ShowQuery']).optional(),
  })
  .strict();
export type SendCatalogQuery = z.infer<typeof sendCatalogQuery>;

export const outboxStatus = z.enum(['pending', 'sending', 'sent', 'failed']);
export type OutboxStatus = z.infer<typeof outboxStatus>;

/** What a send answers: the message is queued (delivery is asynchronous); `duplicate` = an earlier identical request. */
export const sendResult = z.object({
  messageId: z.string(),
  status: outboxStatus,
  duplicate: z.boolean(),
});
export type SendResult = z.infer<typeof sendResult>;

/** Order statuses of WhatsApp's `order_status` message (Orders API). */
export const WHATSAPP_ORDER_STATUSES = [
  'pending',
  'processing',
  'partially_shipped',
  'shipped',
  'completed',
  'canceled',
] as const;

/** How the `order_details` message asks for payment (`payment_settings`: Pix code, boleto line or payment link). */
export const orderPaymentSetting = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('pix'),
    code: z.string(),
    merchantName: z.string(),
    key: z.string(),
    keyType: z.enum(['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'EVP']),
  }),
  z.object({ type: z.literal('boleto'), line: z.string() }),
  z.object({ type: z.literal('link'), url: z.string() }),
]);
export type OrderPaymentSetting = z.infer<typeof orderPaymentSetting>;

/**
 * WhatsApp's own order messages (docs/decisions/0030): `details` becomes an `order_details` message (items, total,
 * the Pix/boleto/link payment), `status` an `order_status` one; amounts in centavos (the adapter writes the
 * API's value/offset form). `headline` is the one line of the template sent when the 24-hour window is closed.
 */
export const orderMessage = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('details'),
    referenceId: z.string(),
    headline: z.string(),
    items: z.array(
      z.object({
        retailerId: z.string(),
        name: z.string(),
        quantity: z.number().int(),
        amountCents: z.number().int(),
      }),
    ),
    subtotalCents: z.number().int(),
    shippingCents: z.number().int(),
    discountCents: z.number().int(),
    totalCents: z.number().int(),
    payment: orderPaymentSetting,
  }),
  z.object({
    kind: z.literal('status'),
    referenceId: z.string(),
    headline: z.string(),
    status: z.enum(WHATSAPP_ORDER_STATUSES),
    description: z.string(),
  }),
]);
export type OrderMessage = z.infer<typeof orderMessage>;

/**
 * One part of a chat message: text, optional image and optional link button; `order` makes it one of
 * WhatsApp's order messages (its text is then the message's body); `linkPreview` lets the link unfurl.
 */
/** A template parameter that stands for the part's button link, filled at delivery (a fresh session link). */
export const TEMPLATE_LINK = '{link}';

export const messagePart = z.object({
  text: z.string(),
  imageUrl: z.string().nullable().optional(),
  button: z.object({ label: z.string(), url: z.string() }).nullable().optional(),
  order: orderMessage.nullable().optional(),
  /**
   * The button's link is a storefront page whose preview (Open Graph: photo, name, price) the channel may unfurl:
   * WhatsApp then sends the text with the link in it and `preview_url: true` instead of a button (decision 0054).
   */
  linkPreview: z.boolean().optional(),
  /**
   * Quick replies (up to 3) where the channel has them: WhatsApp's reply buttons, whose tap comes back on the
   * webhook as `button_reply` with the `id` (a proposal's 'Aceitar' / 'Recusar', decision 0053).
   */
  replies: z
    .array(z.object({ id: z.string().max(256), title: z.string().max(20) }))
    .max(3)
    .optional(),
  /**
   * WhatsApp: send the part as this approved template (outside the 24-hour window, decision 0057's addendum) —
   * `parameters` fill the body's {{1}}, {{2}}… in order; TEMPLATE_LINK stands for the button's link. Other
   * channels send the text.
   */
  template: z
    .object({ name: z.string(), language: z.string(), parameters: z.array(z.string()) })
    .nullable()
    .optional(),
});
export type MessagePart = z.infer<typeof messagePart>;

/** job: work run after the commit, e.g. `payment.charge` (the gateway charge after agent confirmation). */
export const outboxKind = z.enum(['message', 'event', 'job']);

/** Delivery record of one queued message or event (`GET /api/order/messages`, agents). */
export const deliveryRecord = z.object({
  id: z.string(),
  kind: outboxKind,
  /** message: product | catalog | resume | payment; event: the event type; job: payment.charge | payment.cancel. */
  type: z.string(),
  status: outboxStatus,
  attempts: z.number().int(),
  providerMessageId: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  parts: z.array(messagePart),
});
export type DeliveryRecord = z.infer<typeof deliveryRecord>;

/** Chatbot events, delivered as signed webhooks to the shop's configured URL. */
export const CHATBOT_EVENTS = [
  'order.confirmed',
  'order.cancelled',
  'order.semiautomatic.on',
  'order.semiautomatic.off',
  'order.paid',
  'order.refunded',
  'order.edited',
  'order.updated',
  'payment.change_requested',
  'stock.low',
  'stock.out',
  'cart.abandoned',
  'payment.reminder',
] as const;
export const chatbotEventType = z.enum(CHATBOT_EVENTS);
export type ChatbotEventType = z.infer<typeof chatbotEventType>;

/** `POST /api/order/semiautomatic` body: an absolute value, or nothing to toggle. */
export const semiAutomaticBody = z.object({ isInSemiAutomatic: z.boolean().optional() }).strict().nullish();
export type SemiAutomaticBody = NonNullable<z.infer<typeof semiAutomaticBody>>;

/** `POST /api/order/pix/manual` result: the shop's key, the copy-and-paste code, its QR image and the amount (reais). */
export const manualPix = z.object({
  key: z.string(),
  code: z.string(),
  qrCode: z.string(),
  amount: z.number(),
  merchantName: z.string(),
  city: z.string(),
  txid: z.string(),
});
export type ManualPix = z.infer<typeof manualPix>;

/** Demo inbox (`GET /api/dev/inbox`, demo mode only): each contact's conversation as the contact sees it. */
export const inboxConversation = z.object({
  shop: z.object({ slug: z.string(), name: z.string() }),
  channelType: z.number().int(),
  recipient: z.string(),
  contactName: z.string().nullable(),
  messages: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      status: outboxStatus,
      createdAt: z.string(),
      parts: z.array(messagePart),
    }),
  ),
});
export type InboxConversation = z.infer<typeof inboxConversation>;
export const inbox = z.object({ conversations: z.array(inboxConversation) });
export type Inbox = z.infer<typeof inbox>;
