/**
 * State of the card form: typed values (normalised by the §5 masks), the CEP lookup that fills the billing
 * address, and the card type / installments choice, sent to the server as it changes (a new card type resets
 * installments to 1, spec §4). Only the latest installments answer is applied.
 */
import { useCallback, useRef, useState } from 'react';
import { CALL_ERRORS } from '@vitrine/contracts/call-errors';
import type { Order } from '@vitrine/contracts/order';
import { isValidCep } from '@vitrine/contracts/validators';
import { showToast } from '../../../stores/toast-store';
import { lookupCep } from '../../../lib/lookup-cep';
import { setInstallments } from '../api/set-installments';
import { changeField, DEFAULT_INSTALLMENTS, type CardForm, type CardFormField } from '../lib/card-form';

export interface UseCardForm {
  form: CardForm;
  setField: (field: CardFormField, value: string) => void;
  chooseCardType: (providerId: string) => void;
  chooseInstallments: (installments: number) => void;
  /** A CEP lookup is running. */
  lookingUpCep: boolean;
  /** An installments change is on its way to the server. */
  updatingInstallments: boolean;
}

export function useCardForm(
  initial: () => CardForm,
  cnpj: boolean,
  onOrder: (order: Order) => void,
): UseCardForm {
  const [form, setFormState] = useState(initial);
  // The latest form, also between renders (several keystrokes before React re-renders).
  const formRef = useRef(form);
  const setForm = useCallback((update: (current: CardForm) => CardForm) => {
    formRef.current = update(formRef.current);
    setFormState(formRef.current);
  }, []);
  const [lookingUpCep, setLookingUpCep] = useState(false);
  const [pendingInstallments, setPendingInstallments] = useState(0);
  const cepRequest = useRef<AbortController | null>(null);
  const installmentsSeq = useRef(0);

  const fillFromCep = useCallback(
    async (cep: string) => {
      cepRequest.current?.abort();
      const controller = new AbortController();
      cepRequest.current = controller;
      setLookingUpCep(true);
      try {
        const found = await lookupCep(cep, controller.signal);
        // Keep what the shopper typed where the lookup has nothing (CEPs of a whole city have no street).
        setForm((current) =>
          current.zipCode !== cep
            ? current
            : {
                ...current,
                address: found.street || current.address,
                neighborhood: found.neighborhood || current.neighborhood,
                city: found.city || current.city,
                state: found.state || current.state,
              },
        );
      } catch {
        // The address fields stay editable: the shopper types them.
        if (!controller.signal.aborted) showToast(CALL_ERRORS.cep, { variant: 'warning', id: 'cep' });
      } finally {
        if (cepRequest.current === controller) {
          cepRequest.current = null;
          setLookingUpCep(false);
        }
      }
    },
    [setForm],
  );

  const setField = useCallback(
    (field: CardFormField, value: string) => {
      const before = formRef.current.zipCode;
      setForm((current) => changeField(current, field, value, cnpj));
      const after = formRef.current.zipCode;
      if (field === 'zipCode' && after !== before && isValidCep(after)) void fillFromCep(after);
    },
    [cnpj, fillFromCep, setForm],
  );

  const sendInstallments = useCallback(
    (providerId: string, installments: number) => {
      const seq = ++installmentsSeq.current;
      setPendingInstallments((n) => n + 1);
      setInstallments({ providerId, installments })
        .then(
          (order) => {
            if (seq === installmentsSeq.current) onOrder(order);
          },
          () => showToast(CALL_ERRORS.installments, { variant: 'warning', id: 'installments' }),
        )
        .finally(() => setPendingInstallments((n) => n - 1));
    },
    [onOrder],
  );

  const chooseCardType = useCallback(
    (providerId: string) => {
      setForm((current) => ({ ...current, providerId, installments: DEFAULT_INSTALLMENTS }));
      if (providerId) sendInstallments(providerId, DEFAULT_INSTALLMENTS);
    },
    [sendInstallments, setForm],
  );

  const chooseInstallments = useCallback(
    (installments: number) => {
      setForm((current) => ({ ...current, installments }));
      const { providerId } = formRef.current;
      if (providerId) sendInstallments(providerId, installments);
    },
    [sendInstallments, setForm],
  );

  return {
    form,
    setField,
    chooseCardType,
    chooseInstallments,
    lookingUpCep,
    updatingInstallments: pendingInstallments > 0,
  };
}
