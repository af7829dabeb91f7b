/**
 * Spec §4: the contact's details are saved 3 s after the last edit, when the fields are valid and differ
 * from what was last saved. A changed birth date gets its own toasts (§8). `flush` saves a pending change at
 * once (before confirming).
 */
import { useCallback, useEffect, useRef } from 'react';
import type { CustomerBody } from '@vitrine/contracts/checkout';
import { showToast } from '../../../stores/toast-store';
import { updateCustomer } from '../api/update-customer';
import { customerBody, customerErrors, customerKey, type CustomerRulesSettings } from '../lib/customer-rules';
import type { CheckoutForm } from '../lib/checkout-form';
import { failureMessage } from './order-change';

/** Spec §9: customer auto-save delay. */
export const CUSTOMER_AUTOSAVE_MS = 3000;

export function useCustomerAutosave(
  form: CheckoutForm,
  settings: CustomerRulesSettings,
  saved: CustomerBody,
): () => Promise<void> {
  const lastSaved = useRef(saved);
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; run: () => Promise<void> } | null>(null);
  const body = customerBody(form, settings);
  const key = customerKey(body);
  const valid = Object.keys(customerErrors(form, settings)).length === 0;

  useEffect(() => {
    if (!valid || key === customerKey(lastSaved.current)) return;
    const next = JSON.parse(key) as CustomerBody;
    const run = async () => {
      clearTimeout(timer);
      if (pending.current?.run === run) pending.current = null;
      const birthDateChanged = (next.birthDate ?? '') !== (lastSaved.current.birthDate ?? '');
      try {
        await updateCustomer(next);
        lastSaved.current = next;
        if (birthDateChanged) showToast('Data de nascimento atualizada com sucesso');
      } catch (error) {
        const message = birthDateChanged ? 'Erro ao atualizar data de nascimento' : failureMessage(error);
        showToast(message, { variant: 'warning', id: 'customer-save' });
      }
    };
    const timer = setTimeout(() => void run(), CUSTOMER_AUTOSAVE_MS);
    pending.current = { timer, run };
    return () => {
      clearTimeout(timer);
      if (pending.current?.run === run) pending.current = null;
    };
  }, [key, valid]);

  return useCallback(async () => {
    await pending.current?.run();
  }, []);
}
