/**
 * Mercado Pago webhook notifications (shared by mercadopago.ts and payment-link.ts).
 *
 * Source: Mercado Pago Developers, "Webhooks – Notificações" / "Configurar notificações"
 * (https://www.mercadopago.com.br/developers/pt/docs/your-integrations/notifications/webhooks): the POST carries
 * `x-signature: ts=<unix>,v1=<hex>` and `x-request-id`; the resource id arrives in the query string as `data.id`
 * (with `type=payment`). v1 = hex HMAC-SHA256(webhook secret, manifest) with the manifest
 * `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` — data.id lowercased when alphanumeric, and a part left out
 * when its value is absent. The body is not signed, so only the signed values are trusted: the resource id
 * comes from the query and the service fetches the payment (status null).
 *
 * Replays: `ts` must be within the tolerance (5 minutes by default) of our clock. `ts` is read as seconds, or as
 * milliseconds when it is that large.
 */
import { createHmac } from 'node:crypto';
import { GatewayError, type WebhookRequest } from './gateway.ts';
import { safeEqual } from '../../lib/safe-equal.ts';
import { header, invalidSignature, isObject, str } from './gateway-http.ts';

export type MercadoPagoWebhookOptions = {
  webhookSecret: string;
  /** Accepted clock difference, seconds (default 300). */
  toleranceSeconds?: number;
  now?: () => number;
};

export type VerifiedMercadoPagoNotification = {
  /** The resource id (a Mercado Pago payment id for `type=payment`). */
  dataId: string;
  requestId: string | null;
  ts: string;
  /** Notification id from the body when there is one (dedupe), else derived from signed values. */
  eventId: string;
};

/**
 * `url` with `source_news=webhooks`: Mercado Pago then notifies only through (signed) Webhooks, never also through
 * the unsigned IPN (`?topic=…&id=…`) calls we would have to answer 401 forever.
 */
export function webhooksOnly(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('source_news', 'webhooks');
  return parsed.toString();
}

/** The manifest Mercado Pago signs. */
export function mercadoPagoManifest(dataId: string | null, requestId: string | null, ts: string): string {
  const id = dataId && /^[0-9a-zA-Z]+$/.test(dataId) ? dataId.toLowerCase() : dataId;
  return `${id ? `id:${id};` : ''}${requestId ? `request-id:${requestId};` : ''}ts:${ts};`;
}

/** `ts=…,v1=…` for tests and fakes. */
export function mercadoPagoSignature(secret: string, dataId: string, requestId: string, ts: string): string {
  const v1 = createHmac('sha256', secret)
    .update(mercadoPagoManifest(dataId, requestId, ts))
    .digest('hex');
  return `ts=${ts},v1=${v1}`;
}

function parseSignatureHeader(value: string): { ts: string | null; v1: string | null } {
  const parts: Record<string, string> = {};
  for (const piece of value.split(',')) {
    const at = piece.indexOf('=');
    if (at > 0) parts[piece.slice(0, at).trim()] = piece.slice(at + 1).trim();
  }
  return { ts: parts.ts ?? null, v1: parts.v1 ?? null };
}

/**
 * Verifies signature and timestamp; throws GatewayError 'invalidSignature' otherwise. A notification about
 * something other than a payment (e.g. `merchant_order`) throws GatewayError 'badResponse' (not retryable)
 * after the signature holds: the route should acknowledge it (200) and ignore it.
 */
export function verifyMercadoPagoNotification(
  request: WebhookRequest,
  options: MercadoPagoWebhookOptions,
): VerifiedMercadoPagoNotification {
  if (!options.webhookSecret) throw invalidSignature('segredo do webhook não configurado');
  const signature = header(request.headers, 'x-signature');
  if (!signature) throw invalidSignature('sem x-signature');
  const { ts, v1 } = parseSignatureHeader(signature);
  if (!ts || !/^\d{1,16}$/.test(ts) || !v1) throw invalidSignature('x-signature malformado');
  const dataId = request.query['data.id'] ?? null;
  if (!dataId) throw invalidSignature('sem data.id na URL');
  const requestId = header(request.headers, 'x-request-id');

  const expected = createHmac('sha256', options.webhookSecret)
    .update(mercadoPagoManifest(dataId, requestId, ts))
    .digest('hex');
  if (!safeEqual(expected, v1.toLowerCase())) throw invalidSignature('assinatura não confere');

  const tsSeconds = Number(ts) > 1e12 ? Number(ts) / 1000 : Number(ts);
  const nowSeconds = (options.now ?? Date.now)() / 1000;
  if (Math.abs(nowSeconds - tsSeconds) > (options.toleranceSeconds ?? 300)) {
    throw invalidSignature('timestamp fora da tolerância');
  }

  let body: unknown = null;
  try {
    body = request.rawBody ? JSON.parse(request.rawBody) : null;
  } catch {
    body = null;
  }
  const type = request.query.type ?? request.query.topic ?? (isObject(body) ? str(body.type) : null);
  if (type !== null && type !== 'payment') {
    throw new GatewayError(`notificação ignorada (tipo ${type.slice(0, 40)})`, 'badResponse', false);
  }
  const notificationId = isObject(body) ? str(body.id) : null;
  return {
    dataId,
    requestId,
    ts,
    eventId: `mp:${notificationId ?? `${dataId}:${requestId ?? ts}`}`,
  };
}
