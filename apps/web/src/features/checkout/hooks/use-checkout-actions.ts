/**
 * The footer's actions (spec §2, §4, §8): confirm (→ /finish), send the summary, the semi-automatic toggle
 * and cancel (→ /finish, 'Pedido cancelado'). Each shows its busy label while it runs.
 */
import { useLocation } from 'wouter';
import type { AgentConfirmBody } from '@vitrine/contracts/checkout';
import type { Order } from '@vitrine/contracts/order';
import { appActions, useCurrentOrder } from '../../../stores/app-store';
import { showToast } from '../../../stores/toast-store';
import { reportSend, RESUME_SENT_MESSAGE, sendOrderResume } from '../../../stores/send-to-contact';
import { cancelOrder } from '../api/cancel-order';
import { confirmCheckout } from '../api/confirm-checkout';
import { setSemiAutomatic } from '../api/set-semi-automatic';
import { checkoutActions, type BusyLabel } from './checkout-store';
import { changeOrder, reportFailure } from './order-change';

async function withBusy<T>(label: BusyLabel, run: () => Promise<T>): Promise<T> {
  checkoutActions.busyStart(label);
  try {
    return await run();
  } finally {
    checkoutActions.busyEnd(label);
  }
}

export function useCheckoutActions() {
  const [, navigate] = useLocation();
  /** The order on screen: confirm and cancel name it, so a retry never acts on a newer open order. */
  const orderId = useCurrentOrder()?.id;

  /** The order left Creating (confirmed or cancelled): keep it for /finish and drop the saved form. */
  const leave = (order: Order) => {
    appActions.setOrder(order);
    checkoutActions.finish();
    navigate('/finish');
  };

  return {
    confirm: (body: AgentConfirmBody) =>
      withBusy('Processando...', async () => {
        try {
          leave(await confirmCheckout(orderId, body));
        } catch (error) {
          reportFailure(error, { dialog: 'Finalizar Pedido' });
        }
      }),
    sendResume: () =>
      withBusy('Enviando resumo do pedido', () =>
        reportSend(sendOrderResume, 'sendResume', RESUME_SENT_MESSAGE),
      ),
    toggleSemiAutomatic: async (current: boolean) => {
      const order = await changeOrder(() => setSemiAutomatic(!current), {
        onError: { inline: () => showToast('Erro ao mudar de fluxo', { variant: 'error', id: 'semi' }) },
      });
      if (order)
        showToast(
          order.isInSemiAutomatic
            ? 'Usuário em fluxo semiautomático'
            : 'Usuário de volta para venda assistida',
          { id: 'semi' },
        );
    },
    cancel: () =>
      withBusy('Atualizando pedido', async () => {
        try {
          leave(await cancelOrder(orderId));
        } catch (error) {
          reportFailure(error, { toast: true });
        }
      }),
  };
}
