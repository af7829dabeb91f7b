/**
 * A shop's payment account as the chatbot platform sets and reads it (routes/platform/payments.ts): the body merged over
 * the stored account (absent keys kept, null removed), checked for what the account type's gateway needs, and
 * answered with its secrets masked.
 */
import { centsToReais, reaisToCents } from '@vitrine/contracts/money';
import type { PaymentSettings, PaymentSettingsBody } from '@vitrine/contracts/payment-settings';
import type { AccountType } from '../../adapters/payments/registry.ts';
import { badRequest } from '../../lib/app-error.ts';
import type { PaymentAccountRow, PaymentSettingsInput } from './account.ts';

type KeyField = 'publicKey' | 'secretKey' | 'webhookSecret';

/** What each account type's gateway needs (adapters/payments/registry.ts, and the browser for public keys). */
const REQUIRED: Record<AccountType, KeyField[]> = {
  vitrine: [],
  pagarme: ['publicKey', 'secretKey'],
  mercadopago: ['publicKey', 'secretKey', 'webhookSecret'],
  link: ['secretKey', 'webhookSecret'],
};

const keep = (given: string | null | undefined, stored: string | null) =>
  given === undefined ? stored : given;

/** The account to store: the body over `stored`; 400 naming the first key the account type lacks. */
export function mergeSettings(body: PaymentSettingsBody, stored: PaymentAccountRow): PaymentSettingsInput {
  const rules = body.installments;
  const input = {
    type: body.accountType,
    publicKey: keep(body.publicKey, stored.publicKey),
    secretKey: keep(body.secretKey, stored.secretKey),
    webhookSecret: keep(body.webhookSecret, stored.webhookSecret),
    recaptchaSiteKey: keep(body.recaptchaSiteKey, stored.recaptchaSiteKey),
    recaptchaSecretKey: keep(body.recaptchaSecretKey, stored.recaptchaSecretKey),
    rules: {
      maxInstallments: rules.maxInstallments,
      minInstallmentCents: reaisToCents(rules.minInstallmentValue),
      interestFree: rules.interestFreeInstallments,
      monthlyInterestBp: Math.round(rules.monthlyInterestRate * 100),
    },
  };
  const missing = REQUIRED[input.type].find((field) => !input[field]);
  if (missing) throw badRequest(`${missing}: obrigatório para contas ${input.type}.`);
  return input;
}

const masked = (secret: string | null) => (secret ? `****${secret.slice(-4)}` : null);

/** The account as the platform reads it, secrets masked. */
export function settingsView(shop: string, account: PaymentAccountRow): PaymentSettings {
  return {
    shop,
    accountType: account.type,
    publicKey: account.publicKey,
    secretKey: masked(account.secretKey),
    webhookSecret: masked(account.webhookSecret),
    installments: {
      maxInstallments: account.rules.maxInstallments,
      minInstallmentValue: centsToReais(account.rules.minInstallmentCents),
      interestFreeInstallments: account.rules.interestFree,
      monthlyInterestRate: account.rules.monthlyInterestBp / 100,
    },
    recaptchaSiteKey: account.recaptchaSiteKey,
    recaptchaSecretKey: masked(account.recaptchaSecretKey),
  };
}
