/**
 * Signed webhooks to the chatbot platform (WebChat messages and chatbot events):
 *
 *   X-Vitrine-Timestamp: <unix seconds>
 *   X-Vitrine-Event-Id:  <event id, stable across retries: dedupe on it>
 *   X-Vitrine-Signature: sha256=<hex HMAC-SHA256(secret, `${timestamp}.${rawBody}`)>
 *
 * The receiver recomputes the HMAC over the raw body, compares in constant time and rejects timestamps
 * older than its tolerance (5 minutes by default) to stop replays of captured requests.
 */
import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/safe-equal.ts';

export const SIGNATURE_HEADER = 'x-vitrine-signature';
export const TIMESTAMP_HEADER = 'x-vitrine-timestamp';
export const EVENT_ID_HEADER = 'x-vitrine-event-id';

export function signatureOf(secret: string, timestamp: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

/** The three headers of a signed delivery. */
export function signedHeaders(
  secret: string,
  eventId: string,
  rawBody: string,
  now = Date.now(),
): Record<string, string> {
  const timestamp = String(Math.floor(now / 1000));
  return {
    [TIMESTAMP_HEADER]: timestamp,
    [EVENT_ID_HEADER]: eventId,
    [SIGNATURE_HEADER]: signatureOf(secret, timestamp, rawBody),
  };
}

/** Receiver side (tests, and a reference for the chatbot platform): true when signature and timestamp hold. */
export function verifySignature(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  options: { now?: number; toleranceSeconds?: number } = {},
): boolean {
  const timestamp = String(headers[TIMESTAMP_HEADER] ?? '');
  const given = String(headers[SIGNATURE_HEADER] ?? '');
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  const age = Math.abs((options.now ?? Date.now()) / 1000 - Number(timestamp));
  if (age > (options.toleranceSeconds ?? 300)) return false;
  return safeEqual(signatureOf(secret, timestamp, rawBody), given);
}
