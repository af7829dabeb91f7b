/**
 * One payment attempt = one `Idempotency-Key`. The key is reused only when the same attempt is retried
 * automatically because no answer arrived (network failure, gateway timeout): the server then replays the
 * first answer instead of charging twice. A new submit is a new attempt with a new key.
 */
import { isApiCallError } from '../../../lib/api-client';

/** Statuses after which the server may not have seen (or finished) the request. */
const RETRYABLE_STATUS = new Set([502, 503, 504]);
export const MAX_AUTOMATIC_RETRIES = 2;

/** Whether a failed call may be sent again, unchanged, with the same key. */
export function isRetryable(error: unknown): boolean {
  if (!isApiCallError(error) || error.aborted) return false;
  return error.httpStatus === null || RETRYABLE_STATUS.has(error.httpStatus);
}

/**
 * Runs `send` with a fresh key; retries with that same key up to MAX_AUTOMATIC_RETRIES times after a
 * retryable failure, waiting `delayMs × attempt` between tries.
 */
export async function idempotentAttempt<T>(
  send: (idempotencyKey: string) => Promise<T>,
  { newKey = () => crypto.randomUUID(), delayMs = 500 }: { newKey?: () => string; delayMs?: number } = {},
): Promise<T> {
  const key = newKey();
  for (let retry = 0; ; retry++) {
    try {
      return await send(key);
    } catch (error) {
      if (retry >= MAX_AUTOMATIC_RETRIES || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delayMs * (retry + 1)));
    }
  }
}
