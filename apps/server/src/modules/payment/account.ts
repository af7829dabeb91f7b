/**
 * A shop's payment account (shop_payment_settings): gateway type, public key, secrets (AES-256-GCM like channel
 * credentials, decrypted only here and never logged), installment rules and reCAPTCHA site key. A shop without a
 * row takes the built-in card page ('vitrine') with 1x only.
 */
import type { Queryable } from '../../db/client.ts';
import type { AccountType, GatewayAccount } from '../../adapters/payments/registry.ts';
import { CredentialCipher, credentialContext } from '../messaging/service.ts';
import type { InstallmentRules } from './installments.ts';

export type PaymentAccountRow = GatewayAccount & {
  publicKey: string | null;
  rules: InstallmentRules;
  recaptchaSiteKey: string | null;
  /** The secret of the shop's own reCAPTCHA pair (decision 0048): without it the shop's site key is not shown. */
  recaptchaSecretKey: string | null;
};

type Row = {
  account_type: AccountType;
  public_key: string | null;
  secret_enc: string | null;
  webhook_secret_enc: string | null;
  max_installments: number;
  min_installment_cents: number;
  interest_free_installments: number;
  monthly_interest_bp: number;
  recaptcha_site_key: string | null;
  recaptcha_secret_enc: string | null;
};

const SECRET = 'payment-secret';
const WEBHOOK = 'payment-webhook';
const RECAPTCHA = 'payment-recaptcha';

/** The account of `shopId`; secrets need `key` (MESSAGING_CREDENTIALS_KEY) and stay null without it. */
export async function loadPaymentAccount(
  db: Queryable,
  key: Buffer | null,
  shopId: string,
): Promise<PaymentAccountRow> {
  const [row] = await db.query<Row>('select * from shop_payment_settings where shop_id = $1', [shopId]);
  const cipher = key ? new CredentialCipher(key) : null;
  const open = (sealed: string | null, kind: string) =>
    sealed && cipher ? cipher.open(sealed, credentialContext(shopId, kind)) : null;
  return {
    shopId,
    type: row?.account_type ?? 'vitrine',
    publicKey: row?.public_key ?? null,
    secretKey: open(row?.secret_enc ?? null, SECRET),
    webhookSecret: open(row?.webhook_secret_enc ?? null, WEBHOOK),
    recaptchaSiteKey: row?.recaptcha_site_key ?? null,
    recaptchaSecretKey: open(row?.recaptcha_secret_enc ?? null, RECAPTCHA),
    rules: {
      maxInstallments: row?.max_installments ?? 1,
      minInstallmentCents: row?.min_installment_cents ?? 0,
      interestFree: row?.interest_free_installments ?? 1,
      monthlyInterestBp: row?.monthly_interest_bp ?? 0,
    },
  };
}

export type PaymentSettingsInput = {
  type: AccountType;
  publicKey?: string | null;
  secretKey?: string | null;
  webhookSecret?: string | null;
  rules: InstallmentRules;
  recaptchaSiteKey?: string | null;
  recaptchaSecretKey?: string | null;
};

/** Stores (or replaces) a shop's payment account, sealing its secrets with `key`. */
export async function savePaymentSettings(
  db: Queryable,
  key: Buffer | null,
  shopId: string,
  input: PaymentSettingsInput,
): Promise<void> {
  const cipher = key ? new CredentialCipher(key) : null;
  const seal = (plain: string | null | undefined, kind: string) => {
    if (!plain) return null;
    if (!cipher)
      throw new Error('MESSAGING_CREDENTIALS_KEY ausente: segredos de pagamento não podem ser salvos');
    return cipher.seal(plain, credentialContext(shopId, kind));
  };
  await db.query(
    `insert into shop_payment_settings (shop_id, account_type, public_key, secret_enc, webhook_secret_enc,
       max_installments, min_installment_cents, interest_free_installments, monthly_interest_bp, recaptcha_site_key,
       recaptcha_secret_enc)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     on conflict (shop_id) do update set account_type = excluded.account_type, public_key = excluded.public_key,
       secret_enc = excluded.secret_enc, webhook_secret_enc = excluded.webhook_secret_enc,
       max_installments = excluded.max_installments, min_installment_cents = excluded.min_installment_cents,
       interest_free_installments = excluded.interest_free_installments,
       monthly_interest_bp = excluded.monthly_interest_bp, recaptcha_site_key = excluded.recaptcha_site_key,
       recaptcha_secret_enc = excluded.recaptcha_secret_enc, updated_at = now()`,
    [
      shopId,
      input.type,
      input.publicKey ?? null,
      seal(input.secretKey, SECRET),
      seal(input.webhookSecret, WEBHOOK),
      input.rules.maxInstallments,
      input.rules.minInstallmentCents,
      input.rules.interestFree,
      input.rules.monthlyInterestBp,
      input.recaptchaSiteKey ?? null,
      seal(input.recaptchaSecretKey, RECAPTCHA),
    ],
  );
}

/** True when the shop has a payment account set (console checklist). */
export async function hasPaymentAccount(db: Queryable, shopId: string): Promise<boolean> {
  const rows = await db.query(`select 1 from shop_payment_settings where shop_id = $1`, [shopId]);
  return rows.length > 0;
}
