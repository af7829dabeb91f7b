/**
 * Toasts: short messages stacked at the bottom of the screen (spec §9: auto-hide after 5000 ms).
 *
 *   showToast('Produto adicionado ao carrinho');
 *   showToast('Falha ao carregar lojas', { variant: 'warning' });
 *   showToast('Pedido confirmado…', { id: 'confirm' }); // same id replaces instead of stacking
 *   showToast('Removido do carrinho: Banana', { action: { label: 'Desfazer', run: restore } });
 */
import { create } from 'zustand';

export type ToastVariant = 'success' | 'warning' | 'error';

/** A button in the toast ('Desfazer'); running it also closes the toast. */
export interface ToastAction {
  label: string;
  run: () => void;
}

export interface Toast {
  id: string;
  message: string;
  variant: ToastVariant;
  delayMs: number;
  action?: ToastAction;
  /** When it was shown (ms since the epoch): a page change drops the toasts of the page before. */
  shownAt: number;
}

export interface ToastOptions {
  variant?: ToastVariant;
  /** Auto-hide delay; 0 keeps the toast until dismissed. */
  delayMs?: number;
  /** Stable id: showing a toast with an id already on screen replaces it (no duplicates). */
  id?: string;
  action?: ToastAction;
}

export const TOAST_DELAY_MS = 5000;
/** At most this many toasts on screen; the oldest goes first. */
const MAX_TOASTS = 4;

export const useToastStore = create<{ toasts: Toast[] }>()(() => ({ toasts: [] }));

const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function clearTimer(id: string): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}

/** (Re)starts the auto-hide countdown of a toast on screen. */
export function startToastTimer(id: string): void {
  clearTimer(id);
  const toast = useToastStore.getState().toasts.find((item) => item.id === id);
  if (!toast || toast.delayMs <= 0) return;
  timers.set(
    id,
    setTimeout(() => dismissToast(id), toast.delayMs),
  );
}

/** Stops the countdown (while the pointer or focus is on the toast, so it can be read). */
export function pauseToastTimer(id: string): void {
  clearTimer(id);
}

/** Shows a toast and returns its id. */
export function showToast(message: string, options: ToastOptions = {}): string {
  const id = options.id ?? `toast-${++counter}`;
  const toast: Toast = {
    id,
    message,
    variant: options.variant ?? 'success',
    delayMs: options.delayMs ?? TOAST_DELAY_MS,
    ...(options.action && { action: options.action }),
    shownAt: Date.now(),
  };
  useToastStore.setState(({ toasts }) => {
    const others = toasts.filter((item) => item.id !== id);
    const next = [...others, toast];
    for (const dropped of next.slice(0, Math.max(0, next.length - MAX_TOASTS))) clearTimer(dropped.id);
    return { toasts: next.slice(-MAX_TOASTS) };
  });
  startToastTimer(id);
  return id;
}

/** Removes a toast (no-op when it is already gone). */
export function dismissToast(id: string): void {
  clearTimer(id);
  useToastStore.setState(({ toasts }) => ({ toasts: toasts.filter((item) => item.id !== id) }));
}

/** A toast shown this recently belongs to the page being opened (a save that then navigates), not the one left. */
export const TOAST_PAGE_GRACE_MS = 1000;

/**
 * The page changed: removes the toasts the previous page showed, so none covers the next page's fields ('Produto
 * salvo.' over the next empty form). A toast shown within TOAST_PAGE_GRACE_MS stays (the save that navigated).
 */
export function dropPageToasts(now = Date.now()): void {
  const stale = useToastStore.getState().toasts.filter((t) => now - t.shownAt > TOAST_PAGE_GRACE_MS);
  for (const toast of stale) dismissToast(toast.id);
}
