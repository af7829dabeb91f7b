/**
 * First load of the catalogue (spec §4 "First load"):
 * 1. categories are fetched when the shared state has none;
 * 2. /products-found opens the suggested view directly;
 * 3. a stored initial catalogue (chat link hash: ShowCategory / ShowCollection / ShowQuery) opens it and
 *    is then cleared;
 * 4. otherwise the cached catalogue (2 h) is restored;
 * 5. otherwise the top sellers load.
 * Coming back to the page in the same session keeps what was on screen.
 */
import { useEffect } from 'react';
import type { Category } from '@vitrine/contracts/catalog';
import { CatalogType } from '@vitrine/contracts/enums';
import { appActions, useAppStore, useSession } from '../../../stores/app-store';
import { localStore, sessionStore } from '../../../lib/storage';
import { getCategories } from '../api/get-categories';
import { readCachedCatalog } from '../lib/catalog-cache';
import { SUGGESTED_ITEMS } from '@vitrine/contracts/catalog-ids';
import { DEFAULT_QUERY, initialCatalogQuery, selectTab } from '../lib/catalog-query';
import { catalogActions, useCatalogStore } from './catalog-store';

let pendingCategories: Promise<Category[]> | null = null;

/** The shared categories, fetched once when there are none (a failure yields none; tabs show 'Todos'). */
export function ensureCategories(): Promise<Category[]> {
  const existing = useAppStore.getState().categories;
  if (existing.length > 0) return Promise.resolve(existing);
  pendingCategories ??= getCategories()
    .then(
      (categories) => {
        appActions.setCategories(categories);
        return categories;
      },
      () => [] as Category[],
    )
    .finally(() => {
      pendingCategories = null;
    });
  return pendingCategories;
}

export interface InitialCatalog {
  type: string;
  id: string;
}

/** Reads and clears the initial catalogue stored from the link (session storage, or local for agents). */
export function takeInitialCatalog(): InitialCatalog | null {
  let found: InitialCatalog | null = null;
  for (const store of [sessionStore, localStore]) {
    const type = store.get('catalog_type');
    const id = store.get('catalog_id');
    if (!found && type && id && type !== CatalogType.Standard) found = { type, id };
    store.remove('catalog_type');
    store.remove('catalog_id');
  }
  return found;
}

const startsInFlight = new Map<string, Promise<void>>();

/**
 * Runs the first load for `owner` (shop + user); see the module comment. A call made while another start of the
 * same owner is still waiting (e.g. on the category tree) waits for it instead of starting a second one.
 */
export function startCatalog(owner: string, suggested: boolean): Promise<void> {
  const inFlight = startsInFlight.get(owner);
  if (inFlight) return inFlight.then(() => startCatalog(owner, suggested));
  const started = runFirstLoad(owner, suggested).finally(() => startsInFlight.delete(owner));
  startsInFlight.set(owner, started);
  return started;
}

async function runFirstLoad(owner: string, suggested: boolean): Promise<void> {
  const state = useCatalogStore.getState();
  if (state.owner === owner && state.status !== 'idle') {
    if (suggested) catalogActions.open(selectTab(state.query, SUGGESTED_ITEMS, ''));
    return;
  }
  catalogActions.claim(owner);
  const categories = ensureCategories();
  const initial = takeInitialCatalog();

  if (suggested) {
    catalogActions.open(selectTab(DEFAULT_QUERY, SUGGESTED_ITEMS, ''));
    return;
  }
  if (initial) {
    // Only a category link needs the tree (a subcategory opens as parent > subcategory).
    const needsTree = initial.type === CatalogType.ShowCategory;
    const tree = needsTree ? await categories : [];
    const now = useCatalogStore.getState();
    if (now.owner !== owner || now.status !== 'idle') return; // another session, or the shopper chose already
    const query = initialCatalogQuery(initial.type, initial.id, tree);
    if (query) {
      catalogActions.open(query);
      return;
    }
  }
  const cache = readCachedCatalog(owner);
  if (cache) catalogActions.restore(cache);
  else catalogActions.open(DEFAULT_QUERY);
}

/** Owner key of a session: its shop and user. */
export function catalogOwner(
  session: { userId: string; userShop: { shopId: string } } | null,
): string | null {
  return session ? `${session.userShop.shopId}:${session.userId}` : null;
}

/** Paths that show the catalogue; the second one opens the suggested view. */
const CATALOG_PATHS: Record<string, boolean> = { '/catalog': false, '/products-found': true };

let watching = false;

/**
 * Starts the first load the moment the session arrives — while the shop settings are still loading and
 * before the page mounts — when the address is a catalogue path. Saves a round trip before the first
 * products (LCP). Safe to call more than once; the page's own start is then a no-op.
 */
export function startCatalogWithSession(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  useAppStore.subscribe((state, previous) => {
    const owner = catalogOwner(state.session);
    const suggested = CATALOG_PATHS[window.location.pathname];
    if (!owner || state.session === previous.session || suggested === undefined) return;
    void startCatalog(owner, suggested);
  });
}

/** Starts the catalogue once the session is known. */
export function useCatalogFirstLoad(suggested: boolean): void {
  const owner = catalogOwner(useSession());
  useEffect(() => {
    if (owner) void startCatalog(owner, suggested);
  }, [owner, suggested]);
}
