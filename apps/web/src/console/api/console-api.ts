/**
 * The console's bits over the one web client (lib/api-client.ts): same-origin JSON with the session cookie (no
 * bearer), the CSRF token (from `GET /api/console/me`) on unsafe calls and uploads, and the server's pt-BR message
 * as the error's text (`OFFLINE` when the server did not answer one). A 401 means signed out: `useMe` (api/me.ts)
 * then answers null and the routes send the user to the sign-in.
 */
import {
  apiRequest,
  apiUpload,
  firstServerMessage,
  isApiCallError,
  type HttpMethod,
} from '../../lib/api-client';

let csrfToken = '';
/** Set from `/me`; sent as X-CSRF-Token on every unsafe call. */
export function setCsrfToken(token: string) {
  csrfToken = token;
}

export const OFFLINE = 'Não foi possível falar com o servidor. Verifique sua conexão e tente de novo.';

/** A call to the console API; `headers` adds the call's own (an Idempotency-Key). */
export function consoleCall<T>(
  method: Exclude<HttpMethod, 'PATCH'>,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return apiRequest<T>(method, path, {
    body,
    auth: false,
    headers: { ...headers, ...(method !== 'GET' && csrfToken ? { 'x-csrf-token': csrfToken } : {}) },
    fallback: OFFLINE,
  });
}

/** POSTs a file's bytes (a CSV import, a product photo); `onProgress` gets 0–1 as they leave. */
export function consoleUpload<T>(
  path: string,
  file: Blob,
  type: string,
  onProgress?: (share: number) => void,
) {
  return apiUpload<T>(path, file, {
    headers: { 'content-type': type, 'x-csrf-token': csrfToken },
    onProgress,
    fallback: OFFLINE,
  });
}

/** POSTs a CSV file's bytes (a spreadsheet import); answers the envelope's data like `consoleCall`. */
export const uploadCsv = <T>(path: string, file: File) => consoleUpload<T>(path, file, 'text/csv');

/** The HTTP status of a failed call (null when none arrived). */
export const errorStatus = (error: unknown) => (isApiCallError(error) ? error.httpStatus : null);

/** The code of the server's first error (e.g. 'catalogCodeTaken'), else null. */
export const errorCode = (error: unknown) =>
  isApiCallError(error) ? (error.serverErrors[0]?.code ?? null) : null;

/** The message to show for a failed call: the server's, else the call's default. */
export const errorText = (error: unknown) =>
  firstServerMessage(error) ??
  (isApiCallError(error) || error instanceof Error ? error.message : 'Algo deu errado. Tente de novo.');

declare module '@tanstack/react-query' {
  interface Register {
    /** A failed query or mutation holds an `ApiCallError` (not an `Error`): read it with `errorText` & co. */
    defaultError: unknown;
  }
}
