import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localStore } from '../../lib/storage';
import { consoleCall, errorCode, errorStatus, errorText, OFFLINE, setCsrfToken } from './console-api';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const headersOf = (call: number) => fetchMock.mock.calls[call]![1].headers as Record<string, string>;

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStore.set('session_code', 'storefront-code');
  setCsrfToken('csrf-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStore.remove('session_code');
  setCsrfToken('');
});

describe('consoleCall (the console over the one web client)', () => {
  it('sends the CSRF token on unsafe calls only and never the storefront bearer', async () => {
    fetchMock.mockImplementation(async () => answer({ success: true, data: { ok: true }, errors: [] }));
    await expect(consoleCall('GET', '/api/console/me')).resolves.toEqual({ ok: true });
    await consoleCall('PUT', '/api/console/shops/s/settings', { a: 1 });
    expect(headersOf(0)['x-csrf-token']).toBeUndefined();
    expect(headersOf(1)['x-csrf-token']).toBe('csrf-1');
    expect(headersOf(1)['Content-Type']).toBe('application/json');
    for (const call of [0, 1]) expect(headersOf(call).Authorization).toBeUndefined();
  });

  it("fails with the server's pt-BR message, status and code; OFFLINE when the server did not answer one", async () => {
    fetchMock.mockResolvedValueOnce(
      answer({ success: false, errors: [{ code: 'catalogCodeTaken', message: 'Código já usado.' }] }, 409),
    );
    const refused = await consoleCall('POST', '/api/console/x', {}).catch((error: unknown) => error);
    expect([errorText(refused), errorStatus(refused), errorCode(refused)]).toEqual([
      'Código já usado.',
      409,
      'catalogCodeTaken',
    ]);

    fetchMock.mockResolvedValueOnce(answer({ success: false, errors: [] }, 401));
    const signedOut = await consoleCall('GET', '/api/console/me').catch((error: unknown) => error);
    expect([errorText(signedOut), errorStatus(signedOut)]).toEqual([OFFLINE, 401]);

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const offline = await consoleCall('GET', '/api/console/me').catch((error: unknown) => error);
    expect([errorText(offline), errorStatus(offline), errorCode(offline)]).toEqual([OFFLINE, null, null]);
  });
});
