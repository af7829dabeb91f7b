/**
 * The opaque continuation token of a product listing: `<payload>.<mac>`, both base64url.
 * The payload names the listing it continues (a fingerprint of shop, endpoint, scope, text and filters),
 * the page it opens, the snapshot (database time of the first page, µs since the epoch: later products are
 * left out) and the sort key of the last product sent (keyset). The HMAC makes it tamper-evident, so the
 * server can trust the keys it binds into SQL; any malformed, forged or foreign token is a 400.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { badRequest } from '../../lib/app-error.ts';

export type Cursor = {
  /** Page number this token opens. */
  page: number;
  /** Database time of the first page, µs since the epoch. */
  snapshot: number;
  /** Sort key of the last product sent, as text: the listing's keys, then the product id. */
  keys: string[];
};

const payloadSchema = z
  .object({
    v: z.literal(1),
    f: z.string().length(16),
    n: z.number().int().min(1).max(10_001),
    s: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    k: z.array(z.string().max(200)).min(1).max(4),
  })
  .strict();

const MAC_LENGTH = 22; // 16 bytes of HMAC-SHA256, base64url

/** Derives the token key from a server secret; one per process, shared by every instance with that secret. */
export function pageTokenKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('vitrine:catalog-page-token:v1').digest();
}

/** A stable digest of what a listing is: a token only continues the listing it came from. */
export function listingFingerprint(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);
}

function mac(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url').slice(0, MAC_LENGTH);
}

export function encodePageToken(key: Buffer, fingerprint: string, cursor: Cursor): string {
  const payload = Buffer.from(
    JSON.stringify({ v: 1, f: fingerprint, n: cursor.page, s: cursor.snapshot, k: cursor.keys }),
  ).toString('base64url');
  return `${payload}.${mac(key, payload)}`;
}

const invalid = () => badRequest('token de paginação inválido ou de outra listagem; recarregue a lista');

/**
 * The cursor of a token for this listing and page; null when there is no token (a new listing).
 * Throws a 400 for a token that is malformed, forged, for another listing or for another page.
 */
export function decodePageToken(
  key: Buffer,
  fingerprint: string,
  token: string | null | undefined,
  page: number,
): Cursor | null {
  if (!token) return null;
  const [payload, given, extra] = token.split('.');
  if (!payload || !given || extra !== undefined || given.length !== MAC_LENGTH) throw invalid();
  const expected = Buffer.from(mac(key, payload));
  const received = Buffer.from(given);
  if (received.length !== expected.length || !timingSafeEqual(expected, received)) throw invalid();
  let parsed: z.infer<typeof payloadSchema>;
  try {
    parsed = payloadSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    throw invalid();
  }
  if (parsed.f !== fingerprint || parsed.n !== page) throw invalid();
  return { page: parsed.n, snapshot: parsed.s, keys: parsed.k };
}
