import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@vitrine/contracts/session';
import type { ShopSettings, ShopStyle } from '@vitrine/contracts/shop';
import { localStore, sessionStore } from '../lib/storage';
import { bootstrapSession } from './session-bootstrap';
import { parseSessionUrl } from './session-url';
import { appActions, useAppStore } from '../stores/app-store';

const style = (color: string): ShopStyle => ({
  defaultColor: color,
  secondaryColor: '#ffffff',
  urlLogo: null,
});

function makeSession(overrides: Partial<Session> = {}): Session {
  return {
    code: 'code-1',
    userId: 'user-1',
    sessionType: 0,
    channelId: 'ch-1',
    channelType: 1,
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    userShop: {
      id: 'us-1',
      shopId: 'shop-1',
      channelId: 'ch-1',
      customer: {},
      addresses: [],
      currentOrder: null,
    },
    ...overrides,
  } as Session;
}

const settings = {
  shopId: 'shop-1',
  slug: 'padaria',
  name: 'Padaria',
  style: style('#111111'),
  channelSettings: [{ channelId: 1, style: style('#25d366') }],
} as unknown as ShopSettings;

const order = { id: 'ord-1', userId: 'user-1', items: [{ quantity: 2 }, { quantity: 1 }] };

type Handler = (url: string, init: RequestInit) => { status?: number; body: unknown };
const ok = (data: unknown) => ({ body: { success: true, data, errors: [] } });
const ko = (status = 400) => ({
  status,
  body: { success: false, data: null, errors: [{ code: 'x', message: 'x' }] },
});

function serve(routes: Record<string, Handler>) {
  const calls: { url: string; auth: string | undefined }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, auth: (init.headers as Record<string, string>).Authorization });
    const key = Object.keys(routes).find((prefix) => url.startsWith(prefix));
    const { status = 200, body } = key ? routes[key]!(url, init) : ko(404);
    return new Response(JSON.stringify(body), { status });
  });
  return calls;
}

const applyShop = vi.fn();
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  localStore.clear();
  sessionStore.clear();
  appActions.reset();
  applyShop.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('parseSessionUrl', () => {
  it('takes the code before "?" of the hash and the catalogue from its query', () => {
    expect(parseSessionUrl('#abc?catalogType=ShowCategory&catalogId=cat%201', '?shop=padaria')).toEqual({
      code: 'abc',
      catalogType: 'ShowCategory',
      catalogId: 'cat 1',
      shop: 'padaria',
    });
    expect(parseSessionUrl('', '')).toEqual({ code: null, catalogType: null, catalogId: null, shop: null });
    expect(parseSessionUrl('#?catalogId=1', '').code).toBeNull();
    expect(parseSessionUrl('#/abc/', '').code).toBe('abc');
  });
});

describe('bootstrapSession', () => {
  it('loads session, settings and order for the hash code and stores what the spec lists', async () => {
    const calls = serve({
      '/api/session/': () => ok(makeSession({ code: 'code-1' })),
      '/api/shop/settings': () => ok(settings),
      '/api/order/current': () => ok(order),
    });
    const params = parseSessionUrl('#code-1?catalogType=ShowQuery&catalogId=pão', '');

    await expect(bootstrapSession(params, { applyShop })).resolves.toBe('ready');
    await flush();

    // The settings are asked for together with the session: the code is already known.
    expect(
      calls
        .slice(0, 2)
        .map((call) => call.url)
        .sort(),
    ).toEqual(['/api/session/code-1', '/api/shop/settings']);
    expect(calls.find((call) => call.url === '/api/session/code-1')!.auth).toBeUndefined();
    const others = calls.filter((call) => !call.url.startsWith('/api/session/'));
    expect(others.every((call) => call.auth === 'Bearer code-1')).toBe(true);
    expect(localStore.get('session_code')).toBe('code-1');
    expect(localStore.get('session_user_id')).toBe('user-1');
    expect(sessionStore.get('catalog_type')).toBe('ShowQuery');
    expect(sessionStore.get('catalog_id')).toBe('pão');
    expect(localStore.get('catalog_type')).toBeNull();
    const state = useAppStore.getState();
    expect(state.bootStatus).toBe('ready');
    expect(state.settings).toEqual(settings);
    expect(state.order).toEqual(order);
    // WhatsApp (channelType 1) has its own style in channelSettings.
    expect(applyShop).toHaveBeenCalledWith(state.settings, style('#25d366'));
  });

  it('mints an anonymous session for ?shop= and keeps the code it returns', async () => {
    const calls = serve({
      '/api/session/': () => ok(makeSession({ code: 'minted', userId: 'anonymous-9' })),
      '/api/shop/settings': () => ok(settings),
      '/api/order/current': () => ok(order),
    });
    await bootstrapSession(parseSessionUrl('', '?shop=padaria'), { applyShop });
    expect(calls[0]!.url).toBe('/api/session/anonymous?shop=padaria');
    expect(calls[1]!.auth).toBe('Bearer minted');
    expect(localStore.get('session_code')).toBe('minted');
  });

  it('uses the stored code when the URL has none', async () => {
    localStore.set('session_code', 'stored');
    const calls = serve({
      '/api/session/': () => ok(makeSession({ code: 'stored' })),
      '/api/shop/settings': () => ok(settings),
      '/api/order/current': () => ok(order),
    });
    await expect(bootstrapSession(parseSessionUrl('', ''), { applyShop })).resolves.toBe('ready');
    expect(calls.map((call) => call.url)).toContain('/api/session/stored');
    expect(calls.find((call) => call.url === '/api/shop/settings')!.auth).toBe('Bearer stored');
  });

  it('keeps platform users’ initial catalogue in localStorage', async () => {
    serve({
      '/api/session/': () => ok(makeSession({ sessionType: 1 })),
      '/api/shop/settings': () => ok(settings),
      '/api/order/current': () => ok(order),
    });
    await bootstrapSession(parseSessionUrl('#c?catalogType=ShowCollection&catalogId=7', ''), { applyShop });
    expect(localStore.get('catalog_type')).toBe('ShowCollection');
    expect(localStore.get('catalog_id')).toBe('7');
    expect(sessionStore.get('catalog_type')).toBeNull();
  });

  it.each([
    ['the session call fails', { '/api/session/': () => ko(401) }],
    ['the session has no userShop', { '/api/session/': () => ok(makeSession({ userShop: null as never })) }],
    [
      'the settings call fails',
      { '/api/session/': () => ok(makeSession()), '/api/shop/settings': () => ko(500) },
    ],
  ])('is invalid and clears the stored code when %s', async (_label, routes: Record<string, Handler>) => {
    localStore.set('session_code', 'old');
    serve({ '/api/order/current': () => ok(order), ...routes });
    await expect(bootstrapSession(parseSessionUrl('', ''), { applyShop })).resolves.toBe('invalid');
    expect(localStore.get('session_code')).toBeNull();
    expect(useAppStore.getState()).toMatchObject({ bootStatus: 'invalid', session: null, settings: null });
    expect(applyShop).not.toHaveBeenCalled();
  });

  it('still becomes ready when only the order call fails', async () => {
    serve({
      '/api/session/': () => ok(makeSession()),
      '/api/shop/settings': () => ok(settings),
      '/api/order/current': () => ko(500),
    });
    await expect(bootstrapSession(parseSessionUrl('#c', ''), { applyShop })).resolves.toBe('ready');
    await flush();
    expect(useAppStore.getState().order).toBeNull();
  });

  it('drops a stored code of another shop when the link names a shop', async () => {
    localStore.set('session_code', 'other-shop-code');
    const calls = serve({
      '/api/session/other-shop-code': () => ok(makeSession({ code: 'other-shop-code' })),
      '/api/session/anonymous': () => ok(makeSession({ code: 'fresh' })),
      '/api/shop/settings': (_url, init) =>
        ok(
          (init.headers as Record<string, string>).Authorization === 'Bearer fresh'
            ? settings
            : { ...settings, slug: 'acougue' },
        ),
      '/api/order/current': () => ok(order),
    });
    await expect(bootstrapSession(parseSessionUrl('', '?shop=padaria'), { applyShop })).resolves.toBe(
      'ready',
    );
    expect(calls.map((call) => call.url)).toContain('/api/session/anonymous?shop=padaria');
    expect(localStore.get('session_code')).toBe('fresh');
    expect(useAppStore.getState().settings?.slug).toBe('padaria');
  });
});
