/**
 * One JSON-over-HTTP call for every outside-system adapter (messaging channels, payment gateways): timeout,
 * no redirects, parsed body. Network failures and timeouts throw HttpTransportError; the caller classifies HTTP
 * statuses into its own error type. Never logs: headers carry credentials and bodies may carry personal data.
 */
import { PrivateAddressRefused } from './public-address.ts';

export type JsonRequest = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  /** Already serialised JSON; sent with `content-type: application/json`. */
  body?: string;
  timeoutMs?: number;
  /** Injectable for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
};

export type JsonResult = {
  status: number;
  /** Parsed JSON; when the body is not JSON, its first 200 characters (see `parsed`). */
  body: unknown;
  /** False when a non-empty body could not be parsed as JSON. */
  parsed: boolean;
};

/** The request never got an HTTP answer: connection refused/reset, DNS failure or timeout. */
export class HttpTransportError extends Error {
  constructor(readonly reason: 'timeout' | 'network') {
    super(reason === 'timeout' ? 'tempo esgotado' : 'falha de rede');
    this.name = 'HttpTransportError';
  }
}

/** HTTP statuses worth another attempt: timeouts, rate limits and server errors. */
export function retryableStatus(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500;
}

export async function requestJson(request: JsonRequest): Promise<JsonResult> {
  const doFetch = request.fetch ?? fetch;
  let response: Response;
  let text: string;
  try {
    response = await doFetch(request.url, {
      method: request.method,
      headers: {
        accept: 'application/json',
        ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...request.headers,
      },
      body: request.body,
      signal: AbortSignal.timeout(request.timeoutMs ?? 10_000),
      redirect: 'error',
    });
    text = await response.text();
  } catch (error) {
    // A guarded fetch's refusal (public-address.ts) is not a network failure: the caller must not retry it.
    if (error instanceof PrivateAddressRefused) throw error;
    const name = error instanceof Error ? error.name : '';
    throw new HttpTransportError(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network');
  }
  if (!text) return { status: response.status, body: null, parsed: true };
  try {
    return { status: response.status, body: JSON.parse(text) as unknown, parsed: true };
  } catch {
    return { status: response.status, body: text.slice(0, 200), parsed: false };
  }
}
