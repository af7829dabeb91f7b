/**
 * Channel side of the shared JSON call (../http-json.ts): network failures and timeouts become retryable
 * ChannelErrors; Graph API errors are classified by `graphError`.
 */
import { ChannelError } from './channel-adapter.ts';
import { HttpTransportError, requestJson, retryableStatus } from '../http-json.ts';
import { PrivateAddressRefused } from '../public-address.ts';

export { retryableStatus };

/** No HTTP answer (network failure or timeout): retryable; `reason` tells a connection test which. */
export class ChannelUnreachable extends ChannelError {
  constructor(readonly reason: 'timeout' | 'network') {
    super(`falha de rede (${reason === 'timeout' ? 'TimeoutError' : 'erro'})`, true);
  }
}

/** The URL's host is (or resolved to) a private address in production: never retried, the URL never named. */
export class ChannelAddressRefused extends ChannelError {
  constructor() {
    super('o endereço do webhook aponta para a rede interna; entrega recusada', false);
  }
}

export type JsonResponse = { status: number; body: unknown };

/** POSTs JSON and returns status + parsed body; the caller classifies HTTP errors. Never logs. */
export function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs = 10_000,
  fetch?: typeof globalThis.fetch,
): Promise<JsonResponse> {
  return callJson({ method: 'POST', url, body, headers, timeoutMs, fetch });
}

/** GETs JSON (a connection test's authenticated read); same failures as postJson. */
export function getJson(
  url: string,
  headers: Record<string, string>,
  timeoutMs = 10_000,
): Promise<JsonResponse> {
  return callJson({ method: 'GET', url, headers, timeoutMs });
}

async function callJson(request: Parameters<typeof requestJson>[0]): Promise<JsonResponse> {
  try {
    const { status, body: parsed } = await requestJson(request);
    return { status, body: parsed };
  } catch (error) {
    if (error instanceof HttpTransportError) {
      throw new ChannelUnreachable(error.reason);
    }
    if (error instanceof PrivateAddressRefused) throw new ChannelAddressRefused();
    throw error;
  }
}

type GraphError = { error?: { message?: string; code?: number; error_subcode?: number; type?: string } };

/** Graph API error codes that mean "try again later" (throttling, temporary outages). */
const GRAPH_RETRYABLE = new Set([1, 2, 4, 17, 32, 341, 613, 80007, 130429, 131000, 131016, 131048, 131056]);

/** Turns a Graph API (WhatsApp, Messenger, Instagram) error response into a ChannelError. */
export function graphError(response: JsonResponse): ChannelError {
  const error = (response.body as GraphError | null)?.error;
  const code = error?.code;
  const retryable = retryableStatus(response.status) || (code !== undefined && GRAPH_RETRYABLE.has(code));
  const message = `HTTP ${response.status}${code !== undefined ? ` código ${code}` : ''}: ${
    error?.message?.slice(0, 200) ?? 'resposta de erro'
  }`;
  return new ChannelError(message, retryable, response.status, code === undefined ? null : String(code));
}
