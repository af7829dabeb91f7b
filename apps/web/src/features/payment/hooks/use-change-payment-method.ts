/**
 * 'Alterar forma de pagamento': `GET /api/order/payment/update`, then /change-payment; on failure the toast
 * 'Erro ao atualizar o método de pagamento' and the shopper stays on the page.
 */
import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import { showToast } from '../../../stores/toast-store';
import { updatePaymentMethod } from '../api/update-payment-method';
import { PAYMENT_MESSAGES } from '../lib/payment-outcome';

export function useChangePaymentMethod() {
  const [, navigate] = useLocation();
  const [changing, setChanging] = useState(false);

  const changeMethod = useCallback(async () => {
    setChanging(true);
    try {
      await updatePaymentMethod();
      navigate('/change-payment');
    } catch {
      setChanging(false);
      showToast(PAYMENT_MESSAGES.updateFailed, { variant: 'error', id: 'payment-update' });
    }
  }, [navigate]);

  return { changeMethod, changing };
}
