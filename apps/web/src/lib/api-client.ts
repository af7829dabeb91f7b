/**
 * The one way the web app — storefront and console — talks to the server (same origin).
 *
 * Every response is the envelope `{ success, data, errors }`, read in one place (`settle`). A call resolves with
 * `data` on success; on any failure — network error, abort, non-2xx status, `success: false`, unreadable body —
 * it rejects with the spec §3 default error object `{ message, code: 500, type: 'error', status: 0 }` plus the
 * server's `errors[]`, the HTTP status and whether the caller aborted (`ApiCallError`).
 *
 * - `apiCall(callName, …)`: the storefront's calls; the message is the §8 catalogue text of the call, the
 *   stored session code goes as bearer, a GET may be answered by index.html's prefetch;
 * - `apiRequest(method, path, { fallback, … })`: the same request with the caller's own default message (the
 *   console's wrapper, console/api/console-api.ts, adds its CSRF header and sends no bearer);
 * - `apiUpload(path, file, { onProgress, … })`: a file's bytes with upload progress (XMLHttpRequest, the browser
 *   API that reports it), same envelope and errors, abortable by the same AbortSignal.
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

/** Rejection value of every call: the default client error plus what the server said, if anything. */
export interface ApiCallError extends ClientError {
  /** The storefront call (§8 catalogue) whose text is the message; null for a call with its own `fallback`. */
  callName: CallName | null;
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
  callName: CallName | null,
  message: string,
  serverErrors: ApiErrorItem[] = [],
  httpStatus: number | null = null,
  aborted = false,
): ApiCallError {
  return { message, code: 500, type: 'error', status: 0, callName, serverErrors, httpStatus, aborted };
}

/** The envelope of an answer: its `data` when it says success on a 2xx, else the call error with its `errors[]`. */
function settle<T>(response: PrefetchedResponse, callName: CallName | null, message: string): T {
  let envelope: { success?: unknown; data?: unknown; errors?: unknown } | null = null;
  try {
    // An empty or unreadable body throws here and leaves no envelope.
    const parsed: unknown = JSON.parse(response.text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) envelope = parsed;
  } catch {
    // no envelope: the call error below
  }
  if (!response.ok || envelope?.success !== true) {
    throw callError(callName, message, toServerErrors(envelope?.errors), response.status);
  }
  return envelope.data as T;
}

/** The request of `apiCall` and `apiRequest`; `message` is what a failure the server did not explain says. */
async function request<T>(
  callName: CallName | null,
  message: string,
  method: HttpMethod,
  path: string,
  options: ApiCallOptions,
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
    throw callError(callName, message, [], null, signal?.aborted === true);
  }
  return settle<T>(response, callName, message);
}

/**
 * Calls the API and resolves with the envelope's `data`.
 * Guarantees: never rejects with anything but an `ApiCallError`; sends the stored session code as bearer.
 */
export const apiCall = <T>(
  callName: CallName,
  method: HttpMethod,
  path: string,
  options: ApiCallOptions = {},
) => request<T>(callName, CALL_ERRORS[callName], method, path, options);

/** `apiCall` with the caller's own default message (`fallback`) instead of a storefront call's. */
export const apiRequest = <T>(
  method: HttpMethod,
  path: string,
  options: ApiCallOptions & { fallback: string },
) => request<T>(null, options.fallback, method, path, options);

export interface ApiUploadOptions {
  /** The default message of a failure the server did not explain. */
  fallback: string;
  method?: 'POST' | 'PUT';
  /** Request headers (the file's content type; the console's CSRF token). No bearer is sent. */
  headers?: Record<string, string>;
  /** 0–1 as the file's bytes leave. */
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
}

/** Sends a file's bytes (XMLHttpRequest, for its upload progress) and resolves with the envelope's `data`. */
export function apiUpload<T>(path: string, file: Blob, options: ApiUploadOptions): Promise<T> {
  const { fallback: message, method = 'POST', headers = {}, onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(callError(null, message, [], null, true));
    const request = new XMLHttpRequest();
    request.open(method, path);
    request.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    const stop = () => request.abort();
    signal?.addEventListener('abort', stop, { once: true });
    const failed = (aborted: boolean) => () => {
      signal?.removeEventListener('abort', stop);
      reject(callError(null, message, [], null, aborted));
    };
    request.onerror = failed(false);
    request.onabort = failed(true);
    request.onload = () => {
      signal?.removeEventListener('abort', stop);
      const { status, responseText: text } = request;
      try {
        resolve(settle<T>({ ok: status >= 200 && status < 300, status, text }, null, message));
      } catch (error) {
        reject(error);
      }
    };
    request.send(file);
  });
}
