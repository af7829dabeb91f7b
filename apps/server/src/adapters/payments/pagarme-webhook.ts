/**
 * Authenticity of Pagar.me v5 webhooks. The v5 docs ("Webhooks", https://docs.pagar.me/docs/webhooks) describe no
 * HMAC: the `X-Hub-Signature` HMAC-SHA1 of the docs belongs to the v1/v2 postbacks
 * (https://docs.pagar.me/v1/reference/validando-um-postback). Two ways are supported, chosen per shop:
 *
 * - `signature` (default): `X-Webhook-Asymmetric-Signature: alg=RS256; kid=<key id>; signature=<base64url>`, an
 *   RSA-SHA256 signature of the raw body, checked against Pagar.me's JWKS
 *   (https://hubapi.pagar.me/.well-known/jwks.json) — what Pagar.me's own WooCommerce and Magento 2 modules do
 *   (pagarme/ecommerce-module-core `src/Webhook/Services/WebhookValidatorService.php`). The JWKS is cached for an
 *   hour; an unknown kid refetches it at most once a minute. An unreachable JWKS → 'unavailable' (retryable: the
 *   route answers 5xx and Pagar.me retries).
 * - `basic`: the HTTP Basic user and password configured on the webhook in the Pagar.me dashboard.
 *
 * Pagar.me signs no timestamp, so there is no staleness window; a replayed hook only makes the service fetch the
 * order again and is dropped by its hook-id dedupe.
 */
import { createPublicKey, verify, type JsonWebKey } from 'node:crypto';
import { requestJson } from '../http-json.ts';
import { GatewayError, type WebhookRequest } from './gateway.ts';
import { safeEqual } from '../../lib/safe-equal.ts';
import { header, invalidSignature, isObject, obj } from './gateway-http.ts';

export const PAGARME_JWKS_URL = 'https://hubapi.pagar.me/.well-known/jwks.json';

export type PagarmeWebhookAuth =
  | { kind: 'signature'; jwksUrl?: string; keys?: JsonWebKey[] }
  | { kind: 'basic'; username: string; password: string };

/** A function that resolves when the notification is authentic and throws GatewayError otherwise. */
export function pagarmeWebhookVerifier(
  auth: PagarmeWebhookAuth,
  options: { timeoutMs?: number; fetch?: typeof fetch; now?: () => number },
): (request: WebhookRequest) => Promise<void> {
  const now = options.now ?? Date.now;
  let jwks: { keys: JsonWebKey[]; fetchedAt: number } | null = null;

  async function signingKey(kid: string): Promise<JsonWebKey | null> {
    if (auth.kind !== 'signature') return null;
    const find = (keys: JsonWebKey[]) => keys.find((key) => key.kid === kid && key.kty === 'RSA') ?? null;
    if (auth.keys) return find(auth.keys);
    // Cached for an hour; an unknown kid refetches, at most once a minute (key rotation without amplification).
    if (jwks) {
      const age = now() - jwks.fetchedAt;
      const cached = age < 3600_000 ? find(jwks.keys) : null;
      if (cached || age < 60_000) return cached;
    }
    const fetched = await requestJson({
      method: 'GET',
      url: auth.jwksUrl ?? PAGARME_JWKS_URL,
      timeoutMs: options.timeoutMs,
      fetch: options.fetch,
    }).catch(() => null);
    const keys = fetched && fetched.status === 200 ? obj(fetched.body).keys : null;
    if (!Array.isArray(keys)) throw new GatewayError('JWKS da Pagar.me indisponível', 'unavailable', true);
    jwks = { keys: keys.filter(isObject) as JsonWebKey[], fetchedAt: now() };
    return find(jwks.keys);
  }

  async function authenticate(request: WebhookRequest): Promise<void> {
    if (auth.kind === 'basic') {
      const expected = `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
      const given = header(request.headers, 'authorization');
      if (!auth.username || !given || !safeEqual(expected, given))
        throw invalidSignature('credenciais inválidas');
      return;
    }
    const value = header(request.headers, 'x-webhook-asymmetric-signature');
    if (!value) throw invalidSignature('sem X-Webhook-Asymmetric-Signature');
    const parts: Record<string, string> = {};
    for (const piece of value.split(';')) {
      const at = piece.indexOf('=');
      if (at > 0) parts[piece.slice(0, at).trim()] = piece.slice(at + 1).trim();
    }
    if (parts.alg !== 'RS256' || !parts.kid || !parts.signature)
      throw invalidSignature('assinatura malformada');
    const jwk = await signingKey(parts.kid);
    if (!jwk) throw invalidSignature('chave desconhecida');
    let valid = false;
    try {
      const key = createPublicKey({ key: jwk, format: 'jwk' });
      valid = verify('sha256', Buffer.from(request.rawBody), key, Buffer.from(parts.signature, 'base64url'));
    } catch {
      valid = false;
    }
    if (!valid) throw invalidSignature('assinatura não confere');
  }

  return authenticate;
}
