import { describe, expect, it } from 'vitest';
import type { PaymentSettings } from '@vitrine/contracts/payment-settings';
import { accountFormSchema, bodyOf, formOf } from './account-model';

const saved: PaymentSettings = {
  shop: 'loja',
  accountType: 'mercadopago',
  publicKey: 'APP_USR-public',
  secretKey: '****x7y8',
  webhookSecret: null,
  installments: {
    maxInstallments: 6,
    minInstallmentValue: 20,
    interestFreeInstallments: 3,
    monthlyInterestRate: 1.99,
  },
  recaptchaSiteKey: null,
  recaptchaSecretKey: null,
};

const errorsOf = (form: ReturnType<typeof formOf>) => {
  const result = accountFormSchema(saved).safeParse(form);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
};

describe('payment account form', () => {
  it('starts from the stored account, secrets blank, the rate in pt-BR', () => {
    expect(formOf(saved)).toMatchObject({
      secretKey: '',
      maxInstallments: '6',
      minInstallmentCents: 2000,
      monthlyRate: '1,99',
    });
  });

  it('puts the contract’s pt-BR messages on their fields; a stored secret may stay blank, a missing one may not', () => {
    const form = { ...formOf(saved), maxInstallments: '30', monthlyRate: '1,2,3' };
    expect(errorsOf(form)).toEqual({
      maxInstallments: 'O número máximo de parcelas deve ser um inteiro de 1 a 24.',
      monthlyRate: 'A taxa de juros mensal deve ser de 0% a 10%, com até 2 casas decimais.',
      webhookSecret: 'Obrigatória para Mercado Pago.',
    });
    expect(errorsOf({ ...formOf(saved), webhookSecret: 'curta' })).toEqual({
      webhookSecret: 'O segredo do webhook deve ter de 8 a 500 caracteres, sem espaços.',
    });
    expect(errorsOf({ ...formOf(saved), accountType: 'vitrine' })).toEqual({});
  });

  it('leaves blank secrets out of the body (the stored ones are kept)', () => {
    const body = bodyOf({ ...formOf(saved), webhookSecret: ' segredo-novo-01 ', monthlyRate: '2,5' });
    expect(body).toEqual({
      accountType: 'mercadopago',
      publicKey: 'APP_USR-public',
      webhookSecret: 'segredo-novo-01',
      installments: {
        maxInstallments: 6,
        minInstallmentValue: 20,
        interestFreeInstallments: 3,
        monthlyInterestRate: 2.5,
      },
      recaptchaSiteKey: null,
      recaptchaSecretKey: null,
    });
  });

  it('keeps the shop’s reCAPTCHA site key, refuses one with spaces, and a blank one means the server’s', () => {
    const withKey = { ...saved, recaptchaSiteKey: '6Lc-loja-site-key' };
    expect(formOf(withKey).recaptchaSiteKey).toBe('6Lc-loja-site-key');
    expect(bodyOf(formOf(withKey)).recaptchaSiteKey).toBe('6Lc-loja-site-key');
    expect(bodyOf({ ...formOf(withKey), recaptchaSiteKey: '  ' }).recaptchaSiteKey).toBeNull();
    const form = { ...formOf(saved), webhookSecret: 'segredo-novo-01' };
    expect(errorsOf({ ...form, recaptchaSiteKey: 'chave com espaço' })).toEqual({
      recaptchaSiteKey: 'A chave do site do reCAPTCHA deve ter de 1 a 200 caracteres, sem espaços.',
      recaptchaSecretKey: 'Informe a chave secreta do mesmo par da chave do site.',
    });
    // A site key needs its own pair's secret (typed now, or stored already).
    expect(errorsOf({ ...form, recaptchaSiteKey: '6Lc-loja', recaptchaSecretKey: '6Lc-secret-1' })).toEqual(
      {},
    );
    expect(errorsOf({ ...form, recaptchaSiteKey: '6Lc-loja' }).recaptchaSecretKey).toBeDefined();
    expect(
      bodyOf({ ...form, recaptchaSiteKey: '6Lc-loja', recaptchaSecretKey: ' 6Lc-secret-1 ' }),
    ).toMatchObject({
      recaptchaSiteKey: '6Lc-loja',
      recaptchaSecretKey: '6Lc-secret-1',
    });
  });
});
