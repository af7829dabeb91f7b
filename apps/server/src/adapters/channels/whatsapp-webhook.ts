/**
 * The receiving side of the WhatsApp Cloud API (Meta, "Webhooks" of the WhatsApp Business Platform; payload shape
 * from Meta's Business Messaging OpenAPI v23.0, `WebhookPayload`, `StatusMessageValue`, `Statuses`):
 *
 * - verification: `GET ?hub.mode=subscribe&hub.verify_token=<ours>&hub.challenge=<n>` → answer the challenge;
 * - notifications: `POST` JSON `{ object: 'whatsapp_business_account', entry: [{ id, changes: [{ field: 'messages',
 *   value: { messaging_product, metadata: { phone_number_id, … }, contacts?, messages?, statuses? } }] }] }`,
 *   signed `X-Hub-Signature-256: sha256=<hex HMAC-SHA256(app secret, raw body)>`.
 *
 * Pure: no I/O. The route verifies, the flow finds each value's shop and queues it.
 */
import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/safe-equal.ts';

export const HUB_SIGNATURE_HEADER = 'x-hub-signature-256';

/** `sha256=<hex>` of `rawBody` with `appSecret` (tests and fakes sign with it too). */
export function hubSignature(appSecret: string, rawBody: string | Buffer): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** True when `header` is the raw body's signature with the app secret (constant-time). */
export function verifyHubSignature(appSecret: string | null, rawBody: string, header: unknown): boolean {
  if (!appSecret || typeof header !== 'string' || !/^sha256=[0-9a-f]{64}$/i.test(header)) return false;
  return safeEqual(hubSignature(appSecret, rawBody), header.toLowerCase());
}

/** The challenge to answer to Meta's verification request, or null (wrong mode or token). */
export function verificationChallenge(
  verifyToken: string | null,
  query: Record<string, unknown>,
): string | null {
  const mode = query['hub.mode'];
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  if (!verifyToken || mode !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string')
    return null;
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(challenge)) return null;
  return safeEqual(verifyToken, token) ? challenge : null;
}

/** One `value` of a change, with the number it was sent to. */
export type WhatsAppChange = { phoneNumberId: string | null; field: string; value: Record<string, unknown> };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The changes of a webhook body; null when it is not a WhatsApp Business Account notification. */
export function webhookChanges(body: unknown): WhatsAppChange[] | null {
  if (!isObject(body) || body.object !== 'whatsapp_business_account' || !Array.isArray(body.entry))
    return null;
  const changes: WhatsAppChange[] = [];
  for (const entry of body.entry) {
    if (!isObject(entry) || !Array.isArray(entry.changes)) continue;
    for (const change of entry.changes) {
      if (!isObject(change) || !isObject(change.value)) continue;
      const metadata = isObject(change.value.metadata) ? change.value.metadata : {};
      const id = metadata.phone_number_id;
      changes.push({
        phoneNumberId: typeof id === 'string' && id ? id : null,
        field: typeof change.field === 'string' ? change.field : '',
        value: change.value,
      });
    }
  }
  return changes;
}

export type WhatsAppStatus = {
  /** The wamid the status is about. */
  messageId: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  /** Our dedupe id sent as `biz_opaque_callback_data` (`<outbox id>:<part>`), when Meta echoes it. */
  callbackData: string | null;
  /** `failed`: the first error's code and title. */
  errorCode: number | null;
  errorTitle: string | null;
};

const STATUSES = new Set(['sent', 'delivered', 'read', 'failed']);

/** The statuses of a `messages` change value (malformed items left out). */
export function statusesOf(value: Record<string, unknown>): WhatsAppStatus[] {
  if (!Array.isArray(value.statuses)) return [];
  const out: WhatsAppStatus[] = [];
  for (const item of value.statuses) {
    if (!isObject(item) || typeof item.id !== 'string' || !STATUSES.has(String(item.status))) continue;
    const error = Array.isArray(item.errors) && isObject(item.errors[0]) ? item.errors[0] : null;
    out.push({
      messageId: item.id.slice(0, 200),
      status: item.status as WhatsAppStatus['status'],
      callbackData: typeof item.biz_opaque_callback_data === 'string' ? item.biz_opaque_callback_data : null,
      errorCode: error && typeof error.code === 'number' ? error.code : null,
      errorTitle: error && typeof error.title === 'string' ? error.title.slice(0, 200) : null,
    });
  }
  return out;
}
