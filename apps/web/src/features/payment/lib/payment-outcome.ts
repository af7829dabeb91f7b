/**
 * What the shopper sees for a payment answer (spec §8 card results): Paid goes on, a failure needing captcha
 * opens the captcha dialog, everything else is an error dialog with the §8 text.
 */
import { FailureType, PaymentStatus } from '@vitrine/contracts/enums';

export const PAYMENT_MESSAGES = {
  expired: 'O tempo para pagamento expirou',
  invalidData: 'Os dados do cartão são inválidos',
  limitExceeded: 'Limite de compras do cartão insuficiente',
  other: 'Aconteceu um erro com seu pagamento',
  /** Added under every card result in the error dialog. */
  advice: 'Você pode alterar a forma de pagamento ou modificar os dados antes de tentar novamente',
  captchaRefused: 'Houve um problema na validação do ReCaptcha, por favor tente novamente',
  incomplete: 'Por favor, verifique os campos e tente novamente',
  updateFailed: 'Erro ao atualizar o método de pagamento',
  noMethod: 'Método de pagamento não encontrado',
  notCard: 'Método de pagamento não é cartão de crédito',
} as const;

export type PaymentOutcome =
  { kind: 'paid' } | { kind: 'captcha'; recaptchaKey: string } | { kind: 'error'; message: string };

export interface PaymentAnswer {
  status: number;
  failureType: number | null;
  recaptchaKey?: string | null;
}

export function paymentOutcome(answer: PaymentAnswer): PaymentOutcome {
  if (answer.status === PaymentStatus.Paid) return { kind: 'paid' };
  if (answer.status === PaymentStatus.Expired) return { kind: 'error', message: PAYMENT_MESSAGES.expired };
  if (answer.status === PaymentStatus.Failed) {
    switch (answer.failureType) {
      case FailureType.ReCAPTCHA:
        if (answer.recaptchaKey) return { kind: 'captcha', recaptchaKey: answer.recaptchaKey };
        break;
      case FailureType.InvalidData:
        return { kind: 'error', message: PAYMENT_MESSAGES.invalidData };
      case FailureType.LimitExceeded:
        return { kind: 'error', message: PAYMENT_MESSAGES.limitExceeded };
    }
  }
  return { kind: 'error', message: PAYMENT_MESSAGES.other };
}
