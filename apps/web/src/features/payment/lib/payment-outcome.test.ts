import { describe, expect, it } from 'vitest';
import { FailureType, PaymentStatus } from '@vitrine/contracts/enums';
import { paymentOutcome } from './payment-outcome';

const failed = (failureType: number, recaptchaKey: string | null = null) => ({
  status: PaymentStatus.Failed,
  failureType,
  recaptchaKey,
});

describe('payment outcome (spec §8 card results)', () => {
  it('goes on when paid', () => {
    expect(paymentOutcome({ status: PaymentStatus.Paid, failureType: null })).toEqual({ kind: 'paid' });
  });

  it('gives the §8 text of each result', () => {
    const message = (answer: Parameters<typeof paymentOutcome>[0]) => {
      const outcome = paymentOutcome(answer);
      return outcome.kind === 'error' ? outcome.message : outcome.kind;
    };
    expect(message({ status: PaymentStatus.Expired, failureType: null })).toBe(
      'O tempo para pagamento expirou',
    );
    expect(message(failed(FailureType.InvalidData))).toBe('Os dados do cartão são inválidos');
    expect(message(failed(FailureType.LimitExceeded))).toBe('Limite de compras do cartão insuficiente');
    expect(message(failed(FailureType.Unknown))).toBe('Aconteceu um erro com seu pagamento');
    expect(message({ status: PaymentStatus.Canceled, failureType: null })).toBe(
      'Aconteceu um erro com seu pagamento',
    );
    // A captcha failure without a key cannot show the captcha.
    expect(message(failed(FailureType.ReCAPTCHA))).toBe('Aconteceu um erro com seu pagamento');
  });

  it('asks for the captcha with the key the server sent', () => {
    expect(paymentOutcome(failed(FailureType.ReCAPTCHA, 'fake-site-key'))).toEqual({
      kind: 'captcha',
      recaptchaKey: 'fake-site-key',
    });
  });
});
