/**
 * The event contract of the chatbot platform (issue 19, docs/events.md): every event Vitrine posts to a shop's
 * chatbot webhook, when it fires, its body and how it is deduplicated. The OpenAPI document's `webhooks` section
 * is built from this file (apps/server/src/plugins/webhooks-doc.ts), and a test fails on an event kind the code
 * can queue that is not described here.
 */
import { z } from 'zod';
import { CHATBOT_EVENTS, type ChatbotEventType } from './messaging.ts';

/** The order fields every event carries (modules/messaging/events.ts orderEventData). */
export const eventOrderData = z.object({
  order: z.object({
    id: z.string().describe('Order id (`ord_…`)'),
    userId: z.string().describe("The contact's user id in the shop"),
    contactId: z.string().nullable(),
    status: z
      .number()
      .int()
      .describe('OrderStatus: 0 Creating, 1 Received, 2 Finalized, 3 Canceled, 4 Error'),
    totalAmout: z.number().describe('Order total in reais, two decimals (the spelling is the spec’s)'),
    isInSemiAutomatic: z.boolean(),
  }),
  conversation: z
    .object({
      channelType: z.number().int().describe('ChannelType: 0 Messenger, 1 WhatsApp, 2 WebChat, 3 Instagram'),
      channelId: z.string().describe('The contact on that channel (phone digits on WhatsApp)'),
    })
    .describe('Where the bot finds the conversation'),
  actor: z
    .union([
      z.object({ type: z.literal('agent'), agentId: z.string().nullable() }),
      z.object({ type: z.literal('customer') }),
    ])
    .describe('Who made the change (an order paid through a gateway webhook names the customer)'),
});

const paidData = eventOrderData.extend({
  payment: z.object({
    id: z.string().describe('Payment id (`pay_…`)'),
    method: z.number().int().describe('PaymentMethod: 0 card, 1 boleto, 3 Pix, 6 payment link, …'),
    installments: z.number().int(),
  }),
});

export type ChatbotEventDoc = {
  summary: string;
  /** When it fires (English, for integrators). */
  when: string;
  /** What makes two deliveries the same event (the queue's dedupe key; `id` is stable across retries). */
  once: string;
  data: z.ZodType;
};

/** Every chatbot event kind, described: a Record over the kinds, so a new kind does not compile until it is here. */
export const CHATBOT_EVENT_DOCS: Record<ChatbotEventType, ChatbotEventDoc> = {
  'order.confirmed': {
    summary: 'The order was placed',
    when:
      'The shopper confirmed the cart, or an agent confirmed the order on the contact’s behalf (Creating → ' +
      'Received). Queued in the confirm’s transaction; the payment instructions follow as a chat message.',
    once: 'Once per order (`order.confirmed:{orderId}`); a retried confirm does not queue it again.',
    data: eventOrderData,
  },
  'order.cancelled': {
    summary: 'The agent cancelled the open order',
    when: 'An agent cancelled the contact’s open order in the assisted sale (Creating → Canceled).',
    once: 'Once per order (`order.cancelled:{orderId}`).',
    data: eventOrderData,
  },
  'order.semiautomatic.on': {
    summary: 'The order was handed to the bot',
    when: 'An agent turned the semi-automatic flow on (`POST /api/order/semiautomatic`): the bot leads from here.',
    once: 'Once per order version, or per `Idempotency-Key` of the call.',
    data: eventOrderData,
  },
  'order.semiautomatic.off': {
    summary: 'The order is back with the agent',
    when: 'An agent turned the semi-automatic flow off: the bot stops leading the conversation.',
    once: 'Once per order version, or per `Idempotency-Key` of the call.',
    data: eventOrderData,
  },
  'order.paid': {
    summary: 'The order was paid',
    when:
      'A payment of the order was approved (card page, Pix, boleto or link; by the gateway’s answer, its webhook ' +
      'or a status check) and the order went Received → Finalized.',
    once: 'Once per order (`order.paid:{orderId}`), however many notifications the gateway sends.',
    data: paidData,
  },
  'payment.change_requested': {
    summary: 'The shopper asked to pay another way',
    when:
      'On the payment page the shopper chose to change the payment method: the waiting charge (if any) is ' +
      'cancelled and the order’s method cleared; the bot asks for a new one.',
    once: 'Once per order version (`payment.change_requested:{orderId}:{version}`).',
    data: eventOrderData,
  },
};

/** The body of every event delivery. */
export function chatbotEventBody(kind: ChatbotEventType) {
  return z.object({
    type: z.literal('event'),
    id: z
      .string()
      .describe('The delivery’s idempotency key (`obx_…`): the same on every retry; dedupe on it'),
    event: z.literal(kind),
    occurredAt: z.string().describe('When the event was queued (ISO 8601, UTC)'),
    shop: z.object({ id: z.string().describe('Shop id (`shp_…`)') }),
    data: CHATBOT_EVENT_DOCS[kind].data,
  });
}

/** The WebChat message delivery (same webhook signature, posted to the shop's `webchatUrl`). */
export const webchatMessageBody = z.object({
  type: z.literal('message'),
  id: z.string().describe('Idempotency key `{outboxId}:{part}`: the same on every retry'),
  recipient: z.string(),
  message: z.object({
    text: z.string(),
    imageUrl: z.string().optional(),
    button: z.object({ label: z.string(), url: z.string() }).optional(),
  }),
});

/** The headers of every delivery (adapters/channels/webhook-signature.ts). */
export const WEBHOOK_HEADERS = {
  'X-Vitrine-Timestamp': 'Unix seconds when the request was signed.',
  'X-Vitrine-Signature':
    '`sha256=` + hex HMAC-SHA256(signingSecret, `{X-Vitrine-Timestamp}.{raw body}`). Recompute over the raw ' +
    'body, compare in constant time, refuse a timestamp more than 5 minutes away.',
  'X-Vitrine-Event-Id': 'The idempotency key (the body’s `id`): the same on every retry and re-delivery.',
  'Idempotency-Key': 'The same key again, for receivers that dedupe on this header.',
} as const;

/** The retry policy, as the outbox worker applies it (modules/outbox/worker.ts). */
export const WEBHOOK_RETRY_POLICY =
  'Answer 2xx within 10 s. A timeout, a network error, 408, 425, 429 or 5xx is retried with the same key after ' +
  '2 s · 2^(attempt − 1) (at most 5 min), up to OUTBOX_MAX_ATTEMPTS (5) attempts in all; any other 4xx is a ' +
  'permanent refusal (not retried). A crash between your 2xx and our record of it re-sends that one delivery: ' +
  'keep the keys you took for a day and answer 2xx to a repeat without acting again.';

export { CHATBOT_EVENTS };
