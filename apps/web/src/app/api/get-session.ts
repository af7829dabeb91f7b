import type { Session } from '@vitrine/contracts/session';
import { apiCall } from '../../lib/api-client';

/** Code the server answers by minting a new anonymous session (for the shop in `?shop=`). */
export const ANONYMOUS_SESSION_CODE = 'anonymous';

/**
 * `GET /api/session/{code}`: the session behind a code. With the anonymous code the server mints a new
 * session for `shop` (the page's `?shop=` slug) and returns its real code in `code`.
 * Sent without bearer: the code in the path is the credential. Rejects with an ApiCallError ('Falha na sessão').
 */
export function getSession(code: string, shop?: string | null, signal?: AbortSignal): Promise<Session> {
  const query = code === ANONYMOUS_SESSION_CODE && shop ? { shop } : undefined;
  return apiCall<Session>('session', 'GET', `/api/session/${encodeURIComponent(code)}`, {
    query,
    signal,
    auth: false,
  });
}
