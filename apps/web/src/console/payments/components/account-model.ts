/**
 * The form of 'Pagamentos › Conta de pagamento' (decision 0040) over the platform's contract (payment-settings.ts):
 * what the owner types (whole numbers and the rate as text, the minimum installment in centavos from the money
 * field, secrets blank unless they are being replaced) checked with the contract's own pt-BR messages, each on
 * its field, and turned into the `PUT` body (a blank secret is left out, so the stored one is kept).
 */
import { z } from 'zod';
import {
  installmentRulesBody,
  paymentSettingsBody,
  type PaymentSettings,
  type PaymentSettingsBody,
} from '@vitrine/contracts/payment-settings';

export type AccountType = PaymentSettings['accountType'];
export type KeyField = 'publicKey' | 'secretKey' | 'webhookSecret';

/** The keys each account type uses, and which it needs (as the server's mergeSettings checks). */
export const ACCOUNT_KEYS: Record<AccountType, { shown: KeyField[]; required: KeyField[] }> = {
  vitrine: { shown: [], required: [] },
  pagarme: { shown: ['publicKey', 'secretKey', 'webhookSecret'], required: ['publicKey', 'secretKey'] },
  mercadopago: {
    shown: ['publicKey', 'secretKey', 'webhookSecret'],
    required: ['publicKey', 'secretKey', 'webhookSecret'],
  },
  link: { shown: ['secretKey', 'webhookSecret'], required: ['secretKey', 'webhookSecret'] },
};

export const PROVIDER_NAMES: Record<AccountType, string> = {
  vitrine: 'Vitrine',
  pagarme: 'Pagar.me',
  mercadopago: 'Mercado Pago',
  link: 'Link de pagamento',
};

export const accountForm = z.object({
  accountType: paymentSettingsBody.shape.accountType,
  publicKey: z.string(),
  secretKey: z.string(),
  webhookSecret: z.string(),
  maxInstallments: z.string(),
  minInstallmentCents: z.number().nullable(),
  interestFree: z.string(),
  monthlyRate: z.string(),
  recaptchaSiteKey: z.string(),
  recaptchaSecretKey: z.string(),
});
export type AccountForm = z.infer<typeof accountForm>;

const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);
const decimal = (text: string) =>
  /^\s*\d+([.,]\d+)?\s*$/.test(text) ? Number(text.trim().replace(',', '.')) : Number.NaN;

/** The installment rules the form's text gives, in the contract's shape (NaN where the text is not a number). */
export function rulesOf(form: AccountForm) {
  return {
    maxInstallments: whole(form.maxInstallments),
    minInstallmentValue: form.minInstallmentCents === null ? Number.NaN : form.minInstallmentCents / 100,
    interestFreeInstallments: whole(form.interestFree),
    monthlyInterestRate: decimal(form.monthlyRate),
  };
}

const RULE_FIELDS: Record<string, keyof AccountForm> = {
  maxInstallments: 'maxInstallments',
  minInstallmentValue: 'minInstallmentCents',
  interestFreeInstallments: 'interestFree',
  monthlyInterestRate: 'monthlyRate',
};

/** The form's schema: `saved` says which secrets are stored already (a blank one then keeps it). */
export function accountFormSchema(saved: PaymentSettings) {
  return accountForm.superRefine((form, ctx) => {
    const rules = installmentRulesBody.safeParse(rulesOf(form));
    if (!rules.success)
      for (const issue of rules.error.issues) {
        const field = RULE_FIELDS[String(issue.path[0])];
        if (field) ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
      }
    const siteKey = form.recaptchaSiteKey.trim();
    if (siteKey) {
      const checked = paymentSettingsBody.shape.recaptchaSiteKey.safeParse(siteKey);
      if (!checked.success)
        ctx.addIssue({
          code: 'custom',
          path: ['recaptchaSiteKey'],
          message: checked.error.issues[0]!.message,
        });
    }
    const secret = form.recaptchaSecretKey.trim();
    if (secret) {
      const checked = paymentSettingsBody.shape.recaptchaSecretKey.safeParse(secret);
      if (!checked.success)
        ctx.addIssue({
          code: 'custom',
          path: ['recaptchaSecretKey'],
          message: checked.error.issues[0]!.message,
        });
    } else if (siteKey && !saved.recaptchaSecretKey) {
      ctx.addIssue({
        code: 'custom',
        path: ['recaptchaSecretKey'],
        message: 'Informe a chave secreta do mesmo par da chave do site.',
      });
    }
    const keys = ACCOUNT_KEYS[form.accountType];
    for (const field of keys.shown) {
      const typed = form[field].trim();
      if (typed) {
        const checked = paymentSettingsBody.shape[field].safeParse(typed);
        if (!checked.success)
          ctx.addIssue({ code: 'custom', path: [field], message: checked.error.issues[0]!.message });
      } else if (keys.required.includes(field) && (field === 'publicKey' || !saved[field])) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `Obrigatória para ${PROVIDER_NAMES[form.accountType]}.`,
        });
      }
    }
  });
}

/** What the form starts with: the stored account (secrets blank: they are shown masked beside the field). */
export function formOf(saved: PaymentSettings): AccountForm {
  const rules = saved.installments;
  return {
    accountType: saved.accountType,
    publicKey: saved.publicKey ?? '',
    secretKey: '',
    webhookSecret: '',
    maxInstallments: String(rules.maxInstallments),
    minInstallmentCents: Math.round(rules.minInstallmentValue * 100),
    interestFree: String(rules.interestFreeInstallments),
    monthlyRate: rules.monthlyInterestRate.toFixed(2).replace('.', ','),
    recaptchaSiteKey: saved.recaptchaSiteKey ?? '',
    recaptchaSecretKey: '',
  };
}

/**
 * The `PUT` body: blank secrets left out (kept), keys the account type does not use left as stored; a blank
 * reCAPTCHA site key is null (the card page then uses the server-wide key).
 */
export function bodyOf(form: AccountForm): PaymentSettingsBody {
  const shown = ACCOUNT_KEYS[form.accountType].shown;
  const body: PaymentSettingsBody = {
    accountType: form.accountType,
    installments: rulesOf(form),
    recaptchaSiteKey: form.recaptchaSiteKey.trim() || null,
  };
  if (!body.recaptchaSiteKey) body.recaptchaSecretKey = null;
  else if (form.recaptchaSecretKey.trim()) body.recaptchaSecretKey = form.recaptchaSecretKey.trim();
  if (shown.includes('publicKey')) body.publicKey = form.publicKey.trim() || null;
  if (shown.includes('secretKey') && form.secretKey.trim()) body.secretKey = form.secretKey.trim();
  if (shown.includes('webhookSecret') && form.webhookSecret.trim())
    body.webhookSecret = form.webhookSecret.trim();
  return body;
}
