/**
 * Demo payment accounts: both demo shops take cards on the built-in card page with the sandbox gateway
 * (test cards in README "Pagamentos de demonstração"), up to 12x with a R$ 5,00 minimum installment, 3x
 * interest-free and 1,99% a month above, and the local fake reCAPTCHA. No secrets: the sandbox signs its
 * webhooks with its public demo secret. Idempotent.
 */
import type { Db } from '../client.ts';
import { FAKE_RECAPTCHA_SITE_KEY } from '../../adapters/recaptcha/fake.ts';

export async function seedPaymentsDemo(db: Db): Promise<void> {
  for (const slug of ['hortifruti', 'moda']) {
    await db.query(
      `insert into shop_payment_settings (shop_id, account_type, max_installments, min_installment_cents,
         interest_free_installments, monthly_interest_bp, recaptcha_site_key)
       select id, 'vitrine', 12, 500, 3, 199, $2 from shops where slug = $1
       on conflict (shop_id) do nothing`,
      [slug, FAKE_RECAPTCHA_SITE_KEY],
    );
  }
}
