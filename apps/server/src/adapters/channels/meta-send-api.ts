/**
 * Messenger Send API and Instagram Messaging API: `POST {graph}/{version}/me/messages` with the Page (or
 * Instagram) access token as `Authorization: Bearer`, body `{ recipient: { id }, messaging_type: "RESPONSE",
 * message }`. Success: `{ recipient_id, message_id }`. A part with image + button becomes a generic template;
 * Messenger sends a button alone as a button template; otherwise the text carries the link.
 * Messenger's `message.metadata` carries our dedupe id (echoed back in message_echoes webhooks).
 */
import type { MessagePart } from '@vitrine/contracts/messaging';
import {
  ChannelError,
  TEXT_LIMITS,
  type ChannelAdapter,
  type DeliveryReceipt,
  type OutboundMessage,
} from './channel-adapter.ts';
import { getJson, graphError, postJson } from './http-json.ts';

export type MetaCredentials = { accessToken: string };
type MetaKind = 'messenger' | 'instagram';

const TITLE_MAX = 80;
const BUTTON_TEXT_MAX = 640;
const BUTTON_TITLE_MAX = 20;

function withLink(part: MessagePart, limit: number): string {
  const text = part.button ? `${part.text}\n\n${part.button.label}: ${part.button.url}` : part.text;
  return text.slice(0, limit);
}

/** The `message` object for one part (exported for tests and documentation). */
export function metaMessage(kind: MetaKind, part: MessagePart, dedupeId: string): Record<string, unknown> {
  const meta = kind === 'messenger' ? { metadata: dedupeId } : {};
  const button = part.button && {
    type: 'web_url',
    url: part.button.url,
    title: part.button.label.slice(0, BUTTON_TITLE_MAX),
  };
  if (button && part.imageUrl) {
    const [title = '', ...rest] = part.text.split('\n').filter((line) => line.trim());
    return {
      ...meta,
      attachment: {
        type: 'template',
        payload: {
          template_type: 'generic',
          elements: [
            {
              title: title.slice(0, TITLE_MAX),
              subtitle: rest.join(' · ').slice(0, TITLE_MAX),
              image_url: part.imageUrl,
              buttons: [button],
            },
          ],
        },
      },
    };
  }
  if (button && kind === 'messenger' && part.text.length <= BUTTON_TEXT_MAX) {
    return {
      ...meta,
      attachment: {
        type: 'template',
        payload: { template_type: 'button', text: part.text, buttons: [button] },
      },
    };
  }
  return { ...meta, text: withLink(part, TEXT_LIMITS[kind]) };
}

export class MetaSendApiAdapter implements ChannelAdapter {
  readonly maxTextLength: number;

  constructor(
    readonly kind: MetaKind,
    private readonly credentials: MetaCredentials,
    private readonly graphBaseUrl: string,
    private readonly apiVersion: string,
  ) {
    this.maxTextLength = TEXT_LIMITS[kind];
  }

  /** `GET {graph}/{version}/me?fields=id`: the page (or Instagram account) the token belongs to. */
  async testConnection(): Promise<void> {
    const response = await getJson(`${this.graphBaseUrl}/${this.apiVersion}/me?fields=id`, {
      authorization: `Bearer ${this.credentials.accessToken}`,
    });
    if (response.status < 200 || response.status >= 300) throw graphError(response);
  }

  async send(message: OutboundMessage): Promise<DeliveryReceipt> {
    if (!message.recipient) throw new ChannelError('destinatário vazio', false);
    const body = {
      recipient: { id: message.recipient },
      messaging_type: 'RESPONSE',
      message: metaMessage(this.kind, message.part, message.dedupeId),
    };
    const response = await postJson(
      `${this.graphBaseUrl}/${this.apiVersion}/me/messages`,
      JSON.stringify(body),
      {
        authorization: `Bearer ${this.credentials.accessToken}`,
      },
    );
    if (response.status < 200 || response.status >= 300) throw graphError(response);
    const id = (response.body as { message_id?: string } | null)?.message_id;
    if (!id) throw new ChannelError('resposta sem message_id', false, response.status);
    return { providerMessageId: id };
  }
}
