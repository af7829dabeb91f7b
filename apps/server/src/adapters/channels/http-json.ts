import { ChannelError } from './channel-adapter.ts';

export type JsonResponse = { status: number; body: unknown };

/** HTTP statuses worth another attempt: timeouts, rate limits and server errors. */
export function retryableStatus(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500;
}

/**
 * POSTs JSON and returns status + parsed body. Network failures and timeouts become retryable ChannelErrors;
 * the caller classifies HTTP errors. Never logs: headers carry credentials.
 */
export async function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs = 10_000,
): Promise<JsonResponse> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    const reason = error instanceof Error ? error.name : 'erro';
    throw new ChannelError(`falha de rede (${reason})`, true);
  }
  const text = await response.text().catch(() => '');
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text.slice(0, 200);
  }
  return { status: response.status, body: parsed };
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
