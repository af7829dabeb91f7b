/**
 * Helpers shared by the HTTP payment gateway adapters (mercadopago.ts, pagarme.ts, payment-link.ts): one JSON call
 * with timeout and error mapping onto GatewayError, webhook header access, constant-time comparison and the
 * scrubbing of provider payloads before they are kept as `raw`.
 *
 * Error mapping of a call: no HTTP answer (network, timeout), 408/425/429 and 5xx → 'unavailable', retryable (the
 * same idempotency key may be sent again); other 4xx → 'refused', not retryable; a 2xx whose body is not JSON, or
 * lacks what the adapter needs → 'badResponse', retryable (the provider may have acted: retry with the same key).
 * Messages carry the HTTP status and the provider's own short message, never request bodies or credentials.
 */
import { HttpTransportError, requestJson, retryableStatus } from '../http-json.ts';
import { GatewayError } from './gateway.ts';

export type GatewayHttp = {
  baseUrl: string;
  headers: Record<string, string>;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Reads the provider's error message out of an error body. */
  errorMessage: (body: unknown) => string | null;
  /** 4xx statuses this provider documents as retryable with the same idempotency key (Mercado Pago: 423, 424). */
  retryableStatuses?: readonly number[];
};

/** Calls the provider and returns the parsed JSON object of a 2xx answer; throws GatewayError otherwise. */
export async function callGateway(
  http: GatewayHttp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  let result;
  try {
    result = await requestJson({
      method,
      url: `${http.baseUrl.replace(/\/+$/, '')}${path}`,
      headers: { ...http.headers, ...extraHeaders },
      body: payload === undefined ? undefined : JSON.stringify(payload),
      timeoutMs: http.timeoutMs,
      fetch: http.fetch,
    });
  } catch (error) {
    if (error instanceof HttpTransportError) {
      throw new GatewayError(`gateway indisponível (${error.message})`, 'unavailable', true);
    }
    throw error;
  }
  const { status, body, parsed } = result;
  if (status < 200 || status >= 300) {
    const detail = (parsed ? http.errorMessage(body) : null) ?? 'resposta de erro';
    const message = `HTTP ${status}: ${detail.slice(0, 200)}`;
    if (retryableStatus(status) || http.retryableStatuses?.includes(status))
      throw new GatewayError(message, 'unavailable', true, status);
    throw new GatewayError(message, 'refused', false, status);
  }
  if (!parsed || !isObject(body)) {
    throw new GatewayError(`HTTP ${status}: resposta ilegível`, 'badResponse', true, status);
  }
  return body;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value` when it is a non-empty string (or a number, as a string), else null. */
export function str(value: unknown): string | null {
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

export function obj(value: unknown): Record<string, unknown> {
  return isObject(value) ? value : {};
}

/** A parsed date, or null. */
export function date(value: unknown): Date | null {
  const text = str(value);
  if (!text) return null;
  const parsed = new Date(text);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** First value of a header (names are matched case-insensitively). */
export function header(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted) continue;
    const first = Array.isArray(value) ? value[0] : value;
    return first === undefined || first === '' ? null : first;
  }
  return null;
}

export function invalidSignature(reason: string): GatewayError {
  return new GatewayError(`notificação recusada: ${reason}`, 'invalidSignature', false, 401);
}

/** Integer centavos, positive; anything else is a programming error. */
export function assertCents(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new GatewayError('valor inválido', 'refused', false);
  }
}

/** Centavos → the reais decimal Mercado Pago expects (12345 → 123.45). */
export function toReais(amountCents: number): number {
  assertCents(amountCents);
  return Number(`${Math.trunc(amountCents / 100)}.${String(amountCents % 100).padStart(2, '0')}`);
}

/** CPF (11 digits) or CNPJ (14 characters, letters allowed from 2026) of a payer document. */
export function documentKind(document: string): 'CPF' | 'CNPJ' {
  return document.replace(/[^0-9A-Za-z]/g, '').length > 11 ? 'CNPJ' : 'CPF';
}

export function splitName(name: string): { first: string; last: string } {
  const parts = name.trim().split(/\s+/);
  const first = parts[0] ?? '';
  return { first, last: parts.length > 1 ? parts.slice(1).join(' ') : first };
}

const CARD_KEYS = new Set([
  'number',
  'card_number',
  'cvv',
  'cvc',
  'security_code',
  'securitycode',
  'first_six_digits',
  'first_digits',
  'bin',
]);

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * A copy of a provider payload fit for the payment event log: card-number and security-code fields removed,
 * and any standalone 13–19 digit run that passes Luhn masked (defence in depth: we never send card data, but a provider
 * echo must not land in our database).
 */
export function scrubCardData(value: unknown, depth = 0): unknown {
  if (depth > 12) return null;
  if (typeof value === 'string') {
    return value.replace(/(?<!\d)\d{13,19}(?!\d)/g, (run) =>
      luhn(run) ? `${'*'.repeat(run.length - 4)}${run.slice(-4)}` : run,
    );
  }
  if (Array.isArray(value)) return value.map((item) => scrubCardData(item, depth + 1));
  if (isObject(value)) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (CARD_KEYS.has(key.toLowerCase())) continue;
      copy[key] = scrubCardData(item, depth + 1);
    }
    return copy;
  }
  return value;
}
