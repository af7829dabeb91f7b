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
  type ConnectionCheck,
  type DeliveryReceipt,
  type OutboundMessage,
} from './channel-adapter.ts';
import { getJson, graphError, postJson } from './http-json.ts';

/** The page (Messenger) or Instagram account id, and its access token. */
export type MetaCredentials = { accessToken: string; accountId?: string };
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
    /** No answer in this time: a retryable failure (config PROVIDER_TIMEOUT_SECONDS; http-json's default without). */
    private readonly timeoutMs?: number,
  ) {
    this.maxTextLength = TEXT_LIMITS[kind];
  }

  /**
   * `GET {graph}/{version}/{page-id}?fields=id,name` (Instagram: `{account-id}?fields=id,username`) with the token:
   * the Graph API answers the page only when the token may read it (190 for a bad token, 100 for an unknown id),
   * and its name tells the owner the id is the page they meant. Without an id, `me?fields=id`.
   */
  async testConnection(): Promise<ConnectionCheck> {
    const { accountId, accessToken } = this.credentials;
    const fields = this.kind === 'messenger' ? 'id,name' : 'id,username';
    const path = accountId ? `${encodeURIComponent(accountId)}?fields=${fields}` : 'me?fields=id';
    const response = await getJson(
      `${this.graphBaseUrl}/${this.apiVersion}/${path}`,
      { authorization: `Bearer ${accessToken}` },
      this.timeoutMs,
    );
    if (response.status < 200 || response.status >= 300) throw graphError(response);
    const body = response.body as { name?: unknown; username?: unknown } | null;
    const name = this.kind === 'messenger' ? body?.name : body?.username;
    return typeof name === 'string' && name ? { name: name.slice(0, 100) } : {};
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
      { authorization: `Bearer ${this.credentials.accessToken}` },
      this.timeoutMs,
    );
    if (response.status < 200 || response.status >= 300) throw graphError(response);
    const id = (response.body as { message_id?: string } | null)?.message_id;
    if (!id) throw new ChannelError('resposta sem message_id', false, response.status);
    return { providerMessageId: id };
  }
}
