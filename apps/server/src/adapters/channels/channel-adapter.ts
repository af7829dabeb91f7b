/**
 * Channel adapters: one interface for delivering a chat message part to a contact, whatever the channel
 * (WhatsApp Cloud API, Messenger Send API, Instagram Messaging API, WebChat via the chatbot webhook), plus
 * the signed webhook sink of chatbot events. Real HTTP implementations live next to this file; the demo and
 * tests use fake-channel.ts. See docs/decisions/0009-outbox-and-channels.md.
 */
import type { MessagePart } from '@vitrine/contracts/messaging';

export type ChannelKind = 'whatsapp' | 'messenger' | 'instagram' | 'webchat';

export type OutboundMessage = {
  /** Whom to deliver to: phone digits (WhatsApp), PSID/IGSID (Messenger/Instagram), WebChat user id. */
  recipient: string;
  part: MessagePart;
  /** Stable per outbox row and part: sent where the API takes one, so the receiver can drop a repeat. */
  dedupeId: string;
  /** WhatsApp: send an order part as the shop's approved template straight away (the window is known closed). */
  templateOnly?: boolean;
};

export type DeliveryReceipt = { providerMessageId: string };

/** What a passed connection test learnt: the page's name (Messenger) or the account's @username (Instagram). */
export type ConnectionCheck = { name?: string };

export interface ChannelAdapter {
  readonly kind: ChannelKind | 'fake';
  /** Longest text one message may carry on this channel. */
  readonly maxTextLength: number;
  /** Delivers one part; throws ChannelError when the provider refuses or cannot be reached. */
  send(message: OutboundMessage): Promise<DeliveryReceipt>;
  /**
   * A cheap authenticated read of the provider's API (console "Testar conexão"): resolves when the credentials
   * are accepted (with the page's or account's name when the provider tells it), throws ChannelError otherwise.
   * Absent where the provider offers no such read (WebChat).
   */
  testConnection?(): Promise<ConnectionCheck | void>;
}

export type ChatbotEvent = {
  /** Stable event id (the outbox row id): the receiver dedupes on it. */
  id: string;
  type: string;
  occurredAt: string;
  shop: { id: string };
  data: Record<string, unknown>;
};

export interface EventSink {
  deliver(event: ChatbotEvent): Promise<DeliveryReceipt>;
}

/** Text limits per channel (characters): WhatsApp text body 4096, Messenger 2000, Instagram 1000. */
export const TEXT_LIMITS: Record<ChannelKind, number> = {
  whatsapp: 4096,
  messenger: 2000,
  instagram: 1000,
  webchat: 4096,
};

/** A delivery failure; `retryable` says whether another attempt may succeed (network, 5xx, rate limits). */
export class ChannelError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status: number | null = null,
    readonly providerCode: string | null = null,
  ) {
    super(message);
    this.name = 'ChannelError';
  }
}

/** Resolves the adapter (or event sink) a shop delivers through; throws ChannelError when none is configured. */
export interface AdapterRegistry {
  channel(shopId: string, kind: ChannelKind): Promise<ChannelAdapter>;
  events(shopId: string): Promise<EventSink>;
}
