/**
 * Shared client state of spec §3: session, current order, shop settings, categories — plus the session
 * bootstrap status. Features read it with the `use…` hooks below (or `useAppStore(selector)`) and write it
 * only through `appActions`, e.g. `appActions.setOrder(updatedOrder)` after an add-to-cart call.
 */
import { create } from 'zustand';
import { OrderStatus, SessionType, Step } from '@vitrine/contracts/enums';
import type { Category } from '@vitrine/contracts/catalog';
import type { Order } from '@vitrine/contracts/order';
import type { Session } from '@vitrine/contracts/session';
import type { ShopSettings, ShopStyle } from '@vitrine/contracts/shop';

/** idle: not started · loading: calls running · ready: session + settings loaded · invalid: failed. */
export type BootStatus = 'idle' | 'loading' | 'ready' | 'invalid';

export interface AppState {
  bootStatus: BootStatus;
  session: Session | null;
  order: Order | null;
  settings: ShopSettings | null;
  categories: Category[];
}

const initialState: AppState = {
  bootStatus: 'idle',
  session: null,
  order: null,
  settings: null,
  categories: [],
};

export const useAppStore = create<AppState>()(() => initialState);

const set = (patch: Partial<AppState>) => useAppStore.setState(patch);

/** The only writers of the shared state. */
export const appActions = {
  setBootStatus: (bootStatus: BootStatus) => set({ bootStatus }),
  setSession: (session: Session | null) => set({ session }),
  /** Replace the current order, typically with the order an order call returned. */
  setOrder: (order: Order | null) => set({ order }),
  setSettings: (settings: ShopSettings | null) => set({ settings }),
  setCategories: (categories: Category[]) => set({ categories }),
  /** Back to the initial state, keeping the given boot status. */
  reset: (bootStatus: BootStatus = 'idle') => useAppStore.setState({ ...initialState, bootStatus }, true),
};

/* ---- pure helpers (usable outside React) ---- */

/** Platform user (sales agent) session: sessionType 1. */
export function isPlatformUser(session: Session | null | undefined): boolean {
  return session?.sessionType === SessionType.PlatformUser;
}

/** Sum of item quantities (the cart badge); 0 without an order or once it left Creating (it is no cart then). */
export function cartItemCount(order: Pick<Order, 'items' | 'status'> | null | undefined): number {
  if (!order || order.status !== OrderStatus.Creating) return 0;
  const total = order.items.reduce(
    (sum, item) => sum + (Number.isFinite(item.quantity) ? item.quantity : 0),
    0,
  );
  return Math.round(total * 1000) / 1000;
}

/** The style that applies: the channel-specific one (channelId = session channelType) when present. */
export function pickShopStyle(
  settings: ShopSettings | null,
  channelType: number | undefined,
): ShopStyle | null {
  if (!settings) return null;
  const channel = settings.channelSettings.find((entry) => entry.channelId === channelType);
  return channel?.style ?? settings.style;
}

/* ---- selectors and hooks ---- */

export const selectIsPlatformUser = (state: AppState) => isPlatformUser(state.session);
export const selectCartCount = (state: AppState) => cartItemCount(state.order);
export const selectShopStyle = (state: AppState) => pickShopStyle(state.settings, state.session?.channelType);
/** An agent whose shop has the seller step and whose order has no seller yet: products stay locked (spec §2, §6). */
export const selectSellerMissing = (state: AppState) =>
  isPlatformUser(state.session) &&
  !!state.settings?.steps.includes(Step.Seller) &&
  !!state.order &&
  !state.order.seller;

export const useBootStatus = () => useAppStore((state) => state.bootStatus);
export const useSession = () => useAppStore((state) => state.session);
export const useCurrentOrder = () => useAppStore((state) => state.order);
export const useShopSettings = () => useAppStore((state) => state.settings);
export const useCategories = () => useAppStore((state) => state.categories);
export const useIsPlatformUser = () => useAppStore(selectIsPlatformUser);
export const useCartCount = () => useAppStore(selectCartCount);
export const useShopStyle = () => useAppStore(selectShopStyle);
export const useSellerMissing = () => useAppStore(selectSellerMissing);
