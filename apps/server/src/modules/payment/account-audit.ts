/**
 * The audit rows of a payment-account change (console 'Pagamentos › Conta de pagamento', decision 0040): the account
 * type, public key and installment rules old → new in pt-BR; a secret is never written, not even masked — a
 * changed one reads 'alterada', a removed one 'não definida'.
 */
import { diffForAudit, type AuditChange } from '@vitrine/contracts/audit-changes';
import { ACCOUNT_TYPE_LABELS } from '@vitrine/contracts/console-payment-account';
import { formatBRL } from '@vitrine/contracts/money';
import type { PaymentAccountRow } from './account.ts';

const LABELS: Record<string, string> = {
  type: 'Tipo de conta',
  publicKey: 'Chave pública',
  secretKey: 'Chave secreta / token de acesso',
  webhookSecret: 'Segredo do webhook',
  recaptchaSiteKey: 'Chave do site do reCAPTCHA',
  recaptchaSecretKey: 'Chave secreta do reCAPTCHA',
  maxInstallments: 'Máximo de parcelas',
  minInstallment: 'Parcela mínima',
  interestFree: 'Parcelas sem juros',
  monthlyInterest: 'Juros ao mês',
};

const percent = (bp: number) => `${(bp / 100).toFixed(2).replace('.', ',')} %`;

function display(account: PaymentAccountRow, before: PaymentAccountRow | null): Record<string, string> {
  const secret = (field: 'secretKey' | 'webhookSecret' | 'recaptchaSecretKey') => {
    const value = account[field];
    if (!value) return 'não definida';
    return before && before[field] !== value ? 'alterada' : 'definida';
  };
  return {
    type: ACCOUNT_TYPE_LABELS[account.type],
    publicKey: account.publicKey ?? '—',
    secretKey: secret('secretKey'),
    webhookSecret: secret('webhookSecret'),
    recaptchaSiteKey: account.recaptchaSiteKey ?? '—',
    recaptchaSecretKey: secret('recaptchaSecretKey'),
    maxInstallments: `${account.rules.maxInstallments}x`,
    minInstallment: formatBRL(account.rules.minInstallmentCents),
    interestFree: `${account.rules.interestFree}x`,
    monthlyInterest: percent(account.rules.monthlyInterestBp),
  };
}

export function paymentAccountChanges(before: PaymentAccountRow, after: PaymentAccountRow): AuditChange[] {
  return diffForAudit(LABELS, display(before, null), display(after, before));
}
