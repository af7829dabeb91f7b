/**
 * Signed links to per-order documents (boleto PDF, Pix QR image): `<path>?…&exp=<unix s>&sig=<HMAC>`. A contact
 * opens them from a chat, without a session, so the link itself is the permission — bound to the exact path and
 * query, valid until `exp` (docs/decisions/0015-threat-model-and-modes.md). Stored data keeps plain links;
 * they are signed where they leave the server (an API answer, a delivered message, the demo inbox).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.ts';
import { AppError } from './app-error.ts';

/** Routes whose answers are per-order documents: served only with a valid signature (or the order's session). */
const DOCUMENT_PATH = /^\/api\/(pix\/qr\.png|dev\/payments\/boleto\/[^/?#]+\.pdf)(\?|$)/;
/** How long a signed document link works: the boleto's due date plus a margin, a week at most. */
export const DOCUMENT_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const SIGNATURE = /[?&]sig=([A-Za-z0-9_-]{43})$/;

export type DocumentSigner = (url: string, expiresAt?: Date) => string;
export type SignatureCheck = 'ok' | 'missing' | 'invalid' | 'expired';

/** The signing key of document links: derived from the credentials key (the platform key in the demo). */
export function documentUrlKey(config: Pick<Config, 'messaging' | 'platformApiKey'>): Buffer {
  const secret = config.messaging.credentialsKey ?? config.platformApiKey;
  return createHmac('sha256', secret).update('vitrine:document-url:v1').digest();
}

const mac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('base64url');

/** Removes a previous `exp`/`sig` pair so a link is never signed twice. */
const unsigned = (pathAndQuery: string) => pathAndQuery.replace(/[?&]exp=\d+&sig=[A-Za-z0-9_-]+$/, '');

/**
 * Signs a document link (a path, or an absolute URL on `publicUrl`) until `expiresAt` (default: a week);
 * any other URL is answered unchanged.
 */
export function documentUrlSigner(
  config: Pick<Config, 'messaging' | 'platformApiKey' | 'publicUrl'>,
): DocumentSigner {
  const key = documentUrlKey(config);
  return (url, expiresAt = new Date(Date.now() + DOCUMENT_LINK_TTL_MS)) => {
    const origin = url.startsWith(`${config.publicUrl}/`) ? config.publicUrl : '';
    const path = unsigned(url.slice(origin.length));
    if (!DOCUMENT_PATH.test(path)) return url;
    const exp = Math.floor(expiresAt.getTime() / 1000);
    const base = `${path}${path.includes('?') ? '&' : '?'}exp=${exp}`;
    return `${origin}${base}&sig=${mac(key, base)}`;
  };
}

/** Checks the signature of a request URL (path and query as received). */
export function checkSignedUrl(key: Buffer, url: string, now = Date.now()): SignatureCheck {
  const found = SIGNATURE.exec(url);
  if (!found) return /[?&](sig|exp)=/.test(url) ? 'invalid' : 'missing';
  const base = url.slice(0, found.index);
  const expected = Buffer.from(mac(key, base));
  const given = Buffer.from(found[1]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  const exp = Number(/[?&]exp=(\d{1,12})$/.exec(base)?.[1]);
  if (!Number.isFinite(exp)) return 'invalid';
  return exp * 1000 > now ? 'ok' : 'expired';
}

/**
 * The signature check of a document route: `'ok'` passes, a missing signature answers `missing` (the route may
 * then accept the order's own session), a wrong or expired one is a 403.
 */
export function documentSignature(config: Pick<Config, 'messaging' | 'platformApiKey'>) {
  const key = documentUrlKey(config);
  return (request: { url: string }): 'ok' | 'missing' => {
    const check = checkSignedUrl(key, request.url);
    if (check === 'ok' || check === 'missing') return check;
    throw new AppError('forbidden', 'documentLinkInvalid');
  };
}
