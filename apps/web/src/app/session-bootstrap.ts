/**
 * Session bootstrap (spec §2 "Session loading"). Runs once per page load:
 *
 * 1. code = hash code ?? stored `session_code` ?? 'anonymous' (the server then mints a session for `?shop=`);
 * 2. GET /api/session/{code}; failure or no userShop → stored code cleared, status 'invalid'
 *    (the route gate then sends the user to /invalid-session);
 * 3. stores `session_code` (expiring with the session) and `session_user_id`; stores the hash's initial
 *    catalogue type/id — localStorage for platform users, sessionStorage for everyone else;
 * 4. GET /api/shop/settings (failure → 'invalid'), stored and applied as the theme (channel style first);
 *    when the code is already known it is requested together with step 2;
 * 5. GET /api/order/current for the cart badge — started with step 4, never blocks 'ready'.
 *
 * Feature code normally only reads the result from the store (`useSession`, `useShopSettings`…);
 * routes get it through `<RequireSession>` / `<OptionalSession>` (session-gate.tsx).
 */
import type { Order } from '@vitrine/contracts/order';
import type { Session } from '@vitrine/contracts/session';
import type { ShopSettings, ShopStyle } from '@vitrine/contracts/shop';
import { getCurrentOrder } from '../stores/order/current-order';
import { ANONYMOUS_SESSION_CODE, getSession } from './api/get-session';
import { getShopSettings } from './api/get-shop-settings';
import { localStore, sessionStore } from '../lib/storage';
import { applyShopStyle } from '../lib/theme';
import { parseSessionUrl, type SessionUrlParams } from './session-url';
import { appActions, isPlatformUser, pickShopStyle, useAppStore, type BootStatus } from '../stores/app-store';

export interface BootstrapDeps {
  /** Applies the shop's look (CSS variables, title); replaced in tests. */
  applyShop: (settings: ShopSettings, style: ShopStyle) => void;
}

const browserDeps: BootstrapDeps = {
  applyShop(settings, style) {
    applyShopStyle(style);
    if (settings.name) document.title = settings.name;
  },
};

// The URL as the page was opened: the first redirect (/ → /catalog) or any navigation must not lose it.
const initialUrl =
  typeof window === 'undefined'
    ? { hash: '', search: '' }
    : { hash: window.location.hash, search: window.location.search };

let running: Promise<BootStatus> | null = null;
let generation = 0;

/** Starts the bootstrap on first call; every call returns the same promise (safe under StrictMode). */
export function ensureSession(): Promise<BootStatus> {
  running ??= bootstrapSession(parseSessionUrl(initialUrl.hash, initialUrl.search));
  return running;
}

/**
 * A chat link opened in a tab already showing the app changes only the hash: the page does not reload.
 * When that hash names another session, reload so the new session starts from a clean state.
 * (So: no in-app `href="#…"` anchors — they would be read as session codes.)
 */
export function watchSessionHash(): () => void {
  const onHashChange = () => {
    const { code } = parseSessionUrl(window.location.hash, window.location.search);
    const current = useAppStore.getState().session?.code ?? localStore.get('session_code');
    if (code && code !== current) window.location.reload();
  };
  window.addEventListener('hashchange', onHashChange);
  return () => window.removeEventListener('hashchange', onHashChange);
}

/** Whether a session code exists without minting an anonymous one (hash code or stored code). */
export function hasSessionCode(): boolean {
  return (
    parseSessionUrl(initialUrl.hash, initialUrl.search).code !== null || !!localStore.get('session_code')
  );
}

function fail(): BootStatus {
  localStore.remove('session_code');
  appActions.reset('invalid');
  return 'invalid';
}

function rememberSession(session: Session): void {
  const ttlMs = Date.parse(session.expiresAt) - Date.now();
  localStore.set('session_code', session.code, ttlMs > 0 ? { ttlMs } : undefined);
  localStore.set('session_user_id', session.userId);
}

function storeInitialCatalog(params: SessionUrlParams, session: Session): void {
  const target = isPlatformUser(session) ? localStore : sessionStore;
  if (params.catalogType) target.set('catalog_type', params.catalogType);
  if (params.catalogId) target.set('catalog_id', params.catalogId);
}

/**
 * Runs steps 1–5 for the given URL parameters and resolves with the final status ('ready' | 'invalid').
 * Exported for tests; the app calls `ensureSession()`.
 */
export async function bootstrapSession(
  params: SessionUrlParams,
  deps: BootstrapDeps = browserDeps,
): Promise<BootStatus> {
  const run = ++generation;
  const isCurrent = () => run === generation;
  appActions.setBootStatus('loading');

  const storedCode = params.code ? null : localStore.get('session_code');
  const code = params.code ?? storedCode ?? ANONYMOUS_SESSION_CODE;

  // A known code needs no round trip before the settings: ask for both at once (one fewer wait on 4G).
  const earlySettings = code === ANONYMOUS_SESSION_CODE ? null : getShopSettings(undefined, code);
  earlySettings?.catch(() => undefined);

  let session: Session;
  try {
    session = await getSession(code, params.shop);
  } catch {
    return isCurrent() ? fail() : 'invalid';
  }
  if (!isCurrent()) return 'invalid';
  if (!session?.userShop) return fail();

  rememberSession(session);
  storeInitialCatalog(params, session);
  appActions.setSession(session);
  if (session.userShop.currentOrder) appActions.setOrder(session.userShop.currentOrder);

  // The badge's order loads alongside the settings; a failure keeps whatever order we have.
  void getCurrentOrder().then(
    (order: Order) => {
      if (isCurrent()) appActions.setOrder(order);
    },
    () => undefined,
  );

  let settings: ShopSettings;
  try {
    settings = await (earlySettings ?? getShopSettings());
  } catch {
    return isCurrent() ? fail() : 'invalid';
  }
  if (!isCurrent()) return 'invalid';

  // A stored code of another shop must not hijack a link to `?shop=<slug>`: start an anonymous one.
  if (storedCode && params.shop && settings.slug !== params.shop) {
    localStore.remove('session_code');
    appActions.reset('loading');
    return bootstrapSession({ ...params, code: null }, deps);
  }

  appActions.setSettings(settings);
  const style = pickShopStyle(settings, session.channelType);
  if (style) deps.applyShop(settings, style);
  appActions.setBootStatus('ready');
  return 'ready';
}
