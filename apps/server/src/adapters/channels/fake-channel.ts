/**
 * The demo and test channel: keeps every part "sent to the contact" in memory and answers like a provider.
 * The demo inbox reads the outbox rows themselves, so nothing is lost on restart. Tests can make it fail
 * the next N sends (`failNext`) to exercise retries. A WhatsApp order part is checked as the Cloud API would
 * (fake-whatsapp-cloud.ts): a payload it refuses fails the delivery for good, as the real adapter's would.
 */
import { randomUUID } from 'node:crypto';
import {
  ChannelError,
  TEXT_LIMITS,
  type ChannelAdapter,
  type ChatbotEvent,
  type DeliveryReceipt,
  type EventSink,
  type OutboundMessage,
} from './channel-adapter.ts';
import { answerWhatsApp, newWhatsAppFakeState, type WhatsAppFakeState } from './fake-whatsapp-cloud.ts';
import { whatsAppBody } from './whatsapp-cloud.ts';

/** The order references the demo's fake WhatsApp has seen (one per process, like one Cloud API account). */
const demoWhatsApp = newWhatsAppFakeState();

export type FakeDelivery =
  | { kind: 'message'; shopId: string; message: OutboundMessage; providerMessageId: string }
  | { kind: 'event'; shopId: string; event: ChatbotEvent; providerMessageId: string };

export class FakeChannel implements ChannelAdapter, EventSink {
  readonly kind = 'fake' as const;
  readonly maxTextLength = TEXT_LIMITS.whatsapp;
  /** Everything delivered, in order (shared by every shop's fake in a registry). */
  readonly delivered: FakeDelivery[];

  constructor(
    readonly shopId: string,
    shared: FakeDelivery[] = [],
    private readonly failState = { count: 0 },
    private readonly whatsApp: WhatsAppFakeState = demoWhatsApp,
  ) {
    this.delivered = shared;
  }

  /** Makes the next `count` deliveries (across the registry) fail with a retryable error. */
  failNext(count: number): void {
    this.failState.count = count;
  }

  private maybeFail(): void {
    if (this.failState.count > 0) {
      this.failState.count -= 1;
      throw new ChannelError('canal de teste indisponível', true, 503);
    }
  }

  /** Refuses an order part the Cloud API would refuse (its error code and message). */
  private checkOrderPart(message: OutboundMessage): void {
    if (!message.part.order) return;
    const to = message.recipient.replace(/\D/g, '');
    const answer = answerWhatsApp(this.whatsApp, whatsAppBody(to, message.part, message.dedupeId));
    if (answer.status === 200) return;
    const error = (answer.body as { error: { code: number; message: string } }).error;
    throw new ChannelError(`HTTP 400 código ${error.code}: ${error.message}`, false, 400, String(error.code));
  }

  async send(message: OutboundMessage): Promise<DeliveryReceipt> {
    this.maybeFail();
    this.checkOrderPart(message);
    const providerMessageId = `fake_${randomUUID()}`;
    this.delivered.push({ kind: 'message', shopId: this.shopId, message, providerMessageId });
    return { providerMessageId };
  }

  /** Answers like a provider accepting the credentials (or fails while `failNext` is armed). */
  async testConnection(): Promise<void> {
    this.maybeFail();
  }

  async deliver(event: ChatbotEvent): Promise<DeliveryReceipt> {
    this.maybeFail();
    const providerMessageId = `fake_${randomUUID()}`;
    this.delivered.push({ kind: 'event', shopId: this.shopId, event, providerMessageId });
    return { providerMessageId };
  }
}

/** A registry that answers every shop and channel with a fake sharing one delivery log (tests). */
export function fakeRegistry() {
  const delivered: FakeDelivery[] = [];
  const failState = { count: 0 };
  const whatsApp = newWhatsAppFakeState();
  const registry = {
    delivered,
    whatsApp,
    failNext: (count: number) => {
      failState.count = count;
    },
    channel: async (shopId: string) => new FakeChannel(shopId, delivered, failState, whatsApp),
    events: async (shopId: string) => new FakeChannel(shopId, delivered, failState, whatsApp),
  };
  return registry;
}
