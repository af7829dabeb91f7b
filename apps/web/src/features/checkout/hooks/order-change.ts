/**
 * Runs a checkout call that answers with the order: shows its busy label meanwhile, replaces the order in the
 * shared state with the answer (the server is the source of truth) and syncs the form with it. A failure is
 * reported the way spec §8 gives for that call, then the caller learns it through a null result.
 */
import type { Order } from '@vitrine/contracts/order';
import { appActions } from '../../../stores/app-store';
import { showToast } from '../../../stores/toast-store';
import { firstServerMessage, isApiCallError } from '../../../lib/api-client';
import { checkoutActions, type BusyLabel } from './checkout-store';

export type FailureReport =
  /** Generic dialog with this title and the server's message (or the call's). */
  | { dialog: string; message?: string }
  /** Warning toast with the server's message (or the call's). */
  | { toast: true }
  /** The caller shows the message itself (e.g. inline under its section). */
  | { inline: (message: string) => void };

/** The message a failed call carries: the server's first one, else the call's §8 text. */
export function failureMessage(error: unknown): string {
  return firstServerMessage(error) ?? (isApiCallError(error) ? error.message : '');
}

export function reportFailure(error: unknown, report: FailureReport): void {
  if ('inline' in report) {
    report.inline(failureMessage(error));
    return;
  }
  const message = 'dialog' in report && report.message ? report.message : failureMessage(error);
  if ('dialog' in report) checkoutActions.showDialog(report.dialog, message);
  else showToast(message, { variant: 'warning' });
}

export async function changeOrder(
  call: () => Promise<Order>,
  options: { busy?: BusyLabel; onError?: FailureReport } = {},
): Promise<Order | null> {
  const busy = options.busy ?? 'Atualizando pedido';
  checkoutActions.busyStart(busy);
  try {
    const order = await call();
    appActions.setOrder(order);
    checkoutActions.sync(order);
    return order;
  } catch (error) {
    reportFailure(error, options.onError ?? { toast: true });
    return null;
  } finally {
    checkoutActions.busyEnd(busy);
  }
}
