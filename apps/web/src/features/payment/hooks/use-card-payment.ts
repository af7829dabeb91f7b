/**
 * Submitting the card page (spec §4 "Payment", §8 card results):
 * - an incomplete form only shows the toast 'Por favor, verifique os campos e tente novamente';
 * - Pagar.me accounts tokenise the card in the browser first and send only the token; the built-in gateway
 *   gets number and security code;
 * - each submit is one attempt with its own `Idempotency-Key` (reused only by the automatic retry);
 * - Paid → /finish; captcha needed → captcha dialog, whose token resubmits with key and token; other results →
 *   the §8 error dialog; a failed call → the 'Pagamento' dialog with the server's message.
 * A second submit while one runs is ignored.
 */
import { useCallback, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { CALL_ERRORS } from '@vitrine/contracts/call-errors';
import type { PaymentAccount } from '@vitrine/contracts/payment';
import { showToast } from '../../../stores/toast-store';
import { firstServerMessage } from '../../../lib/api-client';
import { payWithCard } from '../api/pay-with-card';
import { tokenizePagarmeCard } from '../api/tokenize-pagarme-card';
import {
  cardPaymentBody,
  isCardFormComplete,
  splitExpiry,
  type CardForm,
  type CardPart,
  type Captcha,
} from '../lib/card-form';
import { idempotentAttempt } from '../lib/idempotent-attempt';
import { PAYMENT_MESSAGES, paymentOutcome } from '../lib/payment-outcome';

export type PaymentDialog =
  | { kind: 'none' }
  /** §8 card result, with the advice and the two actions. */
  | { kind: 'result'; message: string }
  /** Captcha needed; `refused` after a token the server did not accept; `round` counts the dialogs shown. */
  | { kind: 'captcha'; recaptchaKey: string; refused: boolean; round: number }
  /** The call itself failed: the server's message (or §8 'Falha ao finalizar pagamento'). */
  | { kind: 'message'; message: string };

export interface UseCardPayment {
  submit: () => Promise<void>;
  submitCaptcha: (token: string) => Promise<void>;
  /** A submit was refused as incomplete (fields are then marked). */
  attempted: boolean;
  busy: boolean;
  dialog: PaymentDialog;
  closeDialog: () => void;
  /** Opens the §8 result dialog with `message` (a result that arrived live, e.g. the charge expired). */
  showResult: (message: string) => void;
}

type Account = PaymentAccount['settings'];

/** The card as this account's gateway takes it; null when Pagar.me refused the card data. */
async function cardPartFor(account: Account, form: CardForm): Promise<CardPart | null> {
  if (account.type !== 'pagarme') return { number: form.number, securityCode: form.securityCode };
  const { month, year } = splitExpiry(form.expiry);
  return tokenizePagarmeCard(account.publicKey ?? '', {
    number: form.number,
    holderName: form.name.trim(),
    expMonth: month,
    expYear: year,
    cvv: form.securityCode,
  });
}

export function useCardPayment(account: Account, form: CardForm, cnpj: boolean): UseCardPayment {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [dialog, setDialog] = useState<PaymentDialog>({ kind: 'none' });
  const running = useRef(false);
  const captchaRound = useRef(0);

  const pay = useCallback(
    async (captcha?: Captcha) => {
      if (running.current) return;
      if (!isCardFormComplete(form, cnpj)) {
        setAttempted(true);
        showToast(PAYMENT_MESSAGES.incomplete, { variant: 'warning', id: 'card-form' });
        return;
      }
      running.current = true;
      setBusy(true);
      try {
        const card = await cardPartFor(account, form);
        if (!card) {
          setDialog({ kind: 'result', message: PAYMENT_MESSAGES.invalidData });
          return;
        }
        const body = cardPaymentBody(form, card, captcha);
        const outcome = paymentOutcome(await idempotentAttempt((key) => payWithCard(body, key)));
        if (outcome.kind === 'paid') {
          navigate('/finish');
        } else if (outcome.kind === 'captcha') {
          setDialog({
            kind: 'captcha',
            recaptchaKey: outcome.recaptchaKey,
            refused: captcha !== undefined,
            round: ++captchaRound.current,
          });
        } else {
          setDialog({ kind: 'result', message: outcome.message });
        }
      } catch (error) {
        const message = firstServerMessage(error);
        setDialog(
          captcha
            ? {
                kind: 'captcha',
                recaptchaKey: captcha.recaptchaKey,
                refused: true,
                round: ++captchaRound.current,
              }
            : { kind: 'message', message: message ?? CALL_ERRORS.creditPayment },
        );
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [account, cnpj, form, navigate],
  );

  const submitCaptcha = useCallback(
    async (token: string) => {
      if (dialog.kind !== 'captcha') return;
      await pay({ recaptchaKey: dialog.recaptchaKey, recaptchaToken: token });
    },
    [dialog, pay],
  );

  const showResult = useCallback((message: string) => setDialog({ kind: 'result', message }), []);

  return {
    submit: () => pay(),
    submitCaptcha,
    attempted,
    busy,
    dialog,
    closeDialog: () => setDialog({ kind: 'none' }),
    showResult,
  };
}
