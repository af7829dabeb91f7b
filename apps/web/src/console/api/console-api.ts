/**
 * The console's one way to the server: same-origin JSON with the session cookie, the CSRF token (from
 * `GET /api/console/me`) on unsafe calls, and the server's pt-BR message as the error.
 */
export class ConsoleApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
    this.name = 'ConsoleApiError';
  }
}

let csrfToken = '';
/** Set from `/me`; sent as X-CSRF-Token on every unsafe call. */
export function setCsrfToken(token: string) {
  csrfToken = token;
}

/** The CSRF token for a call made outside `consoleCall` (a photo upload with progress). */
export const currentCsrfToken = () => csrfToken;

export const OFFLINE = 'Não foi possível falar com o servidor. Verifique sua conexão e tente de novo.';

export async function consoleCall<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
) {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ConsoleApiError(OFFLINE, 0, 'network');
  }
  return dataOf<T>(response);
}

/** The envelope's data, or a rejection with the server's pt-BR message (`OFFLINE` when it did not answer one). */
async function dataOf<T>(response: Response): Promise<T> {
  const json = (await response.json().catch(() => null)) as {
    success?: boolean;
    data?: T;
    errors?: { code: string; message: string }[];
  } | null;
  if (!response.ok || !json?.success) {
    const error = json?.errors?.[0];
    throw new ConsoleApiError(error?.message ?? OFFLINE, response.status, error?.code ?? 'unknown');
  }
  return json.data as T;
}

/** POSTs a CSV file's bytes (a spreadsheet import); answers the envelope's data like `consoleCall`. */
export async function uploadCsv<T>(path: string, file: File): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'text/csv', accept: 'application/json', 'x-csrf-token': currentCsrfToken() },
      body: file,
    });
  } catch {
    throw new ConsoleApiError(OFFLINE, 0, 'network');
  }
  return dataOf<T>(response);
}

/** The message to show for a failed call. */
export const errorText = (error: unknown) =>
  error instanceof Error ? error.message : 'Algo deu errado. Tente de novo.';
