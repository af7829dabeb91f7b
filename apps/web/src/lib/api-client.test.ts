import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CALL_ERRORS } from '@vitrine/contracts/call-errors';
import {
  apiCall,
  apiRequest,
  apiUpload,
  buildUrl,
  firstServerMessage,
  isApiCallError,
  type ApiCallError,
} from './api-client';
import { localStore } from './storage';

type FetchArgs = [input: string, init: RequestInit];

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

async function rejection(promise: Promise<unknown>): Promise<ApiCallError> {
  try {
    await promise;
  } catch (error) {
    expect(isApiCallError(error)).toBe(true);
    return error as ApiCallError;
  }
  throw new Error('expected the call to fail');
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStore.remove('session_code');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiCall', () => {
  it('resolves with data and sends the stored session code as bearer', async () => {
    localStore.set('session_code', 'code-123');
    fetchMock.mockResolvedValue(jsonResponse({ success: true, data: { name: 'Loja' }, errors: [] }));

    await expect(apiCall('shopSettings', 'GET', '/api/shop/settings')).resolves.toEqual({ name: 'Loja' });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/shop/settings');
    expect(init.method).toBe('GET');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer code-123');
    expect(init.body).toBeUndefined();
  });

  it('omits the bearer when asked or when no code is stored', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ success: true, data: 1, errors: [] }));
    await apiCall('session', 'GET', '/api/session/anonymous');
    localStore.set('session_code', 'x');
    await apiCall('session', 'GET', '/api/session/anonymous', { auth: false });
    for (const [, init] of fetchMock.mock.calls) {
      expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    }
  });

  it('sends JSON bodies and query parameters', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, data: null, errors: [] }));
    await apiCall('coupon', 'POST', '/api/order/coupon/', {
      query: { coupon: 'DESC 10', empty: undefined, none: null, page: 0 },
      body: { a: 1 },
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/order/coupon/?coupon=DESC+10&page=0');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('rejects with the default error plus server errors on a 4xx envelope', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        { success: false, data: null, errors: [{ code: 'sessionInvalid', message: 'Sessão inválida.' }] },
        401,
      ),
    );
    const error = await rejection(apiCall('session', 'GET', '/api/session/bad'));
    expect(error).toMatchObject({
      message: CALL_ERRORS.session,
      code: 500,
      type: 'error',
      status: 0,
      httpStatus: 401,
      serverErrors: [{ code: 'sessionInvalid', message: 'Sessão inválida.' }],
    });
    expect(firstServerMessage(error)).toBe('Sessão inválida.');
  });

  it('rejects when a 200 carries success false', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: false, data: null, errors: [{ message: 'Cupom' }] }));
    const error = await rejection(apiCall('coupon', 'POST', '/api/order/coupon/'));
    expect(error.message).toBe(CALL_ERRORS.coupon);
    expect(error.serverErrors).toEqual([{ code: '', message: 'Cupom' }]);
  });

  it('rejects on a network failure', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await rejection(apiCall('currentOrder', 'GET', '/api/order/current'));
    expect(error).toMatchObject({ message: CALL_ERRORS.currentOrder, httpStatus: null, serverErrors: [] });
    expect(error.aborted).toBe(false);
  });

  it('rejects on an unreadable body, even with status 200', async () => {
    fetchMock.mockResolvedValue(new Response('<html>proxy error</html>', { status: 200 }));
    const error = await rejection(apiCall('categories', 'GET', '/api/catalog/categories'));
    expect(error).toMatchObject({ message: CALL_ERRORS.categories, httpStatus: 200, serverErrors: [] });
  });

  it('rejects on a 5xx without body', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 502 }));
    const error = await rejection(apiCall('products', 'POST', '/api/catalog/products/search'));
    expect(error.httpStatus).toBe(502);
    expect(firstServerMessage(error)).toBeNull();
  });

  it('flags aborted calls', async () => {
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockRejectedValue(new DOMException('aborted', 'AbortError'));
    const error = await rejection(
      apiCall('product', 'GET', '/api/catalog/products/p1', { signal: controller.signal }),
    );
    expect(error.aborted).toBe(true);
  });

  it('passes FormData through untouched', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, data: 'ok', errors: [] }));
    const form = new FormData();
    form.set('token', 't');
    await apiCall('mercadoPago', 'POST', '/api/order/payment/mercadoPago', { body: form });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });
});

describe('buildUrl', () => {
  it('appends to an existing query string', () => {
    expect(buildUrl('/a?x=1', { y: 'z' })).toBe('/a?x=1&y=z');
    expect(buildUrl('/a', {})).toBe('/a');
  });
});

describe('apiCall with answers prefetched by index.html', () => {
  const prefetched = (auth: string | null, body: unknown, status = 200) => ({
    auth,
    response: Promise.resolve({ ok: status < 400, status, text: JSON.stringify(body) }),
  });
  afterEach(() => {
    delete (globalThis as { window?: Window }).window?.__vitrinePrefetch;
  });

  it('uses a prefetched answer once, for the same URL and bearer only', async () => {
    vi.stubGlobal('window', {
      __vitrinePrefetch: {
        '/api/shop/settings': prefetched('Bearer code-123', {
          success: true,
          data: { name: 'Pré' },
          errors: [],
        }),
        '/api/order/current': prefetched('Bearer other', { success: true, data: { id: 'x' }, errors: [] }),
      },
    });
    localStore.set('session_code', 'code-123');
    fetchMock.mockImplementation(async () =>
      jsonResponse({ success: true, data: { name: 'Rede' }, errors: [] }),
    );

    await expect(apiCall('shopSettings', 'GET', '/api/shop/settings')).resolves.toEqual({ name: 'Pré' });
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(apiCall('shopSettings', 'GET', '/api/shop/settings')).resolves.toEqual({ name: 'Rede' });
    await expect(apiCall('currentOrder', 'GET', '/api/order/current')).resolves.toEqual({ name: 'Rede' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('turns a prefetched failure into the call error of the screen', async () => {
    vi.stubGlobal('window', {
      __vitrinePrefetch: { '/api/session/abc': prefetched(null, { success: false, errors: [] }, 404) },
    });
    const error = await rejection(apiCall('session', 'GET', '/api/session/abc', { auth: false }));
    expect(error).toMatchObject({ message: CALL_ERRORS.session, httpStatus: 404 });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('apiRequest (a call with its own default message, as the console makes)', () => {
  it('resolves with data, sends no bearer when told, and fails with its own message plus the server errors', async () => {
    localStore.set('session_code', 'code-123');
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, data: { ok: 1 }, errors: [] }));
    await expect(
      apiRequest('PUT', '/api/console/x', { body: { a: 1 }, auth: false, fallback: 'Sem conexão.' }),
    ).resolves.toEqual({ ok: 1 });
    const [, init] = fetchMock.mock.calls[0]!;
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(init.body).toBe('{"a":1}');

    fetchMock.mockResolvedValueOnce(
      jsonResponse({ success: false, errors: [{ code: 'nameTaken', message: 'Nome já usado.' }] }, 409),
    );
    const error = await rejection(apiRequest('POST', '/api/console/x', { fallback: 'Sem conexão.' }));
    expect(error).toMatchObject({ message: 'Sem conexão.', callName: null, httpStatus: 409, aborted: false });
    expect(firstServerMessage(error)).toBe('Nome já usado.');
  });

  it('rejects as aborted when the caller aborts a call on its way', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const controller = new AbortController();
    const call = apiRequest('GET', '/api/console/slow', {
      signal: controller.signal,
      fallback: 'Sem conexão.',
    });
    controller.abort();
    expect(await rejection(call)).toMatchObject({ aborted: true, httpStatus: null, message: 'Sem conexão.' });
  });
});

/** A stand-in XMLHttpRequest: records what was sent; the test answers, reports progress, fails or aborts. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

describe('apiUpload', () => {
  beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeXhr));
  const file = new Blob(['a;b\n1;2'], { type: 'text/csv' });

  it('sends the bytes with the given headers, reports progress and resolves with the data', async () => {
    const shares: number[] = [];
    const upload = apiUpload<{ id: string }>('/api/console/photos', file, {
      headers: { 'content-type': 'text/csv', 'x-csrf-token': 't' },
      onProgress: (share) => shares.push(share),
      fallback: 'Sem conexão.',
    });
    const xhr = FakeXhr.last;
    expect(xhr).toMatchObject({ method: 'POST', url: '/api/console/photos', body: file });
    expect(xhr.headers).toMatchObject({
      Accept: 'application/json',
      'content-type': 'text/csv',
      'x-csrf-token': 't',
    });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 50, total: 0 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
    xhr.answer(201, { success: true, data: { id: 'p1' }, errors: [] });
    await expect(upload).resolves.toEqual({ id: 'p1' });
    expect(shares).toEqual([0.25, 1]);
  });

  it('reads the envelope as a call does: a refusal, an unreadable body, a network failure', async () => {
    const refused = apiUpload('/u', file, { fallback: 'Sem conexão.' });
    FakeXhr.last.answer(413, {
      success: false,
      errors: [{ code: 'tooLarge', message: 'Foto grande demais.' }],
    });
    const error = await rejection(refused);
    expect(error).toMatchObject({ message: 'Sem conexão.', httpStatus: 413, aborted: false });
    expect(error.serverErrors).toEqual([{ code: 'tooLarge', message: 'Foto grande demais.' }]);

    const unreadable = apiUpload('/u', file, { fallback: 'Sem conexão.' });
    FakeXhr.last.answer(200, '<html>');
    expect(await rejection(unreadable)).toMatchObject({ httpStatus: 200, serverErrors: [] });

    const offline = apiUpload('/u', file, { fallback: 'Sem conexão.' });
    FakeXhr.last.onerror?.();
    expect(await rejection(offline)).toMatchObject({
      httpStatus: null,
      aborted: false,
      message: 'Sem conexão.',
    });
  });

  it('aborts the request through the AbortSignal, and refuses one already aborted', async () => {
    const controller = new AbortController();
    const upload = apiUpload('/u', file, { signal: controller.signal, fallback: 'Sem conexão.' });
    controller.abort();
    expect(await rejection(upload)).toMatchObject({ aborted: true });

    const before = FakeXhr.last;
    expect(
      await rejection(apiUpload('/u', file, { signal: controller.signal, fallback: 'x' })),
    ).toMatchObject({
      aborted: true,
    });
    expect(FakeXhr.last).toBe(before);
  });
});
