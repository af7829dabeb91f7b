/**
 * WhatsApp Business Cloud API: `POST {graph}/{version}/{phone-number-id}/messages` with
 * `Authorization: Bearer <token>` and `messaging_product: "whatsapp"`. A part with a button becomes an
 * interactive `cta_url` message (image header when the part has an image) — unless its link should unfurl
 * (`linkPreview`: product details, catalogue), then a `text` message with the link and `preview_url: true` —, a
 * part with an image an `image` message with caption, anything else a `text` message. Success: `{ messages: [{ id: "wamid…" }] }`.
 * The API takes no idempotency key; `biz_opaque_callback_data` carries our dedupe id into status webhooks.
 * A part with an `order` becomes WhatsApp's own `order_details` / `order_status` message (whatsapp-order.ts); when
 * the API refuses it because the 24-hour customer-service window is closed, the shop's order template is sent. A part
 * with a `template` (a recovery reminder outside the window) is sent as that approved template.
 */
import { TEMPLATE_LINK, type MessagePart } from '@vitrine/contracts/messaging';
import {
  ChannelError,
  TEXT_LIMITS,
  type ChannelAdapter,
  type DeliveryReceipt,
  type OutboundMessage,
} from './channel-adapter.ts';
import { getJson, graphError, postJson } from './http-json.ts';
import {
  DEFAULT_ORDER_TEMPLATE,
  orderInteractive,
  orderTemplate,
  WINDOW_CLOSED_CODE,
} from './whatsapp-order.ts';

export type WhatsAppCredentials = {
  phoneNumberId: string;
  accessToken: string;
  /** The approved template sent instead of an order message when the window is closed. */
  orderTemplate?: string;
};

const CAPTION_MAX = 1024;
const INTERACTIVE_BODY_MAX = 1024;
const BUTTON_LABEL_MAX = 20;

/** The Cloud API request body for one part (exported for tests and documentation). */
export function whatsAppBody(to: string, part: MessagePart, dedupeId: string): Record<string, unknown> {
  const base = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    biz_opaque_callback_data: dedupeId,
  };
  const text = part.text;
  if (part.template) return { ...base, type: 'template', template: approvedTemplate(part) };
  if (part.order) return { ...base, type: 'interactive', interactive: orderInteractive(text, part.order) };
  // Reply buttons (up to 3): the tap comes back as a `button_reply` message naming the button's id.
  if (part.replies?.length && text && text.length <= INTERACTIVE_BODY_MAX) {
    return {
      ...base,
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text },
        action: {
          buttons: part.replies.map((reply) => ({
            type: 'reply',
            reply: { id: reply.id, title: reply.title.slice(0, BUTTON_LABEL_MAX) },
          })),
        },
      },
    };
  }
  // A storefront link that unfurls (product details, catalogue): a text with the link and preview_url, so
  // WhatsApp draws the page's preview card (its og:image, name and price) under the text.
  if (part.button && part.linkPreview) return { ...base, type: 'text', text: linkText(text, part.button) };
  if (part.button && text.length <= INTERACTIVE_BODY_MAX) {
    return {
      ...base,
      type: 'interactive',
      interactive: {
        type: 'cta_url',
        ...(part.imageUrl ? { header: { type: 'image', image: { link: part.imageUrl } } } : {}),
        body: { text },
        action: {
          name: 'cta_url',
          parameters: { display_text: part.button.label.slice(0, BUTTON_LABEL_MAX), url: part.button.url },
        },
      },
    };
  }
  if (part.imageUrl && !part.button && text.length <= CAPTION_MAX) {
    return { ...base, type: 'image', image: { link: part.imageUrl, caption: text } };
  }
  if (part.button) return { ...base, type: 'text', text: linkText(text, part.button) };
  return { ...base, type: 'text', text: { preview_url: true, body: text.slice(0, TEXT_LIMITS.whatsapp) } };
}

/**
 * A part to send as an approved template (a recovery reminder outside the 24-hour window): Meta's TemplateObject —
 * name, language (policy 'deterministic', required by the OpenAPI's LanguageObject), and a body component whose
 * text parameters fill {{1}}, {{2}}… in order; TEMPLATE_LINK becomes the part's button link, completed at delivery.
 */
function approvedTemplate(part: MessagePart): Record<string, unknown> {
  const template = part.template!;
  const parameters = template.parameters.map((value) => ({
    type: 'text',
    text: value === TEMPLATE_LINK ? (part.button?.url ?? '-') : value,
  }));
  return {
    name: template.name,
    language: { policy: 'deterministic', code: template.language },
    ...(parameters.length ? { components: [{ type: 'body', parameters }] } : {}),
  };
}

/** A text message ending with the link, which WhatsApp previews (`preview_url`: the first URL of the body). */
function linkText(text: string, button: { label: string; url: string }) {
  const link = `\n\n${button.label}: ${button.url}`;
  return { preview_url: true, body: `${text.slice(0, TEXT_LIMITS.whatsapp - link.length)}${link}` };
}

export class WhatsAppCloudAdapter implements ChannelAdapter {
  readonly kind = 'whatsapp' as const;
  readonly maxTextLength = TEXT_LIMITS.whatsapp;

  constructor(
    private readonly credentials: WhatsAppCredentials,
    private readonly graphBaseUrl: string,
    private readonly apiVersion: string,
    /** No answer in this time: a retryable failure (config PROVIDER_TIMEOUT_SECONDS; http-json's default without). */
    private readonly timeoutMs?: number,
  ) {}

  async send(message: OutboundMessage): Promise<DeliveryReceipt> {
    const to = message.recipient.replace(/\D/g, '');
    if (!to) throw new ChannelError('destinatário sem telefone', false);
    const body = whatsAppBody(to, message.part, message.dedupeId);
    const order = message.part.order;
    const template = () => orderTemplate(this.credentials.orderTemplate || DEFAULT_ORDER_TEMPLATE, order!);
    if (order && message.templateOnly) {
      return this.post({ ...body, type: 'template', interactive: undefined, template: template() });
    }
    try {
      return await this.post(body);
    } catch (error) {
      // Outside the 24-hour window only a template may be sent: the order's, with its headline.
      if (!order || !(error instanceof ChannelError) || error.providerCode !== WINDOW_CLOSED_CODE)
        throw error;
      return this.post({ ...body, type: 'template', interactive: undefined, template: template() });
    }
  }

  /** `GET {graph}/{version}/{phone-number-id}?fields=id,display_phone_number`: the number the token may use. */
  async testConnection(): Promise<void> {
    const id = encodeURIComponent(this.credentials.phoneNumberId);
    const url = `${this.graphBaseUrl}/${this.apiVersion}/${id}?fields=id,display_phone_number`;
    const response = await getJson(
      url,
      { authorization: `Bearer ${this.credentials.accessToken}` },
      this.timeoutMs,
    );
    if (response.status < 200 || response.status >= 300) throw graphError(response);
  }

  private async post(body: Record<string, unknown>): Promise<DeliveryReceipt> {
    const url = `${this.graphBaseUrl}/${this.apiVersion}/${encodeURIComponent(this.credentials.phoneNumberId)}/messages`;
    const response = await postJson(
      url,
      JSON.stringify(body),
      { authorization: `Bearer ${this.credentials.accessToken}` },
      this.timeoutMs,
    );
    if (response.status < 200 || response.status >= 300) throw graphError(response);
    const id = (response.body as { messages?: { id?: string }[] } | null)?.messages?.[0]?.id;
    if (!id) throw new ChannelError('resposta sem id da mensagem', false, response.status);
    return { providerMessageId: id };
  }
}
