/**
 * WebChat and chatbot events: a signed JSON POST to the shop's chatbot webhook URL (webhook-signature.ts).
 * WebChat message body: `{ type: "message", id, recipient, message: { text, imageUrl, button } }`;
 * event body: `{ type: "event", id, event, occurredAt, shop, data }`. Any 2xx is a delivery; the provider id
 * is the `id` the receiver answers with, else our own id.
 */
import {
  ChannelError,
  TEXT_LIMITS,
  type ChannelAdapter,
  type ChatbotEvent,
  type DeliveryReceipt,
  type EventSink,
  type OutboundMessage,
} from './channel-adapter.ts';
import { postJson, retryableStatus } from './http-json.ts';
import { signedHeaders } from './webhook-signature.ts';

export type WebhookTarget = { url: string; secret: string };

export class ChatbotWebhook implements ChannelAdapter, EventSink {
  readonly kind = 'webchat' as const;
  readonly maxTextLength = TEXT_LIMITS.webchat;

  /**
   * `fetch`: required, so no caller forgets the guard: the registry's guardedFetch (public-address.ts), which in
   * production refuses private addresses at connect time.
   */
  constructor(
    private readonly target: WebhookTarget,
    private readonly fetch: typeof globalThis.fetch,
    /** No answer in this time: a retryable failure (config PROVIDER_TIMEOUT_SECONDS). */
    private readonly timeoutMs = 10_000,
  ) {}

  private async post(id: string, payload: Record<string, unknown>): Promise<DeliveryReceipt> {
    const raw = JSON.stringify(payload);
    const headers = {
      ...signedHeaders(this.target.secret, id, raw),
      // The same key as X-Vitrine-Event-Id and the body's id: a receiver drops a delivery it already took.
      'idempotency-key': id,
      'user-agent': 'Vitrine-Webhook/1',
    };
    const response = await postJson(this.target.url, raw, headers, this.timeoutMs, this.fetch);
    if (response.status < 200 || response.status >= 300) {
      throw new ChannelError(
        `webhook respondeu HTTP ${response.status}`,
        retryableStatus(response.status),
        response.status,
      );
    }
    const answered = (response.body as { id?: unknown } | null)?.id;
    return { providerMessageId: typeof answered === 'string' && answered ? answered.slice(0, 200) : id };
  }

  send(message: OutboundMessage): Promise<DeliveryReceipt> {
    return this.post(message.dedupeId, {
      type: 'message',
      id: message.dedupeId,
      recipient: message.recipient,
      message: message.part,
    });
  }

  deliver(event: ChatbotEvent): Promise<DeliveryReceipt> {
    return this.post(event.id, {
      type: 'event',
      id: event.id,
      event: event.type,
      occurredAt: event.occurredAt,
      shop: event.shop,
      data: event.data,
    });
  }
}
