/**
 * Client state of the agent checkout: the form (persisted in `checkout_data` for the session user, spec §4),
 * the busy label of the call in flight, and the generic title/message dialog.
 */
import { create } from 'zustand';
import type { Order } from '@vitrine/contracts/order';
import type { Session } from '@vitrine/contracts/session';
import { localStore } from '../../../lib/storage';
import {
  customerFields,
  EMPTY_FORM,
  restoredForm,
  syncWithOrder,
  type CheckoutForm,
  type StoredCheckout,
} from '../lib/checkout-form';

export type BusyLabel =
  'Processando...' | 'Recalculando...' | 'Atualizando pedido' | 'Enviando resumo do pedido';

export interface CheckoutDialog {
  title: string;
  message: string;
}

interface CheckoutState {
  form: CheckoutForm;
  /** Labels of the calls in flight (the last one shows). */
  busy: BusyLabel[];
  dialog: CheckoutDialog | null;
}

export const useCheckoutStore = create<CheckoutState>()(() => ({ form: EMPTY_FORM, busy: [], dialog: null }));

function persist(form: CheckoutForm): void {
  const userId = localStore.get('session_user_id');
  if (!userId) return;
  const stored: StoredCheckout = { userId, form };
  localStore.set('checkout_data', stored);
}

/** The writers of the checkout state. */
export const checkoutActions = {
  /** The form for this visit: stored for the same user, else the session's customer; then the order's choices. */
  start(session: Session, order: Order | null): void {
    const restored = restoredForm(localStore.get('checkout_data'), session.userId);
    const base = { ...EMPTY_FORM, ...(restored ?? customerFields(session.userShop.customer)) };
    const form = order ? syncWithOrder(base, order) : base;
    useCheckoutStore.setState({ form, busy: [], dialog: null });
    persist(form);
  },
  patch(patch: Partial<CheckoutForm>): void {
    const form = { ...useCheckoutStore.getState().form, ...patch };
    useCheckoutStore.setState({ form });
    persist(form);
  },
  replace(form: CheckoutForm): void {
    useCheckoutStore.setState({ form });
    persist(form);
  },
  /** Puts the order's choices over the form (after each call that returned the order). */
  sync(order: Order): void {
    checkoutActions.replace(syncWithOrder(useCheckoutStore.getState().form, order));
  },
  /** The order left Creating: the form is done with. */
  finish(): void {
    localStore.remove('checkout_data');
    useCheckoutStore.setState({ form: EMPTY_FORM, busy: [], dialog: null });
  },
  busyStart(label: BusyLabel): void {
    useCheckoutStore.setState(({ busy }) => ({ busy: [...busy, label] }));
  },
  busyEnd(label: BusyLabel): void {
    useCheckoutStore.setState(({ busy }) => {
      const at = busy.lastIndexOf(label);
      return { busy: at < 0 ? busy : [...busy.slice(0, at), ...busy.slice(at + 1)] };
    });
  },
  showDialog(title: string, message: string): void {
    useCheckoutStore.setState({ dialog: { title, message } });
  },
  closeDialog(): void {
    useCheckoutStore.setState({ dialog: null });
  },
};

export const useCheckoutForm = () => useCheckoutStore((state) => state.form);
export const useBusyLabel = () => useCheckoutStore((state) => state.busy.at(-1) ?? null);
export const useCheckoutDialog = () => useCheckoutStore((state) => state.dialog);
