/**
 * The one way the web app talks to the server (same origin).
 *
 * Every response is the envelope `{ success, data, errors }`. `apiCall` resolves with `data` on success;
 * on any failure — network error, abort, non-2xx status, `success: false`, unreadable body — it rejects
 * with the spec §3 default error object `{ message, code: 500, type: 'error', status: 0 }`, whose message
 * is the §8 catalogue text of the call, plus the server's `errors[]` for screens that show them.
 */
import { CALL_ERRORS, type CallName } from '@vitrine/contracts/call-errors';
import type { ApiErrorItem, ClientError } from '@vitrine/contracts/envelope';
import { takePrefetched, type PrefetchedResponse } from './prefetch';
import { localStore } from './storage';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface ApiCallOptions {
  /** JSON-serialised unless it is FormData (sent as is). */
  body?: unknown;
  /** Appended to the path; null / undefined values are left out. */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Send `Authorization: Bearer <session_code>` (default true). */
  auth?: boolean;
  /** Session code to send instead of the stored one (the bootstrap's calls made alongside the session call). */
  bearer?: string;
  /** Extra request headers (e.g. `Idempotency-Key` on money-moving calls). */
  headers?: Record<string, string>;
}

/** Rejection value of `apiCall`: the default client error plus what the server said, if anything. */
export interface ApiCallError extends ClientError {
  callName: CallName;
  /** The server's `errors[]` (empty for network failures or unreadable bodies). */
  serverErrors: ApiErrorItem[];
  /** HTTP status of the response, null when none arrived. */
  httpStatus: number | null;
  /** True when the caller aborted the request (screens usually ignore these). */
  aborted: boolean;
}

/** Whether `value` is a rejection of `apiCall`. */
export function isApiCallError(value: unknown): value is ApiCallError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'serverErrors' in value &&
    'callName' in value &&
    (value as { type?: unknown }).type === 'error'
  );
}

/** First server message of a failed call (for inline messages and dialogs), else null. */
export function firstServerMessage(error: unknown): string | null {
  if (!isApiCallError(error)) return null;
  return error.serverErrors.find((item) => item.message.trim() !== '')?.message ?? null;
}

/** `path` plus the non-empty query parameters, URL-encoded. */
export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const qs = params.toString();
  if (!qs) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
}

function toServerErrors(errors: unknown): ApiErrorItem[] {
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { code, message } = item as { code?: unknown; message?: unknown };
    if (typeof message !== 'string') return [];
    return [{ code: typeof code === 'string' ? code : '', message }];
  });
}

function callError(
  callName: CallName,
  extra: Partial<Pick<ApiCallError, 'serverErrors' | 'httpStatus' | 'aborted'>> = {},
): ApiCallError {
  return {
    message: CALL_ERRORS[callName],
    code: 500,
    type: 'error',
    status: 0,
    callName,
    serverErrors: extra.serverErrors ?? [],
    httpStatus: extra.httpStatus ?? null,
    aborted: extra.aborted ?? false,
  };
}

/**
 * Calls the API and resolves with the envelope's `data`.
 * Guarantees: never rejects with anything but an `ApiCallError`; sends the stored session code as bearer.
 */
export async function apiCall<T>(
  callName: CallName,
  method: HttpMethod,
  path: string,
  options: ApiCallOptions = {},
): Promise<T> {
  const { body, query, signal, auth = true, bearer } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (auth) {
    const code = bearer ?? localStore.get('session_code');
    if (code) headers.Authorization = `Bearer ${code}`;
  }
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  const url = buildUrl(path, query);
  let response: PrefetchedResponse;
  try {
    const prefetched = method === 'GET' ? takePrefetched(url, headers.Authorization ?? null) : null;
    response = prefetched
      ? await prefetched
      : await fetch(url, { method, headers, body: payload, signal }).then(async (r) => ({
          ok: r.ok,
          status: r.status,
          text: await r.text(),
        }));
    if (signal?.aborted) throw signal.reason;
  } catch {
    throw callError(callName, { aborted: signal?.aborted === true });
  }
  const { text } = response;

  let envelope: { success?: unknown; data?: unknown; errors?: unknown } | null = null;
  try {
    const parsed: unknown = text ? JSON.parse(text) : null;
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) envelope = parsed;
  } catch {
    envelope = null;
  }

  const serverErrors = toServerErrors(envelope?.errors);
  if (!response.ok || envelope?.success !== true) {
    throw callError(callName, { serverErrors, httpStatus: response.status });
  }
  return envelope.data as T;
}
