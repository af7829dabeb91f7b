/**
 * Which gateway takes a shop's payments, from its payment account (shop_payment_settings, secrets already
 * decrypted by the caller): 'vitrine' → the built-in sandbox (only when PAYMENTS_SANDBOX / demo mode allows it),
 * 'pagarme' → Pagar.me v5, 'mercadopago' → Mercado Pago (Card Payment Brick), 'link' → the payment-link gateway.
 * null when the account lacks what its gateway needs (the caller answers 'not configured').
 */
import type { PaymentGateway } from './gateway.ts';
import { mercadoPagoGateway } from './mercadopago.ts';
import { pagarmeGateway } from './pagarme.ts';
import { paymentLinkGateway } from './payment-link.ts';
import { sandboxGateway, type SandboxOptions } from './sandbox.ts';

export type AccountType = 'vitrine' | 'pagarme' | 'mercadopago' | 'link';
export type GatewayName = PaymentGateway['name'];

/** What the registry reads of a shop's account. */
export type GatewayAccount = {
  shopId: string;
  type: AccountType;
  secretKey: string | null;
  webhookSecret: string | null;
};

export type RegistryOptions = {
  /** The sandbox may take 'vitrine' accounts. */
  sandbox: boolean;
  publicUrl: string;
  /** API origins of the HTTP gateways (default: the providers' production APIs). */
  apiUrls?: { mercadopago: string; pagarme: string };
  /** The shop's Pix BR Code (sandbox Pix). */
  pix: (shopId: string, amountCents: number, txid: string) => Promise<{ code: string; qrImage: string }>;
};

/** DEMO ONLY, public: the sandbox's webhook secret for a shop that has none of its own. */
export const SANDBOX_DEMO_WEBHOOK_SECRET = 'vitrine-sandbox-webhook-secret (NAO usar em producao)';

export const GATEWAY_OF_ACCOUNT: Record<AccountType, GatewayName> = {
  vitrine: 'sandbox',
  pagarme: 'pagarme',
  mercadopago: 'mercadopago',
  link: 'link',
};

export type GatewayRegistry = (account: GatewayAccount) => PaymentGateway | null;

export function gatewayRegistry(options: RegistryOptions): GatewayRegistry {
  const webhookUrl = (account: GatewayAccount) =>
    `${options.publicUrl}/api/webhooks/payments/${GATEWAY_OF_ACCOUNT[account.type]}/${account.shopId}`;
  return (account) => {
    const { secretKey, webhookSecret } = account;
    switch (account.type) {
      case 'vitrine': {
        if (!options.sandbox) return null;
        const sandbox: SandboxOptions = {
          pix: (amountCents, txid) => options.pix(account.shopId, amountCents, txid),
          boletoUrl: (paymentId) => `${options.publicUrl}/api/dev/payments/boleto/${paymentId}.pdf`,
          webhookSecret: webhookSecret ?? SANDBOX_DEMO_WEBHOOK_SECRET,
        };
        return sandboxGateway(sandbox);
      }
      case 'mercadopago':
        if (!secretKey || !webhookSecret) return null;
        return mercadoPagoGateway({
          baseUrl: options.apiUrls?.mercadopago,
          accessToken: secretKey,
          webhookSecret,
          notificationUrl: webhookUrl(account),
        });
      case 'link':
        if (!secretKey || !webhookSecret) return null;
        return paymentLinkGateway({
          baseUrl: options.apiUrls?.mercadopago,
          accessToken: secretKey,
          webhookSecret,
          notificationUrl: webhookUrl(account),
        });
      case 'pagarme': {
        if (!secretKey) return null;
        // Webhook secret "user:password" → Basic auth configured on the Pagar.me hook; none → signed (JWKS).
        // Split at the FIRST ':' only (RFC 7617: the user-id has no ':'; the password may).
        const colon = webhookSecret?.indexOf(':') ?? -1;
        const username = colon > 0 ? webhookSecret!.slice(0, colon) : '';
        const password = colon > 0 ? webhookSecret!.slice(colon + 1) : '';
        return pagarmeGateway({
          baseUrl: options.apiUrls?.pagarme,
          secretKey,
          webhook: username && password ? { kind: 'basic', username, password } : { kind: 'signature' },
        });
      }
    }
  };
}
