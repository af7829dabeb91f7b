/**
 * Console 'Pagamentos › Conta de pagamento' (owner, issue 18, decision 0040): the payment account the platform API
 * stores (payment-settings.ts: same body, same answer with secrets masked, same pt-BR messages) and its
 * "Testar conexão". The test takes the account type on screen and, optionally, a secret key just typed (not yet
 * saved); without one it uses the stored key.
 */
import { z } from 'zod';
import { paymentSettingsBody } from './payment-settings.ts';

export const ACCOUNT_TYPE_LABELS = {
  vitrine: 'Vitrine (página de cartão da loja, sandbox na demonstração)',
  pagarme: 'Pagar.me',
  mercadopago: 'Mercado Pago',
  link: 'Link de pagamento (Mercado Pago)',
} as const;

export const paymentAccountTestBody = z
  .object({
    accountType: paymentSettingsBody.shape.accountType,
    secretKey: paymentSettingsBody.shape.secretKey,
  })
  .strict();
export type PaymentAccountTestBody = z.infer<typeof paymentAccountTestBody>;
