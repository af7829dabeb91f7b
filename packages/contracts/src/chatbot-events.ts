/**
 * The event contract of the chatbot platform (issue 19, docs/events.md): every event Vitrine posts to a shop's
 * chatbot webhook, when it fires, its body and how it is deduplicated. The OpenAPI document's `webhooks` section
 * is built from this file (apps/server/src/plugins/webhooks-doc.ts), and a test fails on an event kind the code
 * can queue that is not described here.
 */
import { z } from 'zod';
import { CHATBOT_EVENTS, type ChatbotEventType } from './messaging.ts';
import { STOCK_REASONS } from './stock.ts';

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

/** What a stock event carries (migration 0052 stock_event_data): the unit, its level and what moved it. */
const stockData = z.object({
  unit: z.object({
    sku: z.string(),
    name: z.string().describe("The product's name, with the variant's options: 'Camiseta (P, Azul)'"),
    productId: z.string().describe("The product's id (its code, as the catalogue API names it)"),
    variantId: z.string().nullable().describe("The variant's id, null for a product without variants"),
  }),
  measure: z
    .enum(['unit', 'gram'])
    .describe('Quantities in whole units, or in grams for products sold by the kilo'),
  onHand: z.number().int(),
  held: z.number().int().describe('Held by confirmed orders not yet finalized'),
  available: z.number().int().describe('onHand − held (below 0 only with backorder allowed)'),
  lowThreshold: z.number().int().describe("The product's low-stock threshold"),
  movement: z
    .object({
      reason: z
        .enum(STOCK_REASONS)
        .describe('Why stock moved: sale_held (a confirm), adjustment, import, tray_sync, inventory_api, …'),
      orderId: z.string().nullable().describe('The order whose confirm held the stock, when one did'),
    })
    .describe('The ledger movement that crossed the line'),
});

const refundedData = eventOrderData.extend({
  refund: z.object({
    id: z.string().describe('Refund id (`rfd_…`)'),
    amount: z.number().describe('What was given back, in reais, two decimals'),
    reason: z.string().describe('Why, as the shop’s staff wrote it'),
    rail: z
      .enum(['sandbox', 'mercadopago', 'pagarme', 'link', 'pix-bank', 'manual'])
      .describe('How it went back: the payment’s provider, the bank’s Pix devolution, or by hand'),
  }),
});

const editedData = eventOrderData.extend({
  edit: z.object({
    id: z.string().describe('The accepted proposal (`oed_…`)'),
    version: z.number().int().describe('The order’s version the edit made'),
    before: z.object({ totalAmout: z.number().describe('Total before, in reais') }),
    after: z.object({ totalAmout: z.number().describe('Total after, in reais') }),
    difference: z
      .number()
      .describe('after − before, in reais: above 0 more to pay, below 0 money the shop owes back'),
  }),
});

const updatedData = eventOrderData.extend({
  update: z.object({
    id: z.string().describe('The version the contact made (`oed_…`)'),
    version: z.number().int().describe('The order’s version the choice made'),
    before: z.object({ totalAmout: z.number().describe('Total before, in reais') }),
    after: z.object({ totalAmout: z.number().describe('Total after (the delivery fee added), in reais') }),
    delivery: z.object({
      name: z.string().nullable().describe('The option chosen'),
      fee: z.number().describe('The fee charged, in reais'),
      slot: z
        .object({ day: z.string(), startTime: z.string(), endTime: z.string() })
        .nullable()
        .describe('The delivery slot booked (the shop’s day and local times), or null'),
    }),
  }),
});

const cartAbandonedData = eventOrderData.extend({
  reminder: z.object({
    id: z.string().describe('The reminder (`rmd_…`)'),
    step: z.number().int().describe('1 or 2: the cart’s first or second reminder'),
    items: z
      .array(z.object({ name: z.string(), quantity: z.number() }))
      .describe('What is in the cart (gifts left out)'),
    coupon: z
      .object({
        code: z.string().describe('The code the contact types at checkout'),
        validUntil: z.string().describe('When it expires (ISO 8601, UTC)'),
      })
      .optional()
      .describe('Step 2 only, when the rule has a coupon: made for this contact, one use, expiring'),
  }),
});

const paymentReminderData = eventOrderData.extend({
  reminder: z.object({
    id: z.string().describe('The reminder (`rmd_…`)'),
    kind: z
      .enum(['pix', 'boleto', 'new_code'])
      .describe(
        'pix: the code expires soon; boleto: it is due tomorrow; new_code: the code expired and a new charge is being made (its payment message follows)',
      ),
    payment: z.object({
      id: z.string().describe('The charge the reminder is about (`pay_…`; for new_code, the expired one)'),
      method: z.number().int().describe('PaymentMethod: 1 boleto, 3 Pix'),
      expiresAt: z.string().describe('When the code expires (ISO 8601, UTC)'),
      pixCopyPaste: z.string().nullable().describe('The same Pix copy-and-paste code the contact was sent'),
      boletoLine: z.string().nullable().describe('The same boleto line the contact was sent'),
    }),
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
  'order.refunded': {
    summary: 'Money of the order was given back',
    when:
      'A refund the shop granted was sent: accepted by the payment’s provider (Mercado Pago, Pagar.me, the ' +
      'bank’s Pix devolution, the sandbox) or recorded by hand with its reference. Partial refunds fire once each.',
    once: 'Once per refund (`order.refunded:{refundId}`), however often its send was retried.',
    data: refundedData,
  },
  'order.edited': {
    summary: 'The contact accepted a change to the confirmed order',
    when:
      'The shop’s staff proposed changing a confirmed (Received) order’s lines and the contact accepted it on ' +
      'the storefront: the new lines and totals are written and the stock hold moved by the difference. The ' +
      'difference is paid or refunded through the order’s payment balance, never by itself.',
    once: 'Once per accepted proposal (`order.edited:{editId}`).',
    data: editedData,
  },
  'order.updated': {
    summary: 'The contact chose the delivery of a placed order',
    when:
      'A Received, unpaid order placed from WhatsApp’s own catalogue had no delivery option and the contact ' +
      'chose one (and its slot) on the summary’s link: the fee is added to the total at once (the contact’s ' +
      'choice is their agreement), recorded as a version of the order by the contact.',
    once: 'Once per version of the order (`order.updated:{orderId}:{version}`).',
    data: updatedData,
  },
  'payment.change_requested': {
    summary: 'The shopper asked to pay another way',
    when:
      'On the payment page the shopper chose to change the payment method: the waiting charge (if any) is ' +
      'cancelled and the order’s method cleared; the bot asks for a new one.',
    once: 'Once per order version (`payment.change_requested:{orderId}:{version}`).',
    data: eventOrderData,
  },
  'stock.low': {
    summary: 'A product is running low',
    when:
      'A movement (a confirm’s hold, an adjustment, a count from the console, the spreadsheet, Tray or the ' +
      'inventory API) took a tracked unit’s available quantity from above its product’s low threshold to at or ' +
      'below it, but above 0. Queued in the transaction of that movement.',
    once: 'Once per crossing (`stock.low:{unitId}:{movementId}`): movements further below send nothing until the unit rises above the threshold and crosses it again.',
    data: stockData,
  },
  'stock.out': {
    summary: 'A product sold out',
    when:
      'A movement took a tracked unit’s available quantity from above 0 to 0 or less (less only with backorder ' +
      'allowed). A unit falling from above its threshold straight to 0 sends this event only. Queued in the ' +
      'transaction of that movement.',
    once: 'Once per crossing (`stock.out:{unitId}:{movementId}`): nothing more until available rises above 0 and falls again.',
    data: stockData,
  },
  'cart.abandoned': {
    summary: 'A cart was left: remind the contact',
    when:
      'A cart reminder of the shop’s recovery rule (console, Recuperação) fell due and nothing stood in the way ' +
      '(opt-out, quiet hours, the contact’s cap, a confirmed, cancelled or emptied cart), and the rule delivers ' +
      'reminders as events. Queued in the reminder’s transaction, with or instead of our chat message.',
    once: 'Once per reminder (`cart.abandoned:{reminderId}`), whatever the number of instances.',
    data: cartAbandonedData,
  },
  'payment.reminder': {
    summary: 'An order is still unpaid: remind the contact',
    when:
      'A payment reminder of the shop’s recovery rule fell due — a Pix code about to expire, a boleto due ' +
      'tomorrow, or a new code after expiry — and nothing stood in the way (opt-out, quiet hours, the cap, a paid ' +
      'or cancelled order), and the rule delivers reminders as events. Outside WhatsApp’s 24-hour window only an ' +
      'approved utility template may reach the contact.',
    once: 'Once per reminder (`payment.reminder:{reminderId}`), whatever the number of instances.',
    data: paymentReminderData,
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
